import { describe, expect, it } from 'vitest';
import type { CallEffect } from '../../protocol/calls/call-actor.js';
import { CallUnderTest, MIN, T0, app, bot, ledger, ops, phoneCall, recorded, replies, type EventWithoutAt } from './call-harness.js';

const script: Array<[number, EventWithoutAt | 'advance']> = [
  [T0 + 1_000, { type: 'leg.ringing', legId: 'part_phone' }],
  [T0 + 4_000, { type: 'leg.answered', legId: 'part_phone' }],
  [T0 + 5_000, { type: 'participant.connected', legId: 'part_app' }],
  [T0 + 6_000, { type: 'participant.add', participant: bot('part_bot', 2) }],
  [T0 + 7_000, { type: 'participant.connected', legId: 'part_bot' }],
  [T0 + 8_000, { type: 'command.gather', commandId: 'cmd_g', text: 'Press 1', choices: [{ id: 'one', digits: '1' }, { id: 'twelve', digits: '12' }] }],
  [T0 + 9_000, { type: 'dtmf.received', legId: 'part_phone', digit: '1' }],
  [T0 + 20_000, 'advance'],
  [T0 + 30_000, { type: 'participant.update', participantId: 'part_app', held: true }],
  [T0 + 3 * MIN, 'advance'],
  [T0 + 4 * MIN, { type: 'participant.disconnected', legId: 'part_app', reason: 'reload' }],
  [T0 + 4 * MIN + 10_000, { type: 'participant.connected', legId: 'part_app' }],
  [T0 + 11 * MIN, 'advance'],
];

function run(restartEveryStep: boolean): { call: CallUnderTest; effects: CallEffect[] } {
  let call = new CallUnderTest(phoneCall({ participants: [app('part_app')] }));
  const effects = [...call.all];
  for (const [at, step] of script) {
    if (restartEveryStep) call = call.restart();
    effects.push(...(step === 'advance' ? call.advanceTo(at) : call.send(step, at)));
  }
  return { call, effects };
}

describe('persistence', () => {
  it('a call restored from its JSON snapshot after every event does exactly what an uninterrupted one does', () => {
    const straight = run(false);
    const restored = run(true);
    expect(restored.effects).toEqual(straight.effects);
    expect(restored.call.ctx).toEqual(straight.call.ctx);
    // The script went through gather, bot paid time and the call's paid time: check it really did.
    const types = recorded(straight.effects).map((e) => e.eventType);
    expect(types).toContain('call.gather.completed');
    expect(recorded(straight.effects, 'call.participant.left').map((e) => [e.data.participantId, e.data.reason])).toEqual([
      ['part_bot', 'paid_time_exhausted'],
      ['part_phone', 'call_ended'],
      ['part_app', 'call_ended'],
    ]);
    expect(recorded(straight.effects, 'call.ended')[0]!.data).toMatchObject({ reason: 'paid_time_exhausted', countedMinutes: 10 });
    expect(straight.call.actor.getSnapshot().status).toBe('done');
  });

  it('continues mid-call after a restore: the paid-time deadline and the billing start are the original ones', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 30_000);
    const deadline = call.timer('callPaid', 'call_test')!;
    const restored = call.restart();
    expect(restored.actor.getSnapshot().value).toEqual({ live: 'in_progress' });
    expect(restored.timer('callPaid', 'call_test')).toEqual(deadline);
    const end = restored.send({ type: 'call.hangup' }, T0 + 30_000 + 90_000);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ duration: 90, countedMinutes: 2, priceOre: 50 });
    expect(ledger(end)[0]).toEqual({ type: 'ledger.capture', reservationId: 'res_call', amountOre: 50 });
  });

  it('ids made after a restore never repeat ids made before it', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    const before = new Set(ops(call.all).map((o) => o.opId));
    const restored = call.restart();
    const after = ops(restored.send({ type: 'command.say', commandId: 'cmd_1', text: 'hi' }, T0 + 1_000)).map((o) => o.opId);
    expect(after.some((id) => before.has(id))).toBe(false);
  });

  it('a gather waiting for keys keeps its keys and deadline across a restore', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    call.send({ type: 'command.gather', commandId: 'cmd_g', numDigits: 2 }, T0 + 1_000);
    call.send({ type: 'dtmf.received', legId: 'part_phone', digit: '4' }, T0 + 2_000);
    const restored = call.restart();
    const out = restored.send({ type: 'dtmf.received', legId: 'part_phone', digit: '2' }, T0 + 3_000);
    expect(recorded(out, 'call.gather.completed')[0]!.data).toMatchObject({ digits: '42' });
    expect(replies(restored.send({ type: 'command.get', commandId: 'cmd_g' }))[0]!.body.state).toBe('completed');
  });

  it('an ended call waiting for its recording restores in that state and finishes on the report', () => {
    const call = new CallUnderTest(phoneCall({ recording: { commandId: 'cmd_rec', recordingId: 'rec_1' } }));
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    call.send({ type: 'call.hangup' }, T0 + MIN);
    const restored = call.restart();
    expect(restored.actor.getSnapshot().value).toBe('ending');
    restored.send({ type: 'recording.failed', commandId: 'cmd_rec', recordingId: 'rec_1', reason: 'disk full' });
    expect(restored.actor.getSnapshot().status).toBe('done');
  });
});
