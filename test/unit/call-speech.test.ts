import type { GatherRecord } from '../../control/calls/verbs/gather-result.js';
/** The call machine's side of speech: a gather by speech (with keys beside it) and answering-machine detection by mode. */
import { describe, expect, it } from 'vitest';
import type { CallActorInput } from '../../protocol/calls/call-actor.js';
import { CallUnderTest, T0, ops, phoneCall, recorded, replies } from './call-harness.js';

function answered(overrides: Partial<CallActorInput> = {}): CallUnderTest {
  const call = new CallUnderTest(phoneCall(overrides));
  call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
  return call;
}

const choices = [
  { id: 'billing', digits: '1', phrases: ['billing', 'invoices'] },
  { id: 'sales', phrases: ['sales'] },
  { id: 'support', digits: '3' },
];

function gathering(input: Array<'dtmf' | 'speech'> = ['dtmf', 'speech'], text: string | null = 'Say billing or sales'): { call: CallUnderTest; listenOpId: string } {
  const call = answered();
  const out = call.send({ type: 'command.gather', commandId: 'cmd_g', ...(text ? { text } : {}), choices, input, timeoutSeconds: 5 }, T0 + 1_000);
  expect(replies(out)[0]).toMatchObject({ status: 201 });
  const listen = ops(out, 'listen');
  expect(listen).toMatchObject([{ commandId: 'cmd_g', legId: 'part_phone', phrases: ['billing', 'invoices', 'sales'], bargeIn: text !== null }]);
  const opId = call.ctx.commands[0]!.opId;
  if (opId) call.send({ type: 'media.op.result', opId, ok: true }, T0 + 1_100);
  return { call, listenOpId: listen[0]!.opId };
}

describe('gather by speech', () => {
  it('the caller barging in with a phrase completes it with outcome speech, the phrase\'s choice and the confidence', () => {
    const { call } = gathering();
    call.send({ type: 'speech.started', commandId: 'cmd_g', legId: 'part_phone' }, T0 + 2_000);
    const stopped = call.send({ type: 'playback.ended', commandId: 'cmd_g', outcome: 'stopped' }, T0 + 2_020);
    expect(recorded(stopped, 'call.playback.ended')[0]!.data).toMatchObject({ outcome: 'stopped' });
    // While the caller speaks, the gather waits for the result, not the 5 s timeout.
    expect(call.timer('verb.gather', 'cmd_g')!.fireAt).toBe(T0 + 2_020 + 30_000);
    const out = call.send({ type: 'speech.recognized', commandId: 'cmd_g', legId: 'part_phone', text: 'invoices', confidence: 0.87, phrase: 1 }, T0 + 3_500);
    expect(recorded(out, 'call.gather.completed')[0]!.data).toMatchObject({ outcome: 'speech', transcript: 'invoices', choice: 'billing', confidence: 0.87, digits: '' });
    expect(recorded(out, 'call.command.completed')).toHaveLength(1);
    // The recognition had ended on the node: nothing to stop.
    expect(ops(out, 'stopListening')).toHaveLength(0);
  });

  it('a phrase-only choice is chosen by speech; free text (no phrase) gives choice null', () => {
    const { call } = gathering(['speech']);
    const out = call.send({ type: 'speech.recognized', commandId: 'cmd_g', legId: 'part_phone', text: 'sales', confidence: 0.6, phrase: 2 }, T0 + 3_000);
    expect(recorded(out, 'call.gather.completed')[0]!.data).toMatchObject({ outcome: 'speech', choice: 'sales' });
    const other = gathering(['speech']).call;
    const free = other.send({ type: 'speech.recognized', commandId: 'cmd_g', legId: 'part_phone', text: 'something else', confidence: 0.2, phrase: null }, T0 + 3_000);
    expect(recorded(free, 'call.gather.completed')[0]!.data).toMatchObject({ outcome: 'speech', transcript: 'something else', choice: null });
  });

  it('keys still work beside speech: a key completes it and listening stops', () => {
    const { call } = gathering();
    call.send({ type: 'playback.ended', commandId: 'cmd_g', outcome: 'completed' }, T0 + 3_000);
    const out = call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '3' }, T0 + 4_000);
    expect(recorded(out, 'call.gather.completed')[0]!.data).toMatchObject({ outcome: 'digits', digits: '3', choice: 'support', transcript: null, confidence: null });
    expect(ops(out, 'stopListening')).toMatchObject([{ commandId: 'cmd_g' }]);
    // A late result of the stopped listen changes nothing.
    expect(recorded(call.send({ type: 'speech.recognized', commandId: 'cmd_g', legId: 'part_phone', text: 'sales', confidence: 0.9, phrase: 2 }))).toHaveLength(0);
  });

  it('a refused listen (no recognizer) or a failed recognition leaves keys and the timeout', () => {
    const { call, listenOpId } = gathering(['dtmf', 'speech'], null);
    call.send({ type: 'media.op.result', opId: listenOpId, ok: false, code: 'media_speech_unavailable' }, T0 + 1_200);
    expect((call.ctx.commands[0]!.slot as GatherRecord).speech!.listening).toBe(false);
    const out = call.advanceTo(T0 + 7_000);
    expect(recorded(out, 'call.gather.completed')[0]!.data).toMatchObject({ outcome: 'timeout' });
    expect(ops(out, 'stopListening')).toHaveLength(0);

    const second = gathering(['speech'], null).call;
    second.send({ type: 'speech.started', commandId: 'cmd_g', legId: 'part_phone' }, T0 + 2_000);
    second.send({ type: 'speech.failed', commandId: 'cmd_g', legId: 'part_phone', reason: 'overloaded' }, T0 + 3_000);
    expect(second.timer('verb.gather', 'cmd_g')!.fireAt).toBe(T0 + 3_000 + 5_000);
  });

  it('the timeout, media/stop and the call ending stop the listen', () => {
    const { call } = gathering(['speech'], null);
    const out = call.advanceTo(T0 + 10_000);
    expect(recorded(out, 'call.gather.completed')[0]!.data).toMatchObject({ outcome: 'timeout', transcript: null });
    expect(ops(out, 'stopListening')).toHaveLength(1);
  });

  it('speech with nobody to hear is refused; a call without its phone hears the first app user', () => {
    const call = new CallUnderTest(phoneCall({ to: null, primaryParticipantId: null, participants: [{ participantId: 'part_app', kind: 'app', displayName: 'a', charge: null }] }));
    call.send({ type: 'participant.connected', legId: 'part_app' }, T0 + 100);
    const out = call.send({ type: 'command.gather', commandId: 'cmd_g', input: ['speech'] }, T0 + 1_000);
    expect(ops(out, 'listen')).toMatchObject([{ legId: 'part_app' }]);
    expect(ops(out, 'listen')[0]).not.toHaveProperty('phrases');
  });
});

