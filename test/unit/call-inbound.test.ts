import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Charge, ParticipantLaunch } from '../../protocol/calls/call-actor.js';
import { CALLER, CallUnderTest, MIN, T0, app, inboundCall, ledger, ops, raceInbound, recorded, replies, type EventWithoutAt } from './call-harness.js';

const ANSWER_CHARGE: Charge = { reservationId: 'res_answer', service: 'inbound', reservedOre: 900, rateOre: 15, paidMinutes: 60 };

describe('an inbound call', () => {
  it('rings unanswered and unbilled, sends call.incoming and arms the decision deadline', () => {
    const call = new CallUnderTest(inboundCall());
    expect(call.ctx.status).toBe('ringing');
    expect(recorded(call.all, 'call.incoming')[0]!.data).toMatchObject({
      from: '+442079460001', to: '+4723000001', numberId: 'num_1', assignedTo: 'seller-7', decideBy: new Date(T0 + 10_000).toISOString(),
    });
    expect(ops(call.all, 'addLeg')).toMatchObject([{ legId: CALLER, kind: 'phone', phone: { to: '+442079460001', from: '+4723000001', inbound: true } }]);
    expect(call.timer('decideBy', 'call_test')?.fireAt).toBe(T0 + 10_000);
    expect(replies(call.all)[0]!.body).toMatchObject({ direction: 'inbound', numberId: 'num_1', decideBy: new Date(T0 + 10_000).toISOString() });
  });

  it('answer: the caller is held (waiting tone) then answered; billing starts at its answer; say ends the waiting tone', () => {
    const call = new CallUnderTest(inboundCall());
    const out = call.send({ type: 'call.answer', charge: ANSWER_CHARGE }, T0 + 2_000);
    expect(ops(out)).toMatchObject([{ op: 'updateLeg', legId: CALLER, held: true }, { op: 'answerLeg', legId: CALLER }]);
    expect(call.timer('decideBy', 'call_test')).toBeUndefined();
    call.send({ type: 'leg.answered', legId: CALLER }, T0 + 2_100);
    expect(call.ctx.status).toBe('in_progress');
    expect(call.ctx.paidUntil).toBe(T0 + 2_100 + 60 * MIN);
    const said = call.send({ type: 'command.say', commandId: 'cmd_1', text: 'Hello' }, T0 + 3_000);
    expect(ops(said).map((o) => o.op)).toEqual(['updateLeg', 'say']);
    expect(ops(said, 'updateLeg')[0]).toMatchObject({ legId: CALLER, held: false });
    call.send({ type: 'leg.hungUp', legId: CALLER, reason: 'hung up' }, T0 + 62_100);
    expect(recorded(call.all, 'call.ended')[0]!.data).toMatchObject({ reason: 'hangup_phone', countedMinutes: 1, priceOre: 15, assignedTo: 'seller-7' });
    expect(ledger(call.all)).toEqual([{ type: 'ledger.capture', reservationId: 'res_answer', amountOre: 15 }, { type: 'ledger.release', reservationId: 'res_answer' }]);
  });

  it('reject: ends unanswered, reason rejected, nothing charged; a second decision is call_already_decided', () => {
    const call = new CallUnderTest(inboundCall());
    const out = call.send({ type: 'call.reject' }, T0 + 1_000);
    expect(replies(out)[0]!.body).toMatchObject({ state: 'ended', endReason: 'rejected' });
    expect(recorded(out, 'call.ended')[0]!.data).toMatchObject({ reason: 'rejected', priceOre: 0, countedMinutes: 0 });
    expect(ledger(call.all)).toEqual([]);
    expect(ops(out, 'removeLeg')).toMatchObject([{ legId: CALLER, reason: 'rejected' }]);
  });

  it('a second decision is refused with call_already_decided; participants after answer still work', () => {
    const call = new CallUnderTest(inboundCall());
    call.send({ type: 'call.answer', charge: ANSWER_CHARGE }, T0 + 1_000);
    expect(replies(call.send({ type: 'call.reject' }, T0 + 1_500))[0]).toMatchObject({ status: 409, body: { error: { code: 'call_already_decided' } } });
    expect(replies(call.send({ type: 'call.answer', charge: ANSWER_CHARGE }, T0 + 1_600))[0]!.body.error.code).toBe('call_already_decided');
    const added = call.send({ type: 'participant.add', participant: { participantId: 'part_staff', kind: 'staff', externalRef: 'agent-1', charge: null } }, T0 + 2_000);
    expect(replies(added)[0]).toMatchObject({ status: 201, body: { kind: 'staff', connection: { kind: 'app' } } });
  });

  it('no decision: the deadline runs the routing once; a later action is call_already_routed', () => {
    const call = new CallUnderTest(inboundCall());
    const routed = call.advanceTo(T0 + 10_000);
    expect(routed.filter((e) => e.type === 'inbound.reserveRouting')).toHaveLength(1);
    expect(replies(call.send({ type: 'call.answer', charge: ANSWER_CHARGE }, T0 + 11_000))[0]!.body.error.code).toBe('call_already_routed');
    // The message is read once the caller is answered, then the call ends.
    const charged = call.send({ type: 'inbound.routingCharged', charge: ANSWER_CHARGE, forwardCharge: null }, T0 + 10_100);
    expect(ops(charged, 'answerLeg')).toHaveLength(1);
    const answered = call.send({ type: 'leg.answered', legId: CALLER }, T0 + 10_200);
    const say = ops(answered, 'say')[0]!;
    expect(say).toMatchObject({ text: 'We are closed.' });
    call.send({ type: 'media.op.result', opId: say.opId, ok: true }, T0 + 10_300);
    const end = call.send({ type: 'playback.ended', commandId: (say as { commandId: string }).commandId, outcome: 'completed' }, T0 + 13_000);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'routing_ended', countedMinutes: 1, priceOre: 15 });
  });

  it('a decision at decideBy loses to the deadline even before its timer fires', () => {
    const call = new CallUnderTest(inboundCall());
    const out = call.send({ type: 'call.answer', charge: ANSWER_CHARGE }, T0 + 10_000);
    expect(replies(out)[0]!.body.error.code).toBe('call_already_routed');
    expect(out.filter((e) => e.type === 'inbound.reserveRouting')).toHaveLength(1);
    expect(call.advanceTo(T0 + 20_000).filter((e) => e.type === 'inbound.reserveRouting')).toHaveLength(0);
  });

  it('forward routing dials the number and answers the caller when it answers', () => {
    const call = new CallUnderTest(inboundCall({ mode: 'routing', routing: { type: 'forward', to: '+442079460001' } }));
    expect(recorded(call.all, 'call.incoming')).toEqual([]);
    expect(call.all.filter((e) => e.type === 'inbound.reserveRouting')).toMatchObject([{ forward: true }]);
    const fwdCharge: Charge = { reservationId: 'res_fwd', service: 'phone', reservedOre: 600, rateOre: 10, paidMinutes: 60 };
    const dial = call.send({ type: 'inbound.routingCharged', charge: ANSWER_CHARGE, forwardCharge: fwdCharge }, T0 + 100);
    const target = ops(dial, 'addLeg')[0]! as { legId: string };
    expect(ops(call.send({ type: 'leg.answered', legId: target.legId }, T0 + 3_000), 'answerLeg')).toHaveLength(1);
    call.send({ type: 'leg.answered', legId: CALLER }, T0 + 3_100);
    expect(call.ctx.status).toBe('in_progress');
    const end = call.send({ type: 'leg.hungUp', legId: target.legId, reason: 'hung up' }, T0 + 63_000);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'hangup_phone' });
  });

  it('the caller hanging up while it rings ends the call free; a late decision is call_ended', () => {
    const call = new CallUnderTest(inboundCall());
    call.send({ type: 'leg.hungUp', legId: CALLER, reason: 'hung up' }, T0 + 3_000);
    expect(recorded(call.all, 'call.ended')[0]!.data).toMatchObject({ reason: 'hangup_phone', priceOre: 0 });
    expect(call.ctx.inbound!.window.phase).toBe('ended');
  });
});

