import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParticipantLaunch } from '../../protocol/calls/call-actor.js';
import { callBody } from '../../control/calls/context/reply-bodies.js';
import { CallUnderTest, MIN, T0, app, ledger, ops, phoneCall, recorded, replies, type EventWithoutAt } from './call-harness.js';

function phone(id: string, to: string): ParticipantLaunch {
  return { participantId: id, kind: 'phone', to, charge: { reservationId: `res_${id}`, service: 'phone', reservedOre: 250, rateOre: 25, paidMinutes: 10 } };
}

/** An answered outbound call: the dialled customer (part_phone, the caller) and an operator in the app (part_op). */
function answered(): CallUnderTest {
  const call = new CallUnderTest(phoneCall({ participants: [app('part_op')] }));
  call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
  call.send({ type: 'participant.connected', legId: 'part_op' }, T0);
  return call;
}

const offerTargets = [phone('part_p1', '+4790000001'), phone('part_p2', '+4790000002'), app('part_staff')];
const offer: EventWithoutAt = { type: 'call.offer', offerId: 'ofr_1', targets: offerTargets, timeoutSeconds: 30 };
const transfer = (kind: 'cold' | 'warm'): EventWithoutAt => ({ type: 'call.transfer', transferId: 'xfer_1', kind, target: phone('part_target', '+4790000009'), timeoutSeconds: 30 });
const left = (call: CallUnderTest, id: string) => recorded(call.all, 'call.participant.left').filter((e) => e.data.participantId === id);

describe('offers on a call', () => {
  it('two phones and a staff member ring; the staff member answers first and takes the call; the phones stop ringing', () => {
    const call = answered();
    const made = call.send(offer, T0 + 1_000);
    expect(replies(made)[0]).toMatchObject({ status: 201, body: { object: 'offer', id: 'ofr_1', state: 'ringing', targets: [{ id: 'part_p1' }, { id: 'part_p2' }, { id: 'part_staff' }] } });
    expect(replies(made)[0]!.body.targets[2].connection).not.toBeNull();
    const taken = call.send({ type: 'participant.connected', legId: 'part_staff' }, T0 + 5_000);
    expect(recorded(taken, 'call.offer.accepted')).toEqual([expect.objectContaining({ data: expect.objectContaining({ offerId: 'ofr_1', acceptedBy: 'part_staff', state: 'accepted' }) })]);
    expect(ops(taken, 'removeLeg').map((o) => (o as { legId: string }).legId)).toEqual(['part_p1', 'part_p2']);
    expect(left(call, 'part_p1')[0]!.data.reason).toBe('offer_taken');
    // A phone whose answer crossed its hang-up changes nothing.
    expect(call.send({ type: 'leg.answered', legId: 'part_p2' }, T0 + 5_010)).toEqual([]);
    expect(call.ctx.offer).toMatchObject({ state: 'accepted', acceptedBy: 'part_staff' });
    expect(call.timer('offer', 'ofr_1')).toBeUndefined();
    expect(call.ctx.status).toBe('in_progress');
    expect(callBody(call.ctx).offer).toEqual({ id: 'ofr_1', state: 'accepted', expiresAt: new Date(T0 + 31_000).toISOString(), acceptedBy: 'part_staff', expiry: null, targetIds: ['part_p1', 'part_p2', 'part_staff'] });
  });

  it('nobody in time: call.offer.expired, every target stops ringing, and the call waits for the next action', () => {
    const call = answered();
    call.send(offer, T0 + 1_000);
    const expired = call.advanceTo(T0 + 31_000);
    expect(recorded(expired, 'call.offer.expired')[0]!.data).toMatchObject({ expiry: 'timeout', acceptedBy: null });
    expect(['part_p1', 'part_p2', 'part_staff'].map((id) => left(call, id)[0]!.data.reason)).toEqual(['offer_expired', 'offer_expired', 'offer_expired']);
    expect(call.ctx.status).toBe('in_progress');
    const again = call.send({ ...offer, offerId: 'ofr_2', targets: [phone('part_p3', '+4790000003')] } as EventWithoutAt, T0 + 40_000);
    expect(replies(again)[0]!.status).toBe(201);
  });

  it('an answer at the deadline, before its timer fires, loses: the offer expires and the answering phone is hung up', () => {
    const call = answered();
    call.send(offer, T0);
    const late = call.send({ type: 'leg.answered', legId: 'part_p1' }, T0 + 30_000);
    expect(recorded(late, 'call.offer.expired')).toHaveLength(1);
    expect(recorded(late, 'call.offer.accepted')).toHaveLength(0);
    expect(left(call, 'part_p1')[0]!.data.reason).toBe('offer_expired');
  });

  it('a second offer or a transfer while one rings is refused (transfer_in_progress); a retry answers the same offer', () => {
    const call = answered();
    call.send(offer, T0);
    expect(replies(call.send(offer, T0 + 1))[0]).toMatchObject({ body: { id: 'ofr_1' } });
    expect(replies(call.send({ ...offer, offerId: 'ofr_2' } as EventWithoutAt, T0 + 2))[0]).toMatchObject({ status: 409, body: { error: { code: 'transfer_in_progress' } } });
    expect(replies(call.send(transfer('cold'), T0 + 3))[0]!.body.error.code).toBe('transfer_in_progress');
  });

  it('the caller hanging up while offered: targets stop, no offer event, one call.ended', () => {
    const call = answered();
    call.send(offer, T0);
    call.send({ type: 'leg.hungUp', legId: 'part_phone', reason: 'bye' }, T0 + 3_000);
    expect(recorded(call.all, 'call.ended')).toHaveLength(1);
    expect(recorded(call.all, 'call.offer.accepted').length + recorded(call.all, 'call.offer.expired').length).toBe(0);
    expect(call.ctx.offer!.state).toBe('cancelled');
    expect(call.armed.size).toBe(0);
  });
});