const amdInput = (mode: 'detect' | 'hangup_on_machine' | 'voicemail_drop', extra: Record<string, string> = {}): Partial<CallActorInput> => ({
  amd: { mode, commandId: 'cmd_amd', messageCommandId: 'cmd_vm', ...extra },
});

describe('answering-machine detection', () => {
  it('detect: detection starts at the answer and a human is recorded as call.machineDetected; the call goes on', () => {
    const call = new CallUnderTest(phoneCall(amdInput('detect')));
    const out = call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    expect(ops(out, 'detectMachine')).toMatchObject([{ commandId: 'cmd_amd', legId: 'part_phone', untilGreetingEnds: false }]);
    const decided = call.send({ type: 'amd.decided', commandId: 'cmd_amd', legId: 'part_phone', result: 'human', reason: 'short_greeting', ms: 1980 }, T0 + 2_000);
    expect(recorded(decided, 'call.machineDetected')[0]!.data).toMatchObject({ participantId: 'part_phone', result: 'human', reason: 'short_greeting', durationMs: 1980 });
    expect(call.ctx.status).toBe('in_progress');
  });

  it('hangup_on_machine: a machine ends the call with machine_detected; a human does not', () => {
    const call = answered(amdInput('hangup_on_machine'));
    const out = call.send({ type: 'amd.decided', commandId: 'cmd_amd', legId: 'part_phone', result: 'machine', reason: 'long_greeting', ms: 1900 }, T0 + 2_000);
    expect(recorded(out, 'call.ended')[0]!.data).toMatchObject({ reason: 'machine_detected' });
    const human = answered(amdInput('hangup_on_machine'));
    human.send({ type: 'amd.decided', commandId: 'cmd_amd', legId: 'part_phone', result: 'unknown', reason: 'initial_silence', ms: 2500 }, T0 + 2_500);
    expect(human.ctx.status).toBe('in_progress');
  });

  it('voicemail_drop: after a machine, the end of the greeting starts the message; once played the call ends with voicemail_left', () => {
    const call = new CallUnderTest(phoneCall(amdInput('voicemail_drop', { text: 'Please call us back.' })));
    expect(ops(call.send({ type: 'leg.answered', legId: 'part_phone' }, T0), 'detectMachine')[0]).toMatchObject({ untilGreetingEnds: true });
    const decided = call.send({ type: 'amd.decided', commandId: 'cmd_amd', legId: 'part_phone', result: 'machine', reason: 'long_greeting', ms: 1900 }, T0 + 2_000);
    expect(ops(decided, 'say')).toHaveLength(0);
    const ended = call.send({ type: 'amd.greetingEnded', commandId: 'cmd_amd', legId: 'part_phone', by: 'beep', ms: 4_600 }, T0 + 4_600);
    expect(ops(ended, 'say')).toMatchObject([{ commandId: 'cmd_vm', text: 'Please call us back.' }]);
    call.send({ type: 'media.op.result', opId: call.ctx.commands.find((c) => c.id === 'cmd_vm')!.opId!, ok: true }, T0 + 4_700);
    const played = call.send({ type: 'playback.ended', commandId: 'cmd_vm', outcome: 'completed' }, T0 + 6_000);
    expect(recorded(played, 'call.ended')[0]!.data).toMatchObject({ reason: 'voicemail_left' });
  });

  it('voicemail_drop with a clip plays it; a human gets no message', () => {
    const call = answered(amdInput('voicemail_drop', { clipId: 'clip_1' }));
    call.send({ type: 'amd.decided', commandId: 'cmd_amd', legId: 'part_phone', result: 'machine', reason: 'beep', ms: 3_000 }, T0 + 3_000);
    expect(ops(call.send({ type: 'amd.greetingEnded', commandId: 'cmd_amd', legId: 'part_phone', by: 'beep', ms: 3_000 }), 'play')).toMatchObject([{ commandId: 'cmd_vm', clipId: 'clip_1' }]);
    const human = answered(amdInput('voicemail_drop', { clipId: 'clip_1' }));
    human.send({ type: 'amd.decided', commandId: 'cmd_amd', legId: 'part_phone', result: 'human', reason: 'short_greeting', ms: 2_000 }, T0 + 2_000);
    expect(ops(human.send({ type: 'amd.greetingEnded', commandId: 'cmd_amd', legId: 'part_phone', by: 'silence', ms: 3_000 }), 'play')).toHaveLength(0);
  });
});