function phone(id: string, to: string): ParticipantLaunch {
  return { participantId: id, kind: 'phone', to, charge: { reservationId: `res_${id}`, service: 'phone', reservedOre: 250, rateOre: 25, paidMinutes: 10 } };
}
const OFFER_CHARGE: Charge = { ...ANSWER_CHARGE, reservationId: 'res_offer_answer' };
const offer = (offerId = 'ofr_1', charge: Charge = OFFER_CHARGE): EventWithoutAt => ({
  type: 'call.offer', offerId, targets: [phone('part_p1', '+4790000001'), app('part_staff')], timeoutSeconds: 30, answerCharge: charge,
});

describe('offers and transfers as inbound decisions', () => {
  it('an offer decides a ringing call; a second decision is call_already_decided; the offer accepted answers the caller', () => {
    const call = new CallUnderTest(inboundCall());
    const made = call.send(offer(), T0 + 1_000);
    expect(replies(made)[0]).toMatchObject({ status: 201, body: { object: 'offer', state: 'ringing' } });
    expect(call.ctx.inbound!.window).toMatchObject({ phase: 'decided', decision: 'offers' });
    expect(call.timer('decideBy', 'call_test')).toBeUndefined();
    expect(ops(made, 'answerLeg')).toEqual([]);
    expect(replies(call.send({ type: 'call.answer', charge: ANSWER_CHARGE }, T0 + 1_500))[0]).toMatchObject({ status: 409, body: { error: { code: 'call_already_decided' } } });
    expect(replies(call.send({ type: 'call.reject' }, T0 + 1_600))[0]!.body.error.code).toBe('call_already_decided');
    const taken = call.send({ type: 'participant.connected', legId: 'part_staff' }, T0 + 5_000);
    expect(recorded(taken, 'call.offer.accepted')[0]!.data).toMatchObject({ acceptedBy: 'part_staff' });
    expect(ops(taken, 'answerLeg')).toMatchObject([{ legId: CALLER }]);
    call.send({ type: 'leg.answered', legId: CALLER }, T0 + 5_100);
    expect(call.ctx.status).toBe('in_progress');
    expect(call.ctx.charge.reservationId).toBe('res_offer_answer');
    expect(ledger(call.all)).toEqual(expect.not.arrayContaining([expect.objectContaining({ reservationId: 'res_offer_answer' })]));
  });

  it('an offer expired leaves the caller ringing; answer then works as the next action and the offer\'s reservation goes back', () => {
    const call = new CallUnderTest(inboundCall());
    call.send(offer(), T0 + 1_000);
    const expired = call.advanceTo(T0 + 31_000);
    expect(recorded(expired, 'call.offer.expired')).toHaveLength(1);
    expect(call.ctx.status).toBe('ringing');
    expect(call.all.filter((e) => e.type === 'inbound.reserveRouting')).toEqual([]);
    const answered = call.send({ type: 'call.answer', charge: ANSWER_CHARGE }, T0 + 32_000);
    expect(replies(answered)[0]!.body).toMatchObject({ object: 'call', direction: 'inbound' });
    expect(ops(answered, 'answerLeg')).toMatchObject([{ legId: CALLER }]);
    expect(ledger(answered)).toEqual([{ type: 'ledger.release', reservationId: 'res_offer_answer' }]);
    expect(call.ctx.charge.reservationId).toBe('res_answer');
    // Once answered, that is the decision: a reject is still refused.
    expect(replies(call.send({ type: 'call.reject' }, T0 + 33_000))[0]!.body.error.code).toBe('call_already_decided');
  });

  it('an offer after answer still works and gives its answer reservation back', () => {
    const call = new CallUnderTest(inboundCall());
    call.send({ type: 'call.answer', charge: ANSWER_CHARGE }, T0 + 1_000);
    call.send({ type: 'leg.answered', legId: CALLER }, T0 + 1_100);
    const made = call.send(offer(), T0 + 2_000);
    expect(replies(made)[0]).toMatchObject({ status: 201, body: { state: 'ringing' } });
    expect(ledger(made)).toEqual([{ type: 'ledger.release', reservationId: 'res_offer_answer' }]);
  });

  it('a cold transfer decides a ringing call: the target answering answers the caller and connects them', () => {
    const call = new CallUnderTest(inboundCall());
    const transfer: EventWithoutAt = { type: 'call.transfer', transferId: 'xfer_1', kind: 'cold', target: phone('part_target', '+4790000009'), timeoutSeconds: 30, answerCharge: OFFER_CHARGE };
    const made = call.send(transfer, T0 + 1_000);
    expect(replies(made)[0]).toMatchObject({ status: 201, body: { object: 'transfer', state: 'ringing' } });
    expect(call.ctx.inbound!.window).toMatchObject({ phase: 'decided', decision: 'transfer' });
    expect(replies(call.send({ type: 'call.answer', charge: ANSWER_CHARGE }, T0 + 1_500))[0]!.body.error.code).toBe('call_already_decided');
    const target = ops(made, 'addLeg')[0]! as { legId: string };
    const done = call.send({ type: 'leg.answered', legId: target.legId }, T0 + 4_000);
    expect(recorded(done, 'call.transfer.completed')).toHaveLength(1);
    expect(ops(done, 'answerLeg')).toMatchObject([{ legId: CALLER }]);
    call.send({ type: 'leg.answered', legId: CALLER }, T0 + 4_100);
    expect(call.ctx.status).toBe('in_progress');
    expect(call.ctx.participants.find((p) => p.id === CALLER)).toMatchObject({ state: 'joined', held: false });
    expect(call.ctx.participants.find((p) => p.id === target.legId)).toMatchObject({ state: 'joined' });
  });
});

