import { createMachine, emit, type AnyStateMachine } from 'xstate';
import { plainStepper } from '../../shared/machines/machine-step.js';

/**
 * How a message's state moves: one chart per channel, built from one base table and the channel's
 * overrides. (state, event) → the next state and the money that goes with it, or null when the event does
 * not move the message (a late or repeated receipt for a terminal message, a cancel after the send).
 * Terminal states have no moves, so they stick.
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

/** Moves: state → event key (`receipt:<outcome>` for receipts, `submitted:<variant>`) → next state. */
export type Moves = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** A channel's changes to the base moves, state by state: its keys replace the base's; null removes the state. */
export type MovesOverride = Readonly<Record<string, Readonly<Record<string, string>> | null>>;

/**
 * The moves every channel starts from: scheduled → accepted → sending → sent → delivered | undelivered |
 * expired | rejected; failed when refused at hand-off, expired unsent, its outcome unknown or when it can
 * no longer be sent; canceled from scheduled; a "try again" goes back from sending to accepted. The outbox
 * needs `accepted → claim → sending` and `sending → submitted | refused | retry | unknownOutcome`.
 */
export const BASE_MOVES: Moves = {
  scheduled: { due: 'accepted', cancel: 'canceled', expire: 'failed', fail: 'failed' },
  accepted: { claim: 'sending', expire: 'failed', fail: 'failed' },
  sending: { submitted: 'sent', refused: 'failed', retry: 'accepted', unknownOutcome: 'failed' },
  sent: {
    'receipt:delivered': 'delivered',
    'receipt:undelivered': 'undelivered',
    'receipt:expired': 'expired',
    'receipt:rejected': 'rejected',
  },
};

// Money follows the event, whatever the channel: the carrier taking the message captures its price; a
// message that never left gives its reservation back.
const MONEY: Readonly<Record<string, 'capture' | 'release'>> = {
  submitted: 'capture',
  refused: 'release',
  cancel: 'release',
  expire: 'release',
  unknownOutcome: 'release',
  fail: 'release',
};

/** A channel's message chart and how to step it. */
export interface MessageMachine {
  /** The moves after the channel's overrides (docs/messaging.md shows them). */
  moves: Moves;
  /** The chart (every move a transition, its money an emitted `capture` or `release`). */
  chart: AnyStateMachine;
  /** The state an outbound message starts in (scheduled ones start in `scheduled`). */
  initial: string;
  /** The state inbound messages are stored in. */
  received: string;
  /** The next state of a message in `state` after `event`, or null when the event does not move it. */
  step(state: string, event: MessageEvent): Transition | null;
}

/** The base moves with a channel's overrides, as a chart. */
export function messageMachine(overrides: MovesOverride = {}): MessageMachine {
  const moves: Record<string, Record<string, string>> = {};
  for (const state of new Set([...Object.keys(BASE_MOVES), ...Object.keys(overrides)])) {
    const own = overrides[state];
    if (own === null) continue;
    moves[state] = { ...BASE_MOVES[state], ...own };
  }
  const received = 'received';
  const terminal = new Set([received, ...Object.values(moves).flatMap((on) => Object.values(on))].filter((s) => moves[s] === undefined));
  const states: Record<string, object> = {};
  for (const [state, on] of Object.entries(moves)) {
    states[state] = {
      on: Object.fromEntries(Object.entries(on).map(([key, target]) => {
        const money = MONEY[key.split(':')[0]!];
        return [key, { target, actions: money === undefined ? [] : [emit({ type: money })] }];
      })),
    };
  }
  for (const state of terminal) states[state] = { type: 'final' };
  const chart = createMachine({ id: 'message', initial: 'accepted', states } as never);
  const step = plainStepper<{ type: 'capture' | 'release' }>(chart);
  return {
    moves,
    chart,
    initial: 'accepted',
    received,
    step(state, event) {
      if (moves[state] === undefined) return null;
      const next = step(state, eventKey(event));
      return next === null ? null : { state: next.state, money: next.effects[0]?.type ?? null };
    },
  };
}

/** The key of an event in the moves. */
export function eventKey(event: MessageEvent): string {
  if (event.type === 'receipt') return `receipt:${event.outcome}`;
  if (event.type === 'submitted' && event.variant !== undefined) return `submitted:${event.variant}`;
  return event.type;
}
