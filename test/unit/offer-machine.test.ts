import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelOffer, deadlinePassed, openOffer, targetAnswered, targetGone, type OfferAction, type OfferStep } from '../../control/calls/machines/offer-machine.js';
import type { OfferRecord } from '../../control/calls/context/handover-records.js';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const TIMEOUT = 30_000;
const targets = ['part_phone1', 'part_phone2', 'part_staff'];

function open(): OfferRecord {
  return openOffer('offer_1', targets, T0, TIMEOUT);
}

describe('offer', () => {
  it('the staff member answering first takes the call; the two phones stop ringing', () => {
    const step = targetAnswered(open(), 'part_staff', T0 + 4_000);
    expect(step.offer).toMatchObject({ state: 'accepted', acceptedBy: 'part_staff', settledAt: T0 + 4_000 });
    expect(step.actions).toEqual([
      { type: 'stop', participantId: 'part_phone1', reason: 'offer_taken' },
      { type: 'stop', participantId: 'part_phone2', reason: 'offer_taken' },
      { type: 'accepted', participantId: 'part_staff' },
    ]);
  });

  it('a phone answering after the offer was taken is hung up (its leg may have answered before the stop reached it)', () => {
    const taken = targetAnswered(open(), 'part_staff', T0 + 4_000).offer;
    // The stop already marked it gone: the late answer changes nothing more.
    expect(targetAnswered(taken, 'part_phone1', T0 + 4_010)).toEqual({ offer: taken, actions: [] });
  });

  it('nobody in time: the deadline expires the offer and stops every target', () => {
    const step = deadlinePassed(open(), T0 + TIMEOUT);
    expect(step.offer).toMatchObject({ state: 'expired', expiry: 'timeout', acceptedBy: null });
    expect(step.actions.at(-1)).toEqual({ type: 'expired', expiry: 'timeout' });
    expect(step.actions.filter((a) => a.type === 'stop')).toHaveLength(3);
  });

  it('an answer exactly at the deadline loses even before the timer fires; the timer then changes nothing', () => {
    const late = targetAnswered(open(), 'part_phone2', T0 + TIMEOUT);
    expect(late.offer).toMatchObject({ state: 'expired', expiry: 'timeout' });
    expect(late.actions).toContainEqual({ type: 'stop', participantId: 'part_phone2', reason: 'offer_expired' });
    expect(deadlinePassed(late.offer, T0 + TIMEOUT + 5)).toEqual({ offer: late.offer, actions: [] });
  });

  it('an answer one millisecond before the deadline wins', () => {
    expect(targetAnswered(open(), 'part_phone2', T0 + TIMEOUT - 1).offer.state).toBe('accepted');
  });

  it('a stale timer before the deadline changes nothing', () => {
    const o = open();
    expect(deadlinePassed(o, T0 + 1_000)).toEqual({ offer: o, actions: [] });
  });

  it('every target busy or declining expires the offer early (no_target_left)', () => {
    let o = open();
    for (const id of targets.slice(0, 2)) {
      const s = targetGone(o, id, T0 + 1_000);
      expect(s.actions).toEqual([]);
      o = s.offer;
    }
    const last = targetGone(o, 'part_staff', T0 + 2_000);
    expect(last.offer).toMatchObject({ state: 'expired', expiry: 'no_target_left', settledAt: T0 + 2_000 });
    expect(last.actions).toEqual([{ type: 'expired', expiry: 'no_target_left' }]);
  });

  it('the caller hanging up while offered cancels it: targets stop, no offer event', () => {
    const step = cancelOffer(open(), T0 + 3_000);
    expect(step.offer.state).toBe('cancelled');
    expect(step.actions.every((a) => a.type === 'stop' && a.reason === 'offer_cancelled')).toBe(true);
    expect(targetAnswered(step.offer, 'part_phone1', T0 + 3_001).actions).toEqual([]);
  });

  type Step = { kind: 'answer' | 'gone'; target: string; at: number } | { kind: 'deadline'; at: number } | { kind: 'cancel'; at: number };
  const at = fc.integer({ min: T0, max: T0 + 2 * TIMEOUT });
  const target = fc.constantFrom(...targets);
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constantFrom<'answer' | 'gone'>('answer', 'gone'), target, at }),
    fc.record({ kind: fc.constant<'deadline'>('deadline'), at }),
    fc.record({ kind: fc.constant<'cancel'>('cancel'), at }),
  );

  it('any ordering: the offer settles once, one outcome event at most, each target stopped at most once and never the taker', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        let offer = open();
        const actions: OfferAction[] = [];
        const answeredBefore = new Set<string>();
        // The mailbox takes messages in order: a message's time never goes back.
        let now = T0;
        for (const s of steps) {
          now = Math.max(now, s.at);
          const before = offer;
          const r: OfferStep =
            s.kind === 'answer' ? targetAnswered(offer, s.target, now)
            : s.kind === 'gone' ? targetGone(offer, s.target, now)
            : s.kind === 'deadline' ? deadlinePassed(offer, now)
            : cancelOffer(offer, now);
          if (before.state !== 'ringing') expect(r.offer.state).toBe(before.state);
          if (s.kind === 'answer' && r.offer.state === 'accepted' && before.state === 'ringing') answeredBefore.add(s.target);
          offer = r.offer;
          actions.push(...r.actions);
        }
        const outcomes = actions.filter((a) => a.type !== 'stop');
        expect(outcomes.length).toBeLessThanOrEqual(1);
        if (offer.state === 'accepted') {
          expect(outcomes).toEqual([{ type: 'accepted', participantId: offer.acceptedBy }]);
          expect(offer.settledAt!).toBeLessThan(offer.expiresAt);
          expect(answeredBefore).toEqual(new Set([offer.acceptedBy]));
        }
        if (offer.state === 'expired') expect(outcomes).toEqual([{ type: 'expired', expiry: offer.expiry }]);
        if (offer.state === 'cancelled' || offer.state === 'ringing') expect(outcomes).toEqual([]);
        const stopped = actions.flatMap((a) => (a.type === 'stop' ? [a.participantId] : []));
        expect(new Set(stopped).size).toBe(stopped.length);
        expect(stopped).not.toContain(offer.acceptedBy);
        if (offer.state !== 'ringing') expect(offer.targets.every((t) => t.state !== 'ringing')).toBe(true);
        expect(offer.targets.filter((t) => t.state === 'answered').map((t) => t.participantId)).toEqual(offer.acceptedBy ? [offer.acceptedBy] : []);
      }),
      { numRuns: 500 },
    );
  });
});
