import { describe, expect, it } from 'vitest';
import { CallUnderTest, MIN, T0, ops, phoneCall, recorded, replies } from './call-harness.js';

function answered(): CallUnderTest {
  const call = new CallUnderTest(phoneCall());
  call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
  return call;
}

function opIdOf(call: CallUnderTest, commandId: string): string {
  return call.ctx.commands.find((c) => c.id === commandId)!.opId!;
}

describe('say and play', () => {
  it('answers issued at once, then completes with call.playback.ended and call.command.completed', () => {
    const call = answered();
    const issued = call.send({ type: 'command.say', commandId: 'cmd_1', text: 'Hello', voice: 'nb-NO', participantId: 'part_phone' }, T0 + 1_000);
    expect(replies(issued)[0]).toMatchObject({ status: 201, body: { object: 'command', id: 'cmd_1', action: 'say', state: 'issued', finishedAt: null } });
    expect(ops(issued, 'say')).toMatchObject([{ commandId: 'cmd_1', text: 'Hello', voice: 'nb-NO', to: 'part_phone', repeat: 1 }]);
    call.send({ type: 'media.op.result', opId: opIdOf(call, 'cmd_1'), ok: true });
    const done = call.send({ type: 'playback.ended', commandId: 'cmd_1', outcome: 'completed' }, T0 + 3_000);
    expect(recorded(done).map((e) => [e.eventType, e.data.commandId])).toEqual([
      ['call.playback.ended', 'cmd_1'],
      ['call.command.completed', 'cmd_1'],
    ]);
    expect(replies(call.send({ type: 'command.get', commandId: 'cmd_1' }))[0]!.body).toMatchObject({ state: 'completed', finishedAt: new Date(T0 + 3_000).toISOString() });
  });

  it('a playback that ends before the op answer is counted the same', () => {
    const call = answered();
    call.send({ type: 'command.play', commandId: 'cmd_1', clipId: 'clip_1', repeat: 2 }, T0);
    const done = call.send({ type: 'playback.ended', commandId: 'cmd_1', outcome: 'stopped' }, T0 + 1_000);
    expect(recorded(done, 'call.playback.ended')[0]!.data).toMatchObject({ outcome: 'stopped' });
    expect(recorded(done, 'call.command.completed')).toHaveLength(1);
    expect(recorded(call.send({ type: 'media.op.result', opId: opIdOf(call, 'cmd_1'), ok: true }))).toEqual([]);
  });

  it('fails when the media node refuses it', () => {
    const call = answered();
    call.send({ type: 'command.play', commandId: 'cmd_1', clipId: 'clip_missing' }, T0);
    const out = call.send({ type: 'media.op.result', opId: opIdOf(call, 'cmd_1'), ok: false, code: 'media_clip_not_found' });
    expect(recorded(out, 'call.command.failed')[0]!.data).toMatchObject({ commandId: 'cmd_1', action: 'play', reason: 'media_clip_not_found' });
  });

  it('is uncertain when the media node never answers the op', () => {
    const call = answered();
    call.send({ type: 'command.say', commandId: 'cmd_1', text: 'Hello' }, T0);
    const out = call.advanceTo(T0 + 30_000);
    expect(recorded(out, 'call.command.uncertain')[0]!.data).toMatchObject({ commandId: 'cmd_1', reason: 'media_unresponsive' });
    // A late answer does not change the outcome.
    expect(recorded(call.send({ type: 'playback.ended', commandId: 'cmd_1', outcome: 'completed' }))).toEqual([]);
  });

  it('is uncertain when acknowledged but never reported finished', () => {
    const call = answered();
    call.send({ type: 'command.say', commandId: 'cmd_1', text: 'Hello' }, T0);
    call.send({ type: 'media.op.result', opId: opIdOf(call, 'cmd_1'), ok: true }, T0 + 100);
    expect(call.advanceTo(T0 + 30_000)).toEqual([]);
    const out = call.advanceTo(T0 + 2 * MIN);
    expect(recorded(out, 'call.command.uncertain')).toHaveLength(1);
  });

  it('a repeated command id answers the first command and does nothing again', () => {
    const call = answered();
    call.send({ type: 'command.say', commandId: 'cmd_1', text: 'Hello' }, T0);
    const again = call.send({ type: 'command.say', commandId: 'cmd_1', text: 'Hello' }, T0 + 10);
    expect(ops(again)).toEqual([]);
    expect(replies(again)[0]!.body).toMatchObject({ id: 'cmd_1', state: 'issued' });
  });

  it('is refused before the call is answered', () => {
    const call = new CallUnderTest(phoneCall());
    expect(replies(call.send({ type: 'command.say', commandId: 'cmd_1', text: 'Hi' }))[0]).toMatchObject({ status: 409, body: { error: { code: 'call_not_answered' } } });
  });

  it('to an unknown participant is refused', () => {
    const call = answered();
    expect(replies(call.send({ type: 'command.say', commandId: 'cmd_1', text: 'Hi', participantId: 'part_x' }))[0]).toMatchObject({ status: 404 });
  });

  it('still open when the call ends fails with call_ended', () => {
    const call = answered();
    call.send({ type: 'command.say', commandId: 'cmd_1', text: 'Hello' }, T0);
    const end = call.send({ type: 'call.hangup' }, T0 + 1_000);
    expect(recorded(end, 'call.command.failed')[0]!.data).toMatchObject({ commandId: 'cmd_1', reason: 'call_ended' });
  });
});