describe('transfers on a call', () => {
  it('cold: the target rings, answers, the operator leaves and the caller talks with the target; each leg priced on its own', () => {
    const call = answered();
    const started = call.send(transfer('cold'), T0 + MIN);
    expect(replies(started)[0]).toMatchObject({ status: 201, body: { object: 'transfer', kind: 'cold', state: 'ringing', callerId: 'part_phone', operatorIds: ['part_op'] } });
    expect(ops(started, 'updateLeg')).toEqual([]);
    const done = call.send({ type: 'leg.answered', legId: 'part_target' }, T0 + MIN + 5_000);
    expect(recorded(done, 'call.transfer.completed')).toHaveLength(1);
    expect(left(call, 'part_op')[0]!.data.reason).toBe('transferred');
    expect(call.ctx.status).toBe('in_progress');
    call.send({ type: 'leg.hungUp', legId: 'part_phone', reason: 'bye' }, T0 + 3 * MIN);
    expect(recorded(call.all, 'call.ended')).toHaveLength(1);
    // The target's leg: its own reservation, captured for its started minutes (2 minutes at 25 øre).
    expect(ledger(call.all)).toContainEqual({ type: 'ledger.capture', reservationId: 'res_part_target', amountOre: 50 });
  });

  it('a busy target fails it: call.transfer.failed and the caller stays with the operator', () => {
    const call = answered();
    call.send(transfer('cold'), T0);
    const failed = call.send({ type: 'leg.busy', legId: 'part_target' }, T0 + 2_000);
    expect(recorded(failed, 'call.transfer.failed')[0]!.data).toMatchObject({ reason: 'busy', state: 'failed' });
    expect(call.ctx.participants.find((p) => p.id === 'part_op')!.state).toBe('joined');
  });

  it('warm: the caller is held while operator and target talk; complete takes the caller off hold and the operator leaves', () => {
    const call = answered();
    const started = call.send(transfer('warm'), T0);
    expect(ops(started, 'updateLeg')).toEqual([expect.objectContaining({ legId: 'part_phone', held: true })]);
    const talking = call.send({ type: 'leg.answered', legId: 'part_target' }, T0 + 3_000);
    expect(recorded(talking, 'call.transfer.answered')).toHaveLength(1);
    expect(call.ctx.participants.find((p) => p.id === 'part_op')!.state).toBe('joined');
    const done = call.send({ type: 'call.transfer.complete' }, T0 + 20_000);
    expect(replies(done)[0]).toMatchObject({ body: { state: 'completed' } });
    expect(ops(done, 'updateLeg')).toEqual([expect.objectContaining({ legId: 'part_phone', held: false })]);
    expect(left(call, 'part_op')[0]!.data.reason).toBe('transferred');
    expect(replies(call.send({ type: 'call.transfer.complete' }, T0 + 20_001))[0]!.body.error.code).toBe('no_transfer_in_progress');
  });

  it('warm cancel: the target is hung up and the caller comes back off hold', () => {
    const call = answered();
    call.send(transfer('warm'), T0);
    call.send({ type: 'leg.answered', legId: 'part_target' }, T0 + 3_000);
    const cancelled = call.send({ type: 'call.transfer.cancel' }, T0 + 9_000);
    expect(recorded(cancelled, 'call.transfer.cancelled')[0]!.data).toMatchObject({ reason: 'api' });
    expect(left(call, 'part_target')[0]!.data.reason).toBe('transfer_cancelled');
    expect(call.ctx.participants.find((p) => p.id === 'part_phone')!.held).toBe(false);
  });

  it('warm without an operator is refused; complete before the target answers is refused', () => {
    const lone = new CallUnderTest(phoneCall());
    lone.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    expect(replies(lone.send(transfer('warm'), T0 + 1))[0]).toMatchObject({ status: 400, body: { error: { param: 'kind' } } });
    const call = answered();
    call.send(transfer('warm'), T0);
    expect(replies(call.send({ type: 'call.transfer.complete' }, T0 + 1))[0]!.body.error.code).toBe('transfer_not_answered');
  });

  it('a transfer before the call is answered is refused (call_not_answered)', () => {
    const call = new CallUnderTest(phoneCall());
    expect(replies(call.send(transfer('cold'), T0 + 1))[0]!.body.error.code).toBe('call_not_answered');
  });

  it('a restore mid-transfer carries on: the snapshot holds the transfer', () => {
    const call = answered();
    call.send(transfer('warm'), T0);
    const restored = call.restart();
    restored.send({ type: 'leg.answered', legId: 'part_target' }, T0 + 1_000);
    restored.send({ type: 'call.transfer.complete' }, T0 + 2_000);
    expect(restored.ctx.transfer!.state).toBe('completed');
  });
});

