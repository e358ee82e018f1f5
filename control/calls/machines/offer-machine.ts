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

/** Where an offer stands. */
export type OfferState = 'ringing' | 'accepted' | 'expired' | 'cancelled';

/** Why an offer expired: its time ran out, or every target gave up (busy, declined, failed) before that. */
export type OfferExpiry = 'timeout' | 'no_target_left';

/** Why a ringing target is stopped: another took the offer, the offer expired, or it was cancelled. */
export type OfferStopReason = 'offer_taken' | 'offer_expired' | 'offer_cancelled';

/** One recipient of an offer: a participant of the call (a phone or a staff member). */
export interface OfferTarget {
  participantId: string;
  /** ringing: not answered yet; answered: took the offer; gone: gave up or was stopped. */
  state: 'ringing' | 'answered' | 'gone';
}

/** An offer, kept in the call's context (plain JSON: it persists with the snapshot). */
export interface OfferRecord {
  id: string;
  state: OfferState;
  targets: OfferTarget[];
  openedAt: number;
  /** Epoch ms when the offer expires. */
  expiresAt: number;
  /** The participant that took the offer, once accepted. */
  acceptedBy: string | null;
  expiry: OfferExpiry | null;
  settledAt: number | null;
}

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

/** Whether the offer is still ringing. */
export function isRinging(offer: OfferRecord | null | undefined): offer is OfferRecord {
  return offer?.state === 'ringing';
}

/** Whether `participantId` is one of the offer's targets. */
export function isTarget(offer: OfferRecord, participantId: string): boolean {
  return offer.targets.some((t) => t.participantId === participantId);
}

/**
 * A target answered (a phone picked up, a staff member connected) at `at`. The first answer before
 * `expiresAt` takes the call and stops every other target; an answer at or after `expiresAt` expires the
 * offer and is stopped with the rest. A settled offer has no ringing target: a late answer (its stop crossed
 * the answer) changes nothing here, and the participant has already left.
 */
export function targetAnswered(offer: OfferRecord, participantId: string, at: number): OfferStep {
  const target = offer.targets.find((t) => t.participantId === participantId);
  if (target === undefined || target.state !== 'ringing') return { offer, actions: [] };
  if (offer.state === 'ringing' && at >= offer.expiresAt) return deadlinePassed(offer, at);
  const others = offer.targets.filter((t) => t.participantId !== participantId && t.state === 'ringing');
  return {
    offer: {
      ...offer,
      state: 'accepted',
      acceptedBy: participantId,
      settledAt: at,
      targets: offer.targets.map((t) => (t.participantId === participantId ? { ...t, state: 'answered' } : t.state === 'ringing' ? { ...t, state: 'gone' } : t)),
    },
    actions: [
      ...others.map((t): OfferAction => ({ type: 'stop', participantId: t.participantId, reason: 'offer_taken' })),
      { type: 'accepted', participantId },
    ],
  };
}

/**
 * A target gave up on its own at `at` (busy, no answer, failed, declined, hung up while ringing). When it
 * was the last one ringing, the offer expires now: nobody is left who could take it.
 */
export function targetGone(offer: OfferRecord, participantId: string, at: number): OfferStep {
  const target = offer.targets.find((t) => t.participantId === participantId);
  if (target === undefined || target.state !== 'ringing') return { offer, actions: [] };
  const after = withTarget(offer, participantId, 'gone');
  if (after.state !== 'ringing' || after.targets.some((t) => t.state === 'ringing')) return { offer: after, actions: [] };
  return { offer: { ...after, state: 'expired', expiry: 'no_target_left', settledAt: at }, actions: [{ type: 'expired', expiry: 'no_target_left' }] };
}

/** The offer's timer fires (or a late answer finds the deadline passed): a ringing offer expires and every target still ringing is stopped. */
export function deadlinePassed(offer: OfferRecord, at: number): OfferStep {
  if (offer.state !== 'ringing' || at < offer.expiresAt) return { offer, actions: [] };
  const ringing = offer.targets.filter((t) => t.state === 'ringing');
  return {
    offer: { ...offer, state: 'expired', expiry: 'timeout', settledAt: at, targets: offer.targets.map((t) => (t.state === 'ringing' ? { ...t, state: 'gone' } : t)) },
    actions: [...ringing.map((t): OfferAction => ({ type: 'stop', participantId: t.participantId, reason: 'offer_expired' })), { type: 'expired', expiry: 'timeout' }],
  };
}

/**
 * The offer is called off at `at`: the caller hung up, the call ended, or the customer chose another action
 * (a transfer, a hang-up). Every target still ringing is stopped; no offer event is recorded.
 */
export function cancelOffer(offer: OfferRecord, at: number): OfferStep {
  if (offer.state !== 'ringing') return { offer, actions: [] };
  const ringing = offer.targets.filter((t) => t.state === 'ringing');
  return {
    offer: { ...offer, state: 'cancelled', settledAt: at, targets: offer.targets.map((t) => (t.state === 'ringing' ? { ...t, state: 'gone' } : t)) },
    actions: ringing.map((t) => ({ type: 'stop', participantId: t.participantId, reason: 'offer_cancelled' })),
  };
}

function withTarget(offer: OfferRecord, participantId: string, state: OfferTarget['state']): OfferRecord {
  return { ...offer, targets: offer.targets.map((t) => (t.participantId === participantId ? { ...t, state } : t)) };
}

