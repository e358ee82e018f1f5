import { assign, emit, setup } from 'xstate';
import { stepStored } from '../../../shared/machines/machine-step.js';
import type { Charge } from '../../../protocol/calls/call-actor.js';
import type { CommandAction, CommandState } from '../../../protocol/calls/command.js';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import type { CallDraft, OpBody } from '../context/call-draft.js';
import type { CommandRecord, CommandSlot, TimerKind } from '../context/call-context.js';
import { commandBody } from '../context/reply-bodies.js';

/** A command whose op the media node has not acknowledged within this long is uncertain. */
export const COMMAND_ACK_TIMEOUT_MS = 30_000;

/** A command's outcome: one of its final states. */
export type CommandOutcome = Exclude<CommandState, 'issued'>;

/**
 * What happens to a command: the media node answers its op (`code` is the catalogue code of a refusal),
 * its acknowledgement or result deadline passes, or its verb ends it (a playback ended, a gather resolved).
 */
export type CommandEvent =
  | { type: 'op.result'; ok: boolean; code: ErrorCode; at: number }
  | { type: 'timeout'; at: number }
  | { type: 'finish'; outcome: CommandOutcome; reason: ErrorCode | null; at: number };

/** What the call does after a step of a command, in order. */
export type CommandEffect =
  /** Cancel the command's timers of these kinds (all of them when absent). */
  | { type: 'cancelTimers'; kinds?: TimerKind[] }
  /** Arm the command's result deadline. */
  | { type: 'setTimer'; kind: 'commandResult'; fireAt: number }
  /** Record call.command.<outcome>. */
  | { type: 'record'; outcome: CommandOutcome; reason: ErrorCode | null };

function outcomeReason(event: CommandEvent): ErrorCode | null {
  if (event.type === 'op.result') return event.code;
  if (event.type === 'timeout') return 'media_unresponsive';
  return event.reason;
}

const settling = (outcome: CommandOutcome) => [{ type: 'settle', params: { outcome } }, 'cancelAllTimers', { type: 'announce', params: { outcome } }] as const;

/**
 * The command's chart (docs/statecharts.md): issued, then exactly one outcome (completed, failed, uncertain),
 * and outcomes are final. Pure: time comes in each event as `at`, and what the call must do is emitted as
 * `CommandEffect`s, in order. What is particular to a verb (its own timers, its result) lives in its module.
 */
export const commandMachine = setup({
  types: {
    context: {} as CommandRecord,
    events: {} as CommandEvent,
    emitted: {} as CommandEffect,
  },
  guards: {
    /** The node refused the op it had not yet answered. */
    refused: ({ context, event }) => event.type === 'op.result' && !context.acked && !event.ok,
    /** The node carried out an op that needs no playback: that is the outcome. */
    doneOnAck: ({ context, event }) => event.type === 'op.result' && !context.acked && event.ok && !context.playback,
    /** The node accepted a playback op: its result comes later. */
    playbackAcked: ({ context, event }) => event.type === 'op.result' && !context.acked && event.ok && context.playback,
    finishesAs: ({ event }, params: { outcome: CommandOutcome }) => event.type === 'finish' && event.outcome === params.outcome,
  },
  actions: {
    markAcked: assign({ acked: true }),
    cancelAckTimer: emit({ type: 'cancelTimers' as const, kinds: ['commandAck' as const] }),
    armResultTimer: emit(({ context, event }) => ({ type: 'setTimer' as const, kind: 'commandResult' as const, fireAt: event.at + context.resultWindowMs })),
    settle: assign(({ event }, params: { outcome: CommandOutcome }) => ({ state: params.outcome, reason: outcomeReason(event), finishedAt: event.at })),
    cancelAllTimers: emit({ type: 'cancelTimers' as const }),
    announce: emit(({ context }, params: { outcome: CommandOutcome }) => ({ type: 'record' as const, outcome: params.outcome, reason: context.reason as ErrorCode | null })),
  },
}).createMachine({
  id: 'command',
  context: ({ input }) => input as CommandRecord,
  initial: 'issued',
  states: {
    issued: {
      on: {
        'op.result': [
          { guard: 'refused', target: 'failed', actions: [...settling('failed')] },
          { guard: 'doneOnAck', target: 'completed', actions: ['markAcked', 'cancelAckTimer', ...settling('completed')] },
          { guard: 'playbackAcked', actions: ['markAcked', 'cancelAckTimer', 'armResultTimer'] },
        ],
        timeout: { target: 'uncertain', actions: [...settling('uncertain')] },
        finish: [
          { guard: { type: 'finishesAs', params: { outcome: 'completed' } }, target: 'completed', actions: [...settling('completed')] },
          { guard: { type: 'finishesAs', params: { outcome: 'failed' } }, target: 'failed', actions: [...settling('failed')] },
          { guard: { type: 'finishesAs', params: { outcome: 'uncertain' } }, target: 'uncertain', actions: [...settling('uncertain')] },
        ],
      },
    },
    completed: { type: 'final' },
    failed: { type: 'final' },
    uncertain: { type: 'final' },
  },
});