describe('inbound races (fast-check over orderings)', () => {
  type Step = 'answer' | 'reject' | 'offer' | 'deadline' | 'hangup';
  it('answer, reject, an offer, the deadline and the caller hanging up in any order end in one consistent state with at most one call.ended', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray<Step>(['answer', 'reject', 'offer', 'deadline', 'hangup'], { minLength: 1 }), fc.boolean(), (steps, late) => {
        const call = new CallUnderTest(inboundCall());
        const { decisions: accepted } = raceInbound<'answer' | 'reject' | 'offer'>(call, steps, late, (step, at) =>
          call.send(step === 'offer' ? offer() : step === 'answer' ? { type: 'call.answer', charge: ANSWER_CHARGE } : { type: 'call.reject' }, at),
        );
        // At most one decision wins; routing runs at most once; the window is settled exactly once.
        expect(accepted.length).toBeLessThanOrEqual(1);
        expect(call.all.filter((e) => e.type === 'inbound.reserveRouting').length).toBeLessThanOrEqual(1);
        const phase = call.ctx.inbound!.window.phase;
        if (accepted.length === 1) expect(phase).toBe('decided');
        if (call.all.some((e) => e.type === 'inbound.reserveRouting')) expect(accepted).toEqual([]);
        expect(recorded(call.all, 'call.ended').length).toBeLessThanOrEqual(1);
        // Unanswered calls cost nothing.
        if (call.ctx.answeredAt === null) expect(ledger(call.all).filter((e) => e.type === 'ledger.capture')).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
