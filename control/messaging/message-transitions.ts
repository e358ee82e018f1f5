/**
 * How a message's state moves, one pure table per channel: (state, event) → the next state and the money
 * that goes with it, or null when the event does not move the message (a late or repeated receipt for a
 * terminal message, a cancel after the send). Terminal states have no row, so they stick.
 */

/** What a carrier's final receipt says happened. */
export type ReceiptOutcome = 'delivered' | 'undelivered' | 'expired' | 'rejected' | 'read';

/** Something that happens to a message. */
export type MessageEvent =
  /** A scheduled message's send time came. */
  | { type: 'due' }
  /** The outbox took it to hand to the carrier (committed before the hand-off). */
  | { type: 'claim' }
  | { type: 'cancel' }
  /** The carrier took it (its ids for the message's parts); `variant` when it says how (a letter sent to print). */
  | { type: 'submitted'; carrierRefs: string[]; variant?: string }
  /** The carrier refused it for good. */
  | { type: 'refused'; code: string; desc: string }
  /** The carrier said "try again" (throttled, queue full, not connected): back to the outbox at `atMs`. */
  | { type: 'retry'; atMs: number; desc: string }
  /** Handed over but the answer never came (connection lost, sender died): never handed over again. */
  | { type: 'unknownOutcome'; desc: string }
  /** The carrier's final receipt. */
  | { type: 'receipt'; outcome: ReceiptOutcome; desc: string | null }
  /** Its validity ran out before it was sent. */
  | { type: 'expire' }
  /** It cannot be sent any more (its sender was removed, say). */
  | { type: 'fail'; code: string; desc: string };

/** The money a move carries: capture the price, release the reservation, or nothing. */
export type MoneyEffect = 'capture' | 'release' | null;

/** A move's result. */
export interface Transition {
  state: string;
  money: MoneyEffect;
}

/** A channel's moves: state → event key (`receipt:<outcome>` for receipts) → next state. */
export interface TransitionTable {
  moves: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The state an outbound message starts in (scheduled ones start in `scheduled`). */
  initial: string;
  /** The state inbound messages are stored in. */
  received: string;
}

// Money follows the event, whatever the channel: the carrier taking the message captures its price; a
// message that never left gives its reservation back.
const MONEY: Readonly<Record<string, MoneyEffect>> = {
  submitted: 'capture',
  refused: 'release',
  cancel: 'release',
  expire: 'release',
  unknownOutcome: 'release',
  fail: 'release',
};

/** The key of an event in a table. */
export function eventKey(event: MessageEvent): string {
  if (event.type === 'receipt') return `receipt:${event.outcome}`;
  if (event.type === 'submitted' && event.variant !== undefined) return `submitted:${event.variant}`;
  return event.type;
}

/** The next state of a message of this table, or null when the event does not move it. */
export function nextState(table: TransitionTable, state: string, event: MessageEvent): Transition | null {
  const key = eventKey(event);
  const to = table.moves[state]?.[key];
  return to === undefined ? null : { state: to, money: MONEY[event.type] ?? null };
}

/** True when no event moves a message in this state any more. */
export function isTerminal(table: TransitionTable, state: string): boolean {
  return table.moves[state] === undefined;
}

/**
 * SMS: scheduled → accepted → sending → sent → delivered | undelivered | expired | rejected; rejected at
 * submit, expired unsent, failed (outcome unknown, or it can no longer be sent), canceled from scheduled.
 * A "try again" goes back from sending to accepted. SMPP's stat → outcome mapping is in docs/sms.md.
 */
export const SMS_TRANSITIONS: TransitionTable = {
  initial: 'accepted',
  received: 'received',
  moves: {
    scheduled: { due: 'accepted', cancel: 'canceled', expire: 'expired', fail: 'failed' },
    accepted: { claim: 'sending', expire: 'expired', fail: 'failed' },
    sending: { submitted: 'sent', refused: 'rejected', retry: 'accepted', unknownOutcome: 'failed' },
    sent: {
      'receipt:delivered': 'delivered',
      'receipt:undelivered': 'undelivered',
      'receipt:expired': 'expired',
      'receipt:rejected': 'rejected',
    },
  },
};

/**
 * Email: scheduled → accepted → sending → sent → delivered | bounced; bounced at hand-off (a 5xx at the
 * relay), failed (outcome unknown, expired unsent, or it can no longer be sent), canceled from scheduled.
 * A delivery report for each recipient settles it (docs/email.md); a relay's 4xx goes back to accepted.
 */
export const EMAIL_TRANSITIONS: TransitionTable = {
  initial: 'accepted',
  received: 'received',
  moves: {
    scheduled: { due: 'accepted', cancel: 'canceled', expire: 'failed', fail: 'failed' },
    accepted: { claim: 'sending', expire: 'failed', fail: 'failed' },
    sending: { submitted: 'sent', refused: 'bounced', retry: 'accepted', unknownOutcome: 'failed' },
    sent: { 'receipt:delivered': 'delivered', 'receipt:undelivered': 'bounced', 'receipt:rejected': 'bounced', 'receipt:expired': 'failed' },
  },
};

/**
 * Letters: accepted → sending → delivered (to the digital mailbox) → read, or delivered_to_print (no
 * mailbox, printed and posted); failed when the mailbox service refuses it (no mailbox and no print
 * fallback) or its outcome is unknown. The mailbox service taking a letter is its delivery.
 */
export const LETTER_TRANSITIONS: TransitionTable = {
  initial: 'accepted',
  received: 'received',
  moves: {
    scheduled: { due: 'accepted', cancel: 'canceled', expire: 'failed', fail: 'failed' },
    accepted: { claim: 'sending', expire: 'failed', fail: 'failed' },
    sending: { submitted: 'delivered', 'submitted:print': 'delivered_to_print', refused: 'failed', retry: 'accepted', unknownOutcome: 'failed' },
    delivered: { 'receipt:read': 'read' },
  },
};
