import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Charge } from '../../protocol/calls/call-actor.js';
import { LINK_CONNECT_MS } from '../../control/calls/handovers/call-move.js';
import { LINK_RECONNECT_GRACE_MS } from '../../control/calls/machines/participant-machine.js';
import { MAX_CALL_MINUTES } from '../../protocol/calls/call.js';
import { CALLER, CallUnderTest, T0, app, appCall, inboundCall, ledger, ops, raceInbound, recorded, replies } from './call-harness.js';

const ANSWER_CHARGE: Charge = { reservationId: 'res_answer', service: 'inbound', reservedOre: 900, rateOre: 15, paidMinutes: 60 };
const LINK = 'part_link';
const into = (participantId = LINK, callId = 'call_room') => ({ callId, participantId, url: 'ws://node-b/room', token: 'tok' });

describe('moving a caller (the caller\'s call)', () => {
  it('into a call: a link leg joins the target\'s room, then the caller is answered; the link leaving ends the call (moved_call_ended)', () => {
    const call = new CallUnderTest(inboundCall());
    const out = call.send({ type: 'call.move', into: into(), answerCharge: ANSWER_CHARGE }, T0 + 1_000);
    expect(replies(out)[0]!.body).toMatchObject({ movedInto: 'call_room', queue: null });
    expect(ops(out)).toMatchObject([{ op: 'addLeg', legId: LINK, kind: 'link', link: { url: 'ws://node-b/room', token: 'tok' } }, { op: 'answerLeg', legId: CALLER }]);
    call.send({ type: 'leg.answered', legId: CALLER }, T0 + 1_100);
    call.send({ type: 'participant.connected', legId: LINK }, T0 + 1_200);
    expect(call.ctx.participants.find((p) => p.id === LINK)).toMatchObject({ kind: 'call', state: 'joined', linkedCallId: 'call_room' });
    call.send({ type: 'leg.hungUp', legId: LINK, reason: 'disconnected' }, T0 + 31_200);
    expect(recorded(call.all, 'call.ended')[0]!.data).toMatchObject({ reason: 'moved_call_ended', countedMinutes: 1, priceOre: 15 });
    expect(ledger(call.all)).toEqual([{ type: 'ledger.capture', reservationId: 'res_answer', amountOre: 15 }, { type: 'ledger.release', reservationId: 'res_answer' }]);
  });

  it('a link that never joins leaves after LINK_CONNECT_MS and the call ends', () => {
    const call = new CallUnderTest(inboundCall());
    call.send({ type: 'call.move', into: into(), answerCharge: ANSWER_CHARGE }, T0 + 1_000);
    call.send({ type: 'leg.answered', legId: CALLER }, T0 + 1_100);
    call.advanceTo(T0 + 1_000 + LINK_CONNECT_MS);
    expect(call.ctx.participants.find((p) => p.id === LINK)).toMatchObject({ state: 'left', leftReason: 'join_timeout' });
    expect(call.ctx.endReason).toBe('moved_call_ended');
  });

  it('into a queue: held first, then answered; the same queue again keeps the place; from the queue into a call unholds and links; the old link leaves as moved without ending the call', () => {
    const call = new CallUnderTest(inboundCall());
    const queued = call.send({ type: 'call.move', queue: 'support', answerCharge: ANSWER_CHARGE }, T0 + 1_000);
    expect(ops(queued)).toMatchObject([{ op: 'updateLeg', legId: CALLER, held: true }, { op: 'answerLeg', legId: CALLER }]);
    expect(replies(queued)[0]!.body).toMatchObject({ queue: { name: 'support', enqueuedAt: new Date(T0 + 1_000).toISOString() }, movedInto: null });
    call.send({ type: 'leg.answered', legId: CALLER }, T0 + 1_100);
    const again = call.send({ type: 'call.move', queue: 'support' }, T0 + 5_000);
    expect(replies(again)[0]!.body.queue.enqueuedAt).toBe(new Date(T0 + 1_000).toISOString());
    expect(ops(again)).toEqual([]);
    // A dequeue that finds the caller elsewhere is refused and changes nothing.
    expect(replies(call.send({ type: 'call.move', into: into(), fromQueue: 'sales' }, T0 + 6_000))[0]).toMatchObject({ status: 409, body: { error: { code: 'queue_caller_taken' } } });
    const taken = call.send({ type: 'call.move', into: into(), fromQueue: 'support' }, T0 + 7_000);
    expect(ops(taken)).toMatchObject([{ op: 'updateLeg', legId: CALLER, held: false }, { op: 'addLeg', legId: LINK, kind: 'link' }]);
    expect(call.ctx.queue).toBeNull();
    call.send({ type: 'participant.connected', legId: LINK }, T0 + 7_100);
    const onward = call.send({ type: 'call.move', into: into('part_link2', 'call_other') }, T0 + 8_000);
    expect(ops(onward)).toMatchObject([{ op: 'removeLeg', legId: LINK, reason: 'moved' }, { op: 'addLeg', legId: 'part_link2', kind: 'link' }]);
    // The old link's leg reported gone afterwards changes nothing: it had left already.
    call.send({ type: 'leg.hungUp', legId: LINK, reason: 'removed' }, T0 + 8_100);
    expect(call.ctx.endReason).toBeNull();
    expect(call.ctx.moved).toEqual({ callId: 'call_other', participantId: 'part_link2' });
  });

  it('an outbound call cannot be moved; a move while an offer rings is transfer_in_progress', () => {
    const outbound = new CallUnderTest(appCall([app('part_a')]));
    expect(replies(outbound.send({ type: 'call.move', queue: 'support' }, T0 + 1_000))[0]!.body.error.code).toBe('call_not_inbound');
    const call = new CallUnderTest(inboundCall());
    call.send({ type: 'call.offer', offerId: 'ofr_1', targets: [{ participantId: 'part_t', kind: 'app', charge: null }], timeoutSeconds: 30, answerCharge: ANSWER_CHARGE }, T0 + 1_000);
    expect(replies(call.send({ type: 'call.move', queue: 'support' }, T0 + 2_000))[0]!.body.error.code).toBe('transfer_in_progress');
  });
});

