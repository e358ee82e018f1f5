import { describe, expect, it } from 'vitest';
import type { Charge } from '../../protocol/calls/call-actor.js';
import { CALLER, CallUnderTest, T0, app, inboundCall, ops, recorded, replies } from './call-harness.js';

const ANSWER_CHARGE: Charge = { reservationId: 'res_answer', service: 'inbound', reservedOre: 900, rateOre: 15, paidMinutes: 60 };
const RECORDING_CHARGE: Charge = { reservationId: 'res_rec', service: 'recording', reservedOre: 120, rateOre: 2, paidMinutes: 60 };

/** An inbound call the deadline routed (a message), answered by the routing, recording, then hung up: ended, waiting for its recording. */
function routedCallEnding(): CallUnderTest {
  const call = new CallUnderTest(inboundCall());
  call.advanceTo(T0 + 10_000);
  call.send({ type: 'inbound.routingCharged', charge: ANSWER_CHARGE, forwardCharge: null }, T0 + 10_100);
  call.send({ type: 'leg.answered', legId: CALLER }, T0 + 10_200);
  const started = call.send({ type: 'command.startRecording', commandId: 'cmd_rec', recordingId: 'rec_1', charge: RECORDING_CHARGE }, T0 + 10_300);
  call.send({ type: 'media.op.result', opId: ops(started, 'startRecording')[0]!.opId, ok: true }, T0 + 10_400);
  call.send({ type: 'call.hangup' }, T0 + 11_000);
  expect(call.ctx.status).toBe('ended');
  return call;
}

describe('inbound decisions after the call ended', () => {
  it('a decision reaching a routed call that has ended is call_already_routed, not call_ended (every decision verb)', () => {
    const call = routedCallEnding();
    const decisions = [
      { type: 'call.answer', charge: ANSWER_CHARGE },
      { type: 'call.reject' },
      { type: 'participant.add', participant: { ...app('part_late'), charge: null } },
      { type: 'call.move', queue: 'support' },
    ] as const;
    for (const decision of decisions) {
      expect([decision.type, replies(call.send(decision, T0 + 12_000))[0]]).toMatchObject([decision.type, { status: 409, body: { error: { code: 'call_already_routed' } } }]);
    }
    // Not a decision: refused as on any ended call.
    expect(replies(call.send({ type: 'command.say', commandId: 'cmd_late', text: 'Hi' }, T0 + 12_000))[0]!.body.error.code).toBe('call_ended');
  });

  it('a decision reaching an answered inbound call that has ended stays call_ended', () => {
    const call = new CallUnderTest(inboundCall());
    call.send({ type: 'call.answer', charge: ANSWER_CHARGE }, T0 + 1_000);
    call.send({ type: 'leg.answered', legId: CALLER }, T0 + 1_100);
    const started = call.send({ type: 'command.startRecording', commandId: 'cmd_rec', recordingId: 'rec_1', charge: RECORDING_CHARGE }, T0 + 2_000);
    call.send({ type: 'media.op.result', opId: ops(started, 'startRecording')[0]!.opId, ok: true }, T0 + 2_100);
    call.send({ type: 'call.hangup' }, T0 + 3_000);
    expect(replies(call.send({ type: 'call.reject' }, T0 + 4_000))[0]!.body.error.code).toBe('call_ended');
  });
});

describe('answer says what it leads to', () => {
  it('answer replies with the call as it is then (still ringing); call.answered and in_progress follow when the node reports the caller answered', () => {
    const call = new CallUnderTest(inboundCall());
    const out = call.send({ type: 'call.answer', charge: ANSWER_CHARGE }, T0 + 1_000);
    expect(replies(out)[0]).toMatchObject({ body: { object: 'call', state: 'ringing', answeredAt: null } });
    expect(recorded(out, 'call.answered')).toEqual([]);
    const answered = call.send({ type: 'leg.answered', legId: CALLER }, T0 + 1_100);
    expect(recorded(answered, 'call.answered')[0]!.data).toMatchObject({ state: 'in_progress' });
    expect(call.ctx.status).toBe('in_progress');
  });
});
