/**
 * An offer (docs/calls.md, Offers): several phones and staff members ring at once for one call; the first
 * to answer takes it, the others stop ringing (their room tokens stop working with their legs); nobody in
 * time and the offer expires, and the call waits for the customer's next action. Pure, like the decision
 * window: the call keeps an `OfferRecord` in its context and asks these functions what an answer, a target
 * giving up, the deadline or a cancel does to it; the call machine carries out the returned actions.
 *
 * The deadline is the time `expiresAt`, not its timer's firing: an answer the mailbox takes at or after
 * `expiresAt` loses even when the timer is late, so "accepted at the deadline" has one answer in any order.
 */
import { stepStored } from '../../../shared/machines/machine-step.js';
import { assign, emit, enqueueActions, setup } from 'xstate';
import type { OfferExpiry, OfferRecord, OfferState, OfferTarget } from '../context/handover-records.js';

/** Why a ringing target is stopped: another took the offer, the offer expired, or it was cancelled. */
export type OfferStopReason = 'offer_taken' | 'offer_expired' | 'offer_cancelled';

/** What the call does after a step, in order. */
export type OfferAction =
  /** Hang up a ringing target (removeLeg; a staff member's token stops working with its leg). */
  | { type: 'stop'; participantId: string; reason: OfferStopReason }
  /** Record call.offer.accepted: the call is now the caller and `participantId`. */
  | { type: 'accepted'; participantId: string }
  /** Record call.offer.expired: the call waits for the customer's next action. */
  | { type: 'expired'; expiry: OfferExpiry };

/** The result of a step: the offer after it and what the call does. */
export interface OfferStep {
  offer: OfferRecord;
  actions: OfferAction[];
}

/** Opens an offer at `at` to the given participants (already launched by the call), expiring after `timeoutMs`. */
export function openOffer(id: string, participantIds: readonly string[], at: number, timeoutMs: number): OfferRecord {
  return {
    id,
    state: 'ringing',
    targets: participantIds.map((participantId) => ({ participantId, state: 'ringing' })),
    openedAt: at,
    expiresAt: at + timeoutMs,
    acceptedBy: null,
    expiry: null,
    settledAt: null,
  };
}

/** Whether `participantId` is one of the offer's targets. */
export function isTarget(offer: OfferRecord, participantId: string): boolean {
  return offer.targets.some((t) => t.participantId === participantId);
}

/** What happens to an offer: a target answered or gave up, the deadline's timer fired, or it was called off. */
export type OfferEvent =
  | { type: 'target.answered'; participantId: string; at: number }
  | { type: 'target.gone'; participantId: string; at: number }
  | { type: 'deadline'; at: number }
  | { type: 'cancel'; at: number };

type Targeted = Extract<OfferEvent, { participantId: string }>;

function ringingTarget(offer: OfferRecord, participantId: string): boolean {
  return offer.targets.some((t) => t.participantId === participantId && t.state === 'ringing');
}

function ringingIds(offer: OfferRecord): string[] {
  return offer.targets.filter((t) => t.state === 'ringing').map((t) => t.participantId);
}

/** Every target still ringing is gone, and the offer settled as `state` at `at`. */
function settled(offer: OfferRecord, state: OfferState, at: number): OfferRecord {
  return { ...offer, state, settledAt: at, targets: offer.targets.map((t) => (t.state === 'ringing' ? { ...t, state: 'gone' } : t)) };
}

/**
 * The offer's chart (docs/statecharts.md): ringing until a target takes it (accepted), the deadline passes or
 * every target gave up (expired), or it is called off (cancelled). Pure: time comes in each event as `at`, and
 * what the call must do is emitted as `OfferAction`s, in order.
 */