describe('the target of a move', () => {
  it('adds a free participant of kind call that joins through the room, counts as a person and leaves when its link drops', () => {
    const call = new CallUnderTest(appCall([app('part_a')], { conference: true }));
    const out = call.send({ type: 'call.link', participantId: LINK, linkedCallId: 'call_caller', from: '+442079460001' }, T0 + 1_000);
    expect(replies(out)[0]).toMatchObject({ status: 201, body: { kind: 'call', to: '+442079460001', linkedCallId: 'call_caller', connection: { kind: 'call', expiresAt: T0 + 1_000 + MAX_CALL_MINUTES * 60_000 } } });
    expect(ops(out)).toMatchObject([{ op: 'addLeg', legId: LINK, kind: 'room', room: { participantKind: 'call' } }]);
    // A retry names the same participant.
    expect(replies(call.send({ type: 'call.link', participantId: LINK, linkedCallId: 'call_caller', from: null }, T0 + 1_100))[0]!.body.id).toBe(LINK);
    call.send({ type: 'participant.connected', legId: 'part_a' }, T0 + 1_200);
    call.send({ type: 'participant.connected', legId: LINK }, T0 + 1_300);
    // The app user leaving does not end the conference: the moved caller is a person.
    call.send({ type: 'participant.disconnected', legId: 'part_a', reason: 'closed' }, T0 + 2_000);
    call.advanceTo(T0 + 2 * 60_000);
    expect(call.ctx.status).toBe('in_progress');
    call.send({ type: 'participant.disconnected', legId: LINK, reason: 'client closed', clean: true }, T0 + 3 * 60_000);
    expect(call.ctx.participants.find((p) => p.id === LINK)).toMatchObject({ state: 'left', leftReason: 'disconnected', charge: null });
    expect(recorded(call.all, 'call.ended')[0]!.data).toMatchObject({ reason: 'last_person_left' });
  });

  it('keeps a moved caller whose link is lost to a network failure while its node dials again, for LINK_RECONNECT_GRACE_MS', () => {
    const call = new CallUnderTest(appCall([app('part_a')], { conference: true }));
    call.send({ type: 'call.link', participantId: LINK, linkedCallId: 'call_caller', from: '+442079460001' }, T0 + 1_000);
    call.send({ type: 'participant.connected', legId: 'part_a' }, T0 + 1_200);
    call.send({ type: 'participant.connected', legId: LINK }, T0 + 1_300);
    // Long after the connect window: the link's connection is not bound to it.
    call.advanceTo(T0 + 3 * 60_000);
    call.send({ type: 'participant.disconnected', legId: LINK, reason: 'closed (1006)' }, T0 + 3 * 60_000);
    expect(call.ctx.participants.find((p) => p.id === LINK)).toMatchObject({ state: 'reconnecting' });
    call.send({ type: 'participant.connected', legId: LINK }, T0 + 3 * 60_000 + 1_500);
    expect(call.ctx.participants.find((p) => p.id === LINK)).toMatchObject({ state: 'joined' });
    expect(recorded(call.all, 'call.participant.joined').filter((e) => e.data.participantId === LINK)).toHaveLength(1);
    // Lost again and not back within the grace: the caller has left.
    call.send({ type: 'participant.disconnected', legId: LINK, reason: 'closed (1006)' }, T0 + 4 * 60_000);
    call.advanceTo(T0 + 4 * 60_000 + LINK_RECONNECT_GRACE_MS - 1);
    expect(call.ctx.participants.find((p) => p.id === LINK)).toMatchObject({ state: 'reconnecting' });
    call.advanceTo(T0 + 4 * 60_000 + LINK_RECONNECT_GRACE_MS);
    expect(call.ctx.participants.find((p) => p.id === LINK)).toMatchObject({ state: 'left', leftReason: 'disconnected' });
  });

  it('refuses a call whose own caller is queued, and an inbound call awaiting its decision', () => {
    const queued = new CallUnderTest(inboundCall());
    queued.send({ type: 'call.move', queue: 'support', answerCharge: ANSWER_CHARGE }, T0 + 1_000);
    expect(replies(queued.send({ type: 'call.link', participantId: LINK, linkedCallId: 'call_x', from: null }, T0 + 2_000))[0]!.body.error.code).toBe('move_target_invalid');
    const ringing = new CallUnderTest(inboundCall());
    expect(replies(ringing.send({ type: 'call.link', participantId: LINK, linkedCallId: 'call_x', from: null }, T0 + 2_000))[0]!.body.error.code).toBe('move_target_invalid');
  });
});