describe('media/stop and recording/start', () => {
  it('media/stop completes when the node acknowledges it', () => {
    const call = answered();
    const out = call.send({ type: 'command.stopMedia', commandId: 'cmd_stop' }, T0);
    expect(ops(out, 'stopMedia')[0]).not.toHaveProperty('commandId');
    const done = call.send({ type: 'media.op.result', opId: opIdOf(call, 'cmd_stop'), ok: true });
    expect(recorded(done, 'call.command.completed')[0]!.data).toMatchObject({ action: 'media.stop' });
  });

  it('recording/start completes when acknowledged and reports the recording later', () => {
    const call = answered();
    call.send({ type: 'command.startRecording', commandId: 'cmd_rec', recordingId: 'rec_1' }, T0);
    call.send({ type: 'media.op.result', opId: opIdOf(call, 'cmd_rec'), ok: true });
    expect(call.ctx.commands[0]!.state).toBe('completed');
    const ready = call.send({ type: 'recording.ready', commandId: 'cmd_rec', recordingId: 'rec_1', key: 'k', durationMs: 1 });
    expect(recorded(ready, 'call.recording.ready')).toHaveLength(1);
  });
});

describe('gather', () => {
  const choices = [
    { id: 'sales', digits: '1' },
    { id: 'support', digits: '2' },
    { id: 'billing', digits: '30' },
  ];

  function gathering(extra: Record<string, unknown> = {}): CallUnderTest {
    const call = answered();
    call.send({ type: 'command.gather', commandId: 'cmd_g', text: 'Press 1 for sales', choices, ...extra }, T0);
    call.send({ type: 'media.op.result', opId: opIdOf(call, 'cmd_g'), ok: true }, T0 + 100);
    return call;
  }

  it('a key matching a choice completes it with outcome digits and the choice', () => {
    const call = gathering();
    call.send({ type: 'playback.ended', commandId: 'cmd_g', outcome: 'completed' }, T0 + 2_000);
    const out = call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '2' }, T0 + 3_000);
    expect(recorded(out, 'call.gather.completed')[0]!.data).toMatchObject({ commandId: 'cmd_g', outcome: 'digits', digits: '2', transcript: null, choice: 'support', externalRef: 'order-42' });
    expect(recorded(out, 'call.command.completed')).toHaveLength(1);
    expect(recorded(out, 'call.dtmf.received')).toEqual([]);
    expect(replies(call.send({ type: 'command.get', commandId: 'cmd_g' }))[0]!.body.result).toEqual({ outcome: 'digits', digits: '2', transcript: null, choice: 'support', confidence: null });
  });

  it('a key during the question stops it (barge-in) and counts', () => {
    const call = gathering();
    const out = call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '3' }, T0 + 500);
    expect(ops(out, 'stopMedia')).toMatchObject([{ commandId: 'cmd_g' }]);
    const done = call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '0' }, T0 + 900);
    expect(recorded(done, 'call.gather.completed')[0]!.data).toMatchObject({ digits: '30', choice: 'billing' });
    // The stopped question's playback.ended is still reported, and changes nothing else.
    expect(recorded(call.send({ type: 'playback.ended', commandId: 'cmd_g', outcome: 'stopped' })).map((e) => e.eventType)).toEqual([]);
  });

  it('keys that match no choice end it with choice null', () => {
    const call = gathering();
    const out = call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '9' }, T0 + 500);
    expect(recorded(out, 'call.gather.completed')[0]!.data).toMatchObject({ outcome: 'digits', digits: '9', choice: null });
  });

  it('no key before the timeout after the question ends it with outcome timeout', () => {
    const call = gathering({ timeoutSeconds: 4 });
    call.send({ type: 'playback.ended', commandId: 'cmd_g', outcome: 'completed' }, T0 + 2_000);
    expect(call.advanceTo(T0 + 5_999)).toEqual([]);
    const out = call.advanceTo(T0 + 6_000);
    expect(recorded(out, 'call.gather.completed')[0]!.data).toMatchObject({ outcome: 'timeout', digits: '', choice: null });
  });

  it('numDigits and the finish key end it', () => {
    const call = answered();
    call.send({ type: 'command.gather', commandId: 'cmd_g', numDigits: 3 }, T0);
    call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '1' }, T0 + 100);
    call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '2' }, T0 + 200);
    expect(recorded(call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '3' }), 'call.gather.completed')[0]!.data).toMatchObject({ digits: '123' });
    call.send({ type: 'command.gather', commandId: 'cmd_h' }, T0 + 1_000);
    call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '4' });
    expect(recorded(call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '#' }), 'call.gather.completed')[0]!.data).toMatchObject({ digits: '4', outcome: 'digits' });
  });

  it('keys and then silence end it with the keys so far when the wait between keys runs out', () => {
    const call = answered();
    call.send({ type: 'command.gather', commandId: 'cmd_g', timeoutSeconds: 3 }, T0);
    call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '7' }, T0 + 2_000);
    expect(call.advanceTo(T0 + 4_999)).toEqual([]);
    expect(recorded(call.advanceTo(T0 + 5_000), 'call.gather.completed')[0]!.data).toMatchObject({ outcome: 'digits', digits: '7' });
  });

  it('media/stop ends it with outcome stopped', () => {
    const call = gathering();
    call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '3' }, T0 + 500);
    const out = call.send({ type: 'command.stopMedia', commandId: 'cmd_stop' }, T0 + 600);
    expect(recorded(out, 'call.gather.completed')[0]!.data).toMatchObject({ outcome: 'stopped', digits: '3', choice: null });
  });

  it('only one runs at a time', () => {
    const call = gathering();
    expect(replies(call.send({ type: 'command.gather', commandId: 'cmd_h' }))[0]).toMatchObject({ status: 409, body: { error: { code: 'gather_in_progress' } } });
  });
});

describe('keys outside a gather', () => {
  it('are reported as call.dtmf.received with the participant', () => {
    const call = answered();
    const out = call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '5' }, T0 + 1_000);
    expect(recorded(out)).toMatchObject([{ eventType: 'call.dtmf.received', data: { participantId: 'part_phone', digit: '5', metadata: { team: 'blue' } } }]);
  });
});
