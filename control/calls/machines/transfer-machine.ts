/**
 * A transfer (docs/calls.md, Transfers): the caller is handed from the operator (the persons with it now)
 * to a target that the call dials. Twilio's and Telnyx's semantics are the anchors:
 *
 * - cold (default): the target rings while the caller and operator carry on (on an undecided inbound call,
 *   with nobody but the caller, it works as a forward); when the target answers, the caller and target
 *   are connected and the operator leaves.
 * - warm (attended): the caller is put on hold (hold audio, not heard) while the operator talks with the
 *   target; `transfer/complete` takes the caller off hold and the operator leaves. The operator hanging up
 *   while talking with the target completes it too, as on a desk phone.
 *
 * `transfer/cancel`, and a target that fails (busy, no answer, hangs up before completion), bring the
 * caller back: off hold, with the operator, and an event says so. Pure, like the decision window: the call
 * keeps a `TransferRecord` in its context and carries out the returned actions.
 */
import { stepStored } from '../../../shared/machines/machine-step.js';
import { assign, emit, enqueueActions, setup } from 'xstate';
import type { ErrorCode } from '../../../shared/errors/catalogue.js';
import { isActive, type TransferCancel, type TransferFailure, type TransferKind, type TransferRecord } from '../context/handover-records.js';

/** The transfer events the call records (protocol/calls/call-events.ts). */
export type TransferEventType = 'call.transfer.started' | 'call.transfer.answered' | 'call.transfer.completed' | 'call.transfer.cancelled' | 'call.transfer.failed';

/** What the call does after a step, in order. */
export type TransferAction =
  /** Put a participant on hold (hold audio, not heard) or take it off. */
  | { type: 'hold'; participantId: string; held: boolean }
  /** The participant leaves the call (removeLeg): an operator once transferred, the target once cancelled. */
  | { type: 'stop'; participantId: string; reason: 'transferred' | 'transfer_cancelled' }
  /** Record a transfer event. */
  | { type: 'event'; eventType: TransferEventType };

/** The result of a step: the transfer after it and what the call does. */
export interface TransferStep {
  transfer: TransferRecord;
  actions: TransferAction[];
}

/** A request's answer (complete, cancel): done, or refused with a catalogue code (409). */
export type TransferAnswer = { ok: true } | { ok: false; code: Extract<ErrorCode, 'no_transfer_in_progress' | 'transfer_not_answered'> };

/** The result of a request (complete, cancel): the transfer after it (none when there was none), what the call does, and the answer. */
export interface RequestStep {
  transfer: TransferRecord | null;
  actions: TransferAction[];
  answer: TransferAnswer;
}

/** Starts a transfer at `at` (the target's leg is launched by the call): a warm one holds the caller. */
export function openTransfer(
  launch: { id: string; kind: TransferKind; callerId: string; operatorIds: readonly string[]; targetId: string },
  at: number,
): TransferStep {
  const transfer: TransferRecord = {
    ...launch,
    operatorIds: [...launch.operatorIds],
    state: 'ringing',
    startedAt: at,
    answeredAt: null,
    settledAt: null,
    reason: null,
  };
  const hold: TransferAction[] = launch.kind === 'warm' ? [{ type: 'hold', participantId: launch.callerId, held: true }] : [];
  return { transfer, actions: [...hold, { type: 'event', eventType: 'call.transfer.started' }] };
}

/** What happens to a transfer: its target answers or leaves, an operator or the caller leaves, the customer completes or cancels it, the call ends. */
export type TransferEvent =
  | { type: 'target.answered'; at: number }
  | { type: 'target.gone'; failure: TransferFailure; at: number }
  | { type: 'operator.gone'; participantId: string; at: number }
  | { type: 'caller.gone'; at: number }
  | { type: 'complete'; at: number }
  | { type: 'cancel'; at: number }
  | { type: 'call.ended'; at: number };

function holdOff(t: TransferRecord): TransferAction[] {
  return t.kind === 'warm' ? [{ type: 'hold', participantId: t.callerId, held: false }] : [];
}

const completing = ['unhold', 'stopOperators', 'markCompleted', { type: 'announce', params: { eventType: 'call.transfer.completed' } }] as const;

/**
 * The transfer's chart (docs/statecharts.md): ringing the target, talking (warm: operator and target), then
 * completed, cancelled or failed. Pure: time comes in each event as `at`, and what the call must do is
 * emitted as `TransferAction`s, in order.
 */