describe('move races (fast-check over orderings)', () => {
  type Step = 'answer' | 'reject' | 'queue' | 'into' | 'deadline' | 'hangup' | 'linkDrops';
  it('move, answer, reject, the deadline, the caller hanging up and the link dropping in any order: one decision, one call.ended, unanswered free', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray<Step>(['answer', 'reject', 'queue', 'into', 'deadline', 'hangup', 'linkDrops'], { minLength: 1 }), fc.boolean(), (steps, late) => {
        const call = new CallUnderTest(inboundCall());
        const { decisions, accepted } = raceInbound<'answer' | 'reject' | 'queue' | 'into' | 'linkDrops'>(call, steps, late, (step, at) => {
          const out =
            step === 'linkDrops' ? call.send({ type: 'leg.hungUp', legId: LINK, reason: 'disconnected' }, at)
            : step === 'queue' ? call.send({ type: 'call.move', queue: 'support', answerCharge: ANSWER_CHARGE }, at)
            : step === 'into' ? call.send({ type: 'call.move', into: into(), answerCharge: ANSWER_CHARGE }, at)
            : call.send(step === 'answer' ? { type: 'call.answer', charge: ANSWER_CHARGE } : { type: 'call.reject' }, at);
          // The node answers the caller's leg once the call asked it to.
          if (call.ctx.inbound!.answerSent && call.ctx.status !== 'ended' && call.ctx.answeredAt === null) call.send({ type: 'leg.answered', legId: CALLER }, at);
          return out;
        });
        const handed = accepted.some((s) => s === 'answer' || s === 'queue' || s === 'into');
        expect(decisions.length).toBeLessThanOrEqual(1);
        expect(recorded(call.all, 'call.ended').length).toBeLessThanOrEqual(1);
        // Never both in a queue and in another call.
        expect(call.ctx.queue && call.ctx.moved).toBeFalsy();
        // A move's link that left ends the call, unless the caller went on to a queue.
        const link = call.ctx.participants.find((p) => p.id === LINK);
        if (link?.state === 'left' && call.ctx.moved) expect(call.ctx.status).toBe('ended');
        if (call.ctx.answeredAt === null) expect(ledger(call.all).filter((e) => e.type === 'ledger.capture')).toEqual([]);
        // The answer's reservation, once a request handed it to the call, is released when the call ends.
        if (call.ctx.status === 'ended' && handed) {
          const released = ledger(call.all).filter((e) => e.type === 'ledger.release').map((e) => e.reservationId);
          expect(released).toContain('res_answer');
        }
      }),
      { numRuns: 300 },
    );
  });
});
