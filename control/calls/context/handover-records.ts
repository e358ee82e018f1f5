/**
 * The records of an offer and a transfer as the call keeps them in its context (plain JSON: they persist
 * with the snapshot). Their charts (control/calls/machines/offer-machine.ts, transfer-machine.ts) move them.
 */

/** Where an offer stands. */
export type OfferState = 'ringing' | 'accepted' | 'expired' | 'cancelled';

/** Why an offer expired: its time ran out, or every target gave up (busy, declined, failed) before that. */
export type OfferExpiry = 'timeout' | 'no_target_left';

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

/** cold: the target answering completes it; warm: the operator completes it after talking with the target. */
export type TransferKind = 'cold' | 'warm';

/** Where a transfer stands: ringing the target, talking (warm: operator and target), then one final state. */
export type TransferState = 'ringing' | 'talking' | 'completed' | 'cancelled' | 'failed';

/** Why a transfer failed: how its target left. */
export type TransferFailure = 'busy' | 'no_answer' | 'failed' | 'hangup';

/** Why a transfer was cancelled: the customer asked (`transfer/cancel`), or the caller left. */
export type TransferCancel = 'api' | 'caller_left';

/** A transfer, kept in the call's context (plain JSON: it persists with the snapshot). */
export interface TransferRecord {
  id: string;
  kind: TransferKind;
  state: TransferState;
  /** The participant being transferred. */
  callerId: string;
  /** The persons who transfer it and leave when it completes; may become empty (they hung up). */
  operatorIds: string[];
  /** The participant the call dialled as the target. */
  targetId: string;
  startedAt: number;
  answeredAt: number | null;
  settledAt: number | null;
  /** Why it failed or was cancelled. */
  reason: TransferFailure | TransferCancel | 'call_ended' | null;
}

/** Whether the offer is still ringing. */
export function isRinging(offer: OfferRecord | null | undefined): offer is OfferRecord {
  return offer?.state === 'ringing';
}

/** Whether the transfer is still under way (ringing or talking). */
export function isActive(t: TransferRecord | null | undefined): t is TransferRecord {
  return t?.state === 'ringing' || t?.state === 'talking';
}