export const transferMachine = setup({
  types: {
    context: {} as TransferRecord,
    events: {} as TransferEvent,
    emitted: {} as TransferAction,
  },
  guards: {
    /** A cold transfer, or a warm one whose operators all left: the target's answer completes it. */
    completesOnAnswer: ({ context }) => context.kind === 'cold' || context.operatorIds.length === 0,
    isOperator: ({ context, event }) => event.type === 'operator.gone' && context.operatorIds.includes(event.participantId),
    /** The last operator talking with the target left: the caller is not left alone on hold. */
    isLastOperator: ({ context, event }) => event.type === 'operator.gone' && context.operatorIds.length === 1 && context.operatorIds[0] === event.participantId,
  },
  actions: {
    markAnswered: assign({ answeredAt: ({ event }) => event.at }),
    dropOperator: assign({ operatorIds: ({ context, event }) => context.operatorIds.filter((id) => event.type !== 'operator.gone' || id !== event.participantId) }),
    unhold: enqueueActions(({ context, enqueue }) => {
      for (const action of holdOff(context)) enqueue.emit(action);
    }),
    stopOperators: enqueueActions(({ context, enqueue }) => {
      for (const participantId of context.operatorIds) enqueue.emit({ type: 'stop', participantId, reason: 'transferred' });
    }),
    stopTarget: emit(({ context }) => ({ type: 'stop' as const, participantId: context.targetId, reason: 'transfer_cancelled' as const })),
    markCompleted: assign({ state: 'completed', settledAt: ({ event }) => event.at }),
    markFailed: assign({ state: 'failed', settledAt: ({ event }) => event.at, reason: ({ event }) => (event.type === 'target.gone' ? event.failure : null) }),
    markCancelled: assign(({ event }, params: { reason: TransferCancel | 'call_ended' }) => ({ state: 'cancelled' as const, settledAt: event.at, reason: params.reason })),
    markTalking: assign({ state: 'talking' }),
    announce: emit((_, params: { eventType: TransferEventType }) => ({ type: 'event' as const, eventType: params.eventType })),
  },
}).createMachine({
  id: 'transfer',
  context: ({ input }) => input as TransferRecord,
  initial: 'ringing',
  states: {
    ringing: {
      on: {
        'target.answered': [
          { guard: 'completesOnAnswer', target: 'completed', actions: ['markAnswered', ...completing] },
          { target: 'talking', actions: ['markAnswered', 'markTalking', { type: 'announce', params: { eventType: 'call.transfer.answered' } }] },
        ],
        'operator.gone': { guard: 'isOperator', actions: 'dropOperator' },
        'target.gone': { target: 'failed', actions: ['markFailed', 'unhold', { type: 'announce', params: { eventType: 'call.transfer.failed' } }] },
        'caller.gone': { target: 'cancelled', actions: [{ type: 'markCancelled', params: { reason: 'caller_left' } }, 'stopTarget', { type: 'announce', params: { eventType: 'call.transfer.cancelled' } }] },
        cancel: { target: 'cancelled', actions: [{ type: 'markCancelled', params: { reason: 'api' } }, 'stopTarget', 'unhold', { type: 'announce', params: { eventType: 'call.transfer.cancelled' } }] },
        'call.ended': { target: 'cancelled', actions: { type: 'markCancelled', params: { reason: 'call_ended' } } },
      },
    },
    talking: {
      on: {
        complete: { target: 'completed', actions: [...completing] },
        'operator.gone': [
          { guard: 'isLastOperator', target: 'completed', actions: ['dropOperator', ...completing] },
          { guard: 'isOperator', actions: 'dropOperator' },
        ],
        'target.gone': { target: 'failed', actions: ['markFailed', 'unhold', { type: 'announce', params: { eventType: 'call.transfer.failed' } }] },
        'caller.gone': { target: 'cancelled', actions: [{ type: 'markCancelled', params: { reason: 'caller_left' } }, 'stopTarget', { type: 'announce', params: { eventType: 'call.transfer.cancelled' } }] },
        cancel: { target: 'cancelled', actions: [{ type: 'markCancelled', params: { reason: 'api' } }, 'stopTarget', 'unhold', { type: 'announce', params: { eventType: 'call.transfer.cancelled' } }] },
        'call.ended': { target: 'cancelled', actions: { type: 'markCancelled', params: { reason: 'call_ended' } } },
      },
    },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
    failed: { type: 'final' },
  },
});

/** One step of the chart from a stored transfer: the transfer after it and the actions it emitted, in order. */
export function stepTransfer(t: TransferRecord, event: TransferEvent): TransferStep {
  const { record, effects } = stepStored<TransferRecord, TransferAction>(transferMachine, t, event);
  return { transfer: record, actions: effects };
}

/**
 * The target answered at `at`. A cold transfer (or a warm one whose operators all hung up) completes:
 * the caller and target are connected and the operators leave. A warm one has the operator talk with the
 * target while the caller stays on hold.
 */
export function targetAnswered(t: TransferRecord, at: number): TransferStep {
  return stepTransfer(t, { type: 'target.answered', at });
}

/** The target left at `at` before the transfer completed (busy, no answer, failed, hung up): the caller comes back. */
export function targetGone(t: TransferRecord, failure: TransferFailure, at: number): TransferStep {
  return stepTransfer(t, { type: 'target.gone', failure, at });
}

/**
 * An operator left at `at`. A warm transfer talking with the target completes when the last operator
 * hangs up (the caller is not left alone on hold); while ringing it goes on, and the target's answer
 * then completes it.
 */
export function operatorGone(t: TransferRecord, participantId: string, at: number): TransferStep {
  return stepTransfer(t, { type: 'operator.gone', participantId, at });
}

/** The caller left at `at`: the transfer is cancelled and the target stops ringing or leaves. */
export function callerGone(t: TransferRecord, at: number): TransferStep {
  return stepTransfer(t, { type: 'caller.gone', at });
}

/** `transfer/complete` at `at`: a warm transfer whose target answered connects caller and target; the operators leave. */
export function completeTransfer(t: TransferRecord | null, at: number): RequestStep {
  if (!isActive(t)) return { transfer: t, actions: [], answer: { ok: false, code: 'no_transfer_in_progress' } };
  if (t.state !== 'talking') return { transfer: t, actions: [], answer: { ok: false, code: 'transfer_not_answered' } };
  return { ...stepTransfer(t, { type: 'complete', at }), answer: { ok: true } };
}

/** `transfer/cancel` at `at`: the target is hung up and the caller comes back (off hold, with the operator). */
export function cancelTransfer(t: TransferRecord | null, at: number): RequestStep {
  if (!isActive(t)) return { transfer: t, actions: [], answer: { ok: false, code: 'no_transfer_in_progress' } };
  return { ...stepTransfer(t, { type: 'cancel', at }), answer: { ok: true } };
}

/** The call ended at `at` with the transfer under way: it is settled silently (call.ended says the rest). */
export function callEnded(t: TransferRecord, at: number): TransferRecord {
  return stepTransfer(t, { type: 'call.ended', at }).transfer;
}
