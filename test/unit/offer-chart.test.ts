import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { walk, drawnTransitions } from './chart-walk.js';
import { offerMachine, stepOffer, type OfferAction, type OfferEvent } from '../../control/calls/machines/offer-machine.js';
import type { OfferRecord } from '../../control/calls/context/handover-records.js';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const TIMEOUT = 30_000;
const input = { id: 'ofr_1', participantIds: ['part_a', 'part_b'], at: T0, timeoutMs: TIMEOUT };

/** Every kind of event the offer meets, for each target, before and at the deadline (stale and due timers). */
const events: OfferEvent[] = [
  ...['part_a', 'part_b'].flatMap((participantId): OfferEvent[] => [
    { type: 'target.answered', participantId, at: T0 + 1_000 },
    { type: 'target.answered', participantId, at: T0 + TIMEOUT },
    { type: 'target.gone', participantId, at: T0 + 2_000 },
  ]),
  { type: 'deadline', at: T0 + 1_000 },
  { type: 'deadline', at: T0 + TIMEOUT },
  { type: 'cancel', at: T0 + 3_000 },
];

describe('the offer chart, walked by xstate/graph', () => {
  it('reaches every state and takes every drawn transition', () => {
    // The chart typed loosely: xstate/graph's types do not take a machine with typed emitted events.
    const { states, taken } = walk(offerMachine as AnyStateMachine, events, input);
    expect([...states].sort()).toEqual(['accepted', 'cancelled', 'expired', 'ringing']);
    expect([...taken].sort()).toEqual([...drawnTransitions(offerMachine as AnyStateMachine)].sort());
  });

  it('on every path: at most one target takes the offer, nobody is stopped twice or after taking it, a settled offer does nothing more', () => {
    const paths = getSimplePaths(offerMachine, { events, input });
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(new Set(['ringing', 'accepted', 'expired', 'cancelled']));
    for (const path of paths) {
      let offer: OfferRecord = path.steps[0]!.state.context;
      const actions: OfferAction[] = [];
      for (const { event } of path.steps.slice(1)) {
        const settledBefore = offer.state !== 'ringing';
        const step = stepOffer(offer, event as OfferEvent);
        if (settledBefore) expect(step.actions).toEqual([]);
        actions.push(...step.actions);
        offer = step.offer;
      }
      expect(offer.state).toBe(path.state.value);
      const accepted = actions.filter((a) => a.type === 'accepted');
      expect(accepted.length).toBe(offer.state === 'accepted' ? 1 : 0);
      const stopped = actions.flatMap((a) => (a.type === 'stop' ? [a.participantId] : []));
      expect(new Set(stopped).size).toBe(stopped.length);
      if (offer.acceptedBy !== null) expect(stopped).not.toContain(offer.acceptedBy);
      expect(actions.filter((a) => a.type === 'expired').length).toBe(offer.state === 'expired' ? 1 : 0);
      // A settled offer has no target left ringing.
      if (offer.state !== 'ringing') expect(offer.targets.some((t) => t.state === 'ringing')).toBe(false);
    }
  });
});