export const offerMachine = setup({
  types: {
    context: {} as OfferRecord,
    input: {} as { id: string; participantIds: readonly string[]; at: number; timeoutMs: number },
    events: {} as OfferEvent,
    emitted: {} as OfferAction,
  },
  guards: {
    /** The event names a target still ringing. */
    isRingingTarget: ({ context, event }) => ringingTarget(context, (event as Targeted).participantId),
    /** A ringing target answered at or after `expiresAt`: the deadline decides, even before its timer fires. */
    answeredTooLate: ({ context, event }) => ringingTarget(context, (event as Targeted).participantId) && event.at >= context.expiresAt,
    /** The last target still ringing gave up. */
    isLastRingingTarget: ({ context, event }) => {
      const ringing = ringingIds(context);
      return ringing.length === 1 && ringing[0] === (event as Targeted).participantId;
    },
    /** The deadline's time has come (a timer firing before it is stale). */
    deadlineReached: ({ context, event }) => event.at >= context.expiresAt,
  },
  actions: {
    stopOthers: enqueueActions(({ context, event, enqueue }) => {
      for (const id of ringingIds(context)) if (id !== (event as Targeted).participantId) enqueue.emit({ type: 'stop', participantId: id, reason: 'offer_taken' });
    }),
    markAccepted: assign(({ context, event }) => {
      const by = (event as Targeted).participantId;
      return {
        ...settled({ ...context, targets: context.targets.map((t) => (t.participantId === by ? { ...t, state: 'answered' as const } : t)) }, 'accepted', event.at),
        acceptedBy: by,
      };
    }),
    announceAccepted: emit(({ event }) => ({ type: 'accepted' as const, participantId: (event as Targeted).participantId })),
    stopRinging: enqueueActions(({ context, enqueue }, params: { reason: OfferStopReason }) => {
      for (const id of ringingIds(context)) enqueue.emit({ type: 'stop', participantId: id, reason: params.reason });
    }),
    markExpired: assign(({ context, event }, params: { expiry: OfferExpiry }) => ({ ...settled(context, 'expired', event.at), expiry: params.expiry })),
    announceExpired: emit((_, params: { expiry: OfferExpiry }) => ({ type: 'expired' as const, expiry: params.expiry })),
    markGone: assign(({ context, event }) => withTarget(context, (event as Targeted).participantId, 'gone')),
    markCancelled: assign(({ context, event }) => settled(context, 'cancelled', event.at)),
  },
}).createMachine({
  id: 'offer',
  context: ({ input }) => openOffer(input.id, input.participantIds, input.at, input.timeoutMs),
  initial: 'ringing',
  states: {
    ringing: {
      on: {
        'target.answered': [
          {
            guard: 'answeredTooLate',
            target: 'expired',
            actions: [{ type: 'stopRinging', params: { reason: 'offer_expired' } }, { type: 'markExpired', params: { expiry: 'timeout' } }, { type: 'announceExpired', params: { expiry: 'timeout' } }],
          },
          { guard: 'isRingingTarget', target: 'accepted', actions: ['stopOthers', 'markAccepted', 'announceAccepted'] },
        ],
        'target.gone': [
          {
            guard: 'isLastRingingTarget',
            target: 'expired',
            actions: ['markGone', { type: 'markExpired', params: { expiry: 'no_target_left' } }, { type: 'announceExpired', params: { expiry: 'no_target_left' } }],
          },
          { guard: 'isRingingTarget', actions: 'markGone' },
        ],
        deadline: {
          guard: 'deadlineReached',
          target: 'expired',
          actions: [{ type: 'stopRinging', params: { reason: 'offer_expired' } }, { type: 'markExpired', params: { expiry: 'timeout' } }, { type: 'announceExpired', params: { expiry: 'timeout' } }],
        },
        cancel: { target: 'cancelled', actions: [{ type: 'stopRinging', params: { reason: 'offer_cancelled' } }, 'markCancelled'] },
      },
    },
    accepted: { type: 'final' },
    expired: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** One step of the chart from a stored offer: the offer after it and the actions it emitted, in order. */
export function stepOffer(offer: OfferRecord, event: OfferEvent): OfferStep {
  const { record, effects } = stepStored<OfferRecord, OfferAction>(offerMachine, offer, event);
  return { offer: record, actions: effects };
}

/**
 * A target answered (a phone picked up, a staff member connected) at `at`. The first answer before
 * `expiresAt` takes the call and stops every other target; an answer at or after `expiresAt` expires the
 * offer and is stopped with the rest. A settled offer has no ringing target: a late answer (its stop crossed
 * the answer) changes nothing here, and the participant has already left.
 */
export function targetAnswered(offer: OfferRecord, participantId: string, at: number): OfferStep {
  return stepOffer(offer, { type: 'target.answered', participantId, at });
}

/**
 * A target gave up on its own at `at` (busy, no answer, failed, declined, hung up while ringing). When it
 * was the last one ringing, the offer expires now: nobody is left who could take it.
 */
export function targetGone(offer: OfferRecord, participantId: string, at: number): OfferStep {
  return stepOffer(offer, { type: 'target.gone', participantId, at });
}

/** The offer's timer fires (or a late answer finds the deadline passed): a ringing offer expires and every target still ringing is stopped. */
export function deadlinePassed(offer: OfferRecord, at: number): OfferStep {
  return stepOffer(offer, { type: 'deadline', at });
}

/**
 * The offer is called off at `at`: the caller hung up, the call ended, or the customer chose another action
 * (a transfer, a hang-up). Every target still ringing is stopped; no offer event is recorded.
 */
export function cancelOffer(offer: OfferRecord, at: number): OfferStep {
  return stepOffer(offer, { type: 'cancel', at });
}

function withTarget(offer: OfferRecord, participantId: string, state: OfferTarget['state']): OfferRecord {
  return { ...offer, targets: offer.targets.map((t) => (t.participantId === participantId ? { ...t, state } : t)) };
}