describe('races over any ordering', () => {
  type Step = { name: string; event: EventWithoutAt | 'ring-timeout' | 'offer-deadline' };
  const transferPool: Step[] = [
    { name: 'target answers', event: { type: 'leg.answered', legId: 'part_target' } },
    { name: 'target busy', event: { type: 'leg.busy', legId: 'part_target' } },
    { name: 'target hangs up', event: { type: 'leg.hungUp', legId: 'part_target', reason: 'bye' } },
    { name: 'cancel', event: { type: 'call.transfer.cancel' } },
    { name: 'complete', event: { type: 'call.transfer.complete' } },
    { name: 'caller hangs up', event: { type: 'leg.hungUp', legId: 'part_phone', reason: 'bye' } },
    { name: 'operator drops', event: { type: 'participant.disconnected', legId: 'part_op', reason: 'x' } },
    { name: 'operator removed', event: { type: 'participant.remove', participantId: 'part_op' } },
    { name: 'api hang-up', event: { type: 'call.hangup' } },
    { name: 'ring timeout', event: 'ring-timeout' },
  ];

  function invariants(call: CallUnderTest): void {
    const endings = recorded(call.all, 'call.ended');
    expect(endings.length).toBeLessThanOrEqual(1);
    expect(endings.length === 1).toBe(call.ctx.status === 'ended');
    for (const p of call.ctx.participants) {
      const mine = (type: string) => recorded(call.all, type).filter((e) => e.data.participantId === p.id).length;
      expect(mine('call.participant.joined')).toBeLessThanOrEqual(1);
      expect(mine('call.participant.left')).toBe(p.state === 'left' ? 1 : 0);
    }
    if (call.ctx.status === 'ended') expect(call.armed.size).toBe(0);
  }

  it('a transfer (cold or warm) with its target answering as the operator cancels, hang-ups and timeouts: one state, one call.ended', () => {
    fc.assert(
      fc.property(fc.constantFrom<'cold' | 'warm'>('cold', 'warm'), fc.shuffledSubarray(transferPool, { minLength: 1 }), fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 10, maxLength: 10 }), (kind, steps, gaps) => {
        const call = answered();
        call.send(transfer(kind), T0);
        let now = T0;
        steps.forEach((s, i) => {
          now += gaps[i]!;
          if (s.event === 'ring-timeout' || s.event === 'offer-deadline') {
            const t = call.timer('ring', 'part_target');
            if (t) call.send({ type: 'timer.fired', timerId: t.timerId }, Math.max(now, t.fireAt));
          } else call.send(s.event, now);
        });
        invariants(call);
        const t = call.ctx.transfer!;
        const outcomes = recorded(call.all).filter((e) => ['call.transfer.completed', 'call.transfer.cancelled', 'call.transfer.failed'].includes(e.eventType));
        expect(outcomes.length).toBeLessThanOrEqual(1);
        if (outcomes.length === 1) expect(outcomes[0]!.eventType).toBe(`call.transfer.${t.state}`);
        const caller = call.ctx.participants.find((p) => p.id === 'part_phone')!;
        if (caller.state !== 'left') expect(caller.held).toBe(kind === 'warm' && (t.state === 'ringing' || t.state === 'talking'));
        if (t.state === 'completed') expect(call.ctx.participants.find((p) => p.id === 'part_op')!.state).toBe('left');
      }),
      { numRuns: 150 },
    );
  });

  const offerPool: Step[] = [
    { name: 'phone 1 answers', event: { type: 'leg.answered', legId: 'part_p1' } },
    { name: 'phone 2 answers', event: { type: 'leg.answered', legId: 'part_p2' } },
    { name: 'staff connects', event: { type: 'participant.connected', legId: 'part_staff' } },
    { name: 'phone 1 busy', event: { type: 'leg.busy', legId: 'part_p1' } },
    { name: 'phone 2 no answer', event: { type: 'leg.noAnswer', legId: 'part_p2' } },
    { name: 'caller hangs up', event: { type: 'leg.hungUp', legId: 'part_phone', reason: 'bye' } },
    { name: 'api hang-up', event: { type: 'call.hangup' } },
    { name: 'deadline', event: 'offer-deadline' },
  ];

  it('an offer with answers, refusals, the caller hanging up and the deadline in any order: at most one offer outcome, one call.ended', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(offerPool, { minLength: 1 }), fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 8, maxLength: 8 }), (steps, gaps) => {
        const call = answered();
        call.send(offer, T0);
        let now = T0;
        steps.forEach((s, i) => {
          now += gaps[i]!;
          if (s.event === 'offer-deadline' || s.event === 'ring-timeout') {
            const t = call.timer('offer', 'ofr_1');
            if (t) call.send({ type: 'timer.fired', timerId: t.timerId }, Math.max(now, t.fireAt));
          } else call.send(s.event, now);
        });
        invariants(call);
        const o = call.ctx.offer!;
        const accepted = recorded(call.all, 'call.offer.accepted');
        const expired = recorded(call.all, 'call.offer.expired');
        expect(accepted.length + expired.length).toBeLessThanOrEqual(1);
        expect(accepted.length).toBe(o.state === 'accepted' ? 1 : 0);
        expect(expired.length).toBe(o.state === 'expired' ? 1 : 0);
        if (o.state === 'accepted') {
          const taker = call.ctx.participants.find((p) => p.id === o.acceptedBy)!;
          expect(taker.joinedAt!).toBeLessThan(o.expiresAt);
          for (const other of ['part_p1', 'part_p2', 'part_staff'].filter((id) => id !== o.acceptedBy)) expect(recorded(call.all, 'call.participant.joined').some((e) => e.data.participantId === other)).toBe(false);
        }
        if (o.state !== 'ringing') expect(call.timer('offer', 'ofr_1')).toBeUndefined();
      }),
      { numRuns: 150 },
    );
  });
});