/** One step of the chart from a stored command: the command after it and the effects it emitted, in order. */
export function stepCommand(c: CommandRecord, event: CommandEvent): { command: CommandRecord; effects: CommandEffect[] } {
  const { record, effects } = stepStored<CommandRecord, CommandEffect>(commandMachine, c, event);
  return { command: record, effects };
}

/** Takes a step of the command kept in the call (the record is updated in place: verbs hold it) and carries out its effects. */
function step(d: CallDraft, c: CommandRecord, event: CommandEvent): void {
  const { command, effects } = stepCommand(c, event);
  Object.assign(c, command);
  for (const e of effects) {
    if (e.type === 'cancelTimers') d.cancelTimers(c.id, e.kinds);
    else if (e.type === 'setTimer') d.setTimer(e.kind, c.id, e.fireAt);
    else d.record(`call.command.${e.outcome}`, { commandId: c.id, action: c.action, reason: e.reason });
  }
}

/** What a new command needs. */
export interface CommandLaunch {
  id: string;
  action: CommandAction;
  /** The op that carries it out (its commandId is set here); none for a gather without a question. */
  op: OpBody | null;
  playback: boolean;
  resultWindowMs: number;
  /** What its verb keeps in it (CommandRecord.slot). */
  slot?: CommandSlot;
  charge?: Charge | null;
}

/**
 * Whether the machine takes a new command: a known command id (a retry) is answered as it stands, a call
 * not yet answered is refused, and so is an unknown target participant. False when it has answered.
 */
export function admitCommand(d: CallDraft, e: { commandId: string; participantId?: string | undefined }): boolean {
  const existing = d.command(e.commandId);
  if (existing) {
    d.reply(commandBody(d.ctx, existing));
    return false;
  }
  if (d.ctx.status !== 'in_progress') {
    d.refuse('call_not_answered');
    return false;
  }
  if (e.participantId !== undefined && !d.participant(e.participantId)) {
    d.refuse('not_found', 'participantId');
    return false;
  }
  return true;
}

/**
 * Issues a command: records it, sends its op (asking the node to publish its acknowledgement into the
 * call's mailbox) and arms the acknowledgement deadline. The generic life of every command; what is
 * particular to a verb lives in its module (control/calls/verbs/).
 */
export function issueCommand(d: CallDraft, launch: CommandLaunch): CommandRecord {
  const c: CommandRecord = {
    id: launch.id,
    action: launch.action,
    state: 'issued',
    reason: null,
    issuedAt: d.at,
    finishedAt: null,
    opId: null,
    acked: launch.op === null,
    playback: launch.playback,
    resultWindowMs: launch.resultWindowMs,
    slot: launch.slot ?? null,
    charge: launch.charge ?? null,
  };
  d.ctx.commands.push(c);
  if (launch.op !== null) {
    c.opId = d.op({ ...launch.op, ack: true });
    d.setTimer('commandAck', c.id, d.at + COMMAND_ACK_TIMEOUT_MS);
  }
  return c;
}

/** Ends a command with its one outcome; `reason` is a catalogue code (shared/errors/catalogue.ts). */
export function finishCommand(d: CallDraft, c: CommandRecord, state: CommandOutcome, reason: ErrorCode | null): void {
  step(d, c, { type: 'finish', outcome: state, reason, at: d.at });
}

/**
 * A command request whose message failed for good (the host answered its sender with an error): the
 * command exists as failed, with the error code as its reason, and call.command.failed is recorded.
 */
export function rejectCommand(d: CallDraft, commandId: string, requestType: string, code: string): void {
  const reason: ErrorCode = isErrorCode(code) ? code : 'internal_error';
  // The verb the failed request asked for names the command's action; a request that is no command verb has none.
  const action = d.verbs.forEvent({ type: requestType })?.command?.action;
  if (action === undefined || d.command(commandId)) return;
  const c: CommandRecord = {
    id: commandId,
    action,
    state: 'issued',
    reason: null,
    issuedAt: d.at,
    finishedAt: null,
    opId: null,
    acked: true,
    playback: false,
    resultWindowMs: 0,
    slot: null,
    charge: null,
  };
  d.ctx.commands.push(c);
  finishCommand(d, c, 'failed', reason);
}

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

/** The media node answered the command's op. */
export function onOpResult(d: CallDraft, c: CommandRecord, ok: boolean, code: string | undefined): void {
  step(d, c, { type: 'op.result', ok, code: code !== undefined && isErrorCode(code) ? code : 'media_error', at: d.at });
}

/** A command's timer fired: no acknowledgement or no result in time makes it uncertain; other timers are its verb's. */
export function onCommandTimer(d: CallDraft, c: CommandRecord, kind: TimerKind): void {
  if (c.state !== 'issued') return;
  if (kind === 'commandAck' || kind === 'commandResult') return step(d, c, { type: 'timeout', at: d.at });
  d.verbs.forAction(c.action)?.command?.onTimer?.(d, c, kind);
}
