import type { Charge } from '../../../protocol/calls/call-actor.js';
import type { CommandAction, CommandState } from '../../../protocol/calls/command.js';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import type { CallDraft, OpBody } from './call-draft.js';
import type { CommandRecord, GatherRecord, TimerKind } from './call-context.js';

/** A command whose op the media node has not acknowledged within this long is uncertain. */
export const COMMAND_ACK_TIMEOUT_MS = 30_000;

/** The command's life as a table: issued ends in exactly one outcome, and outcomes are final. */
export const commandTransitions: Readonly<Record<CommandState, readonly CommandState[]>> = {
  issued: ['completed', 'failed', 'uncertain'],
  completed: [],
  failed: [],
  uncertain: [],
};

/** What a new command needs. */
export interface CommandLaunch {
  id: string;
  action: CommandAction;
  /** The op that carries it out (its commandId is set here); none for a gather without a question. */
  op: OpBody | null;
  playback: boolean;
  resultWindowMs: number;
  gather?: GatherRecord;
  recordingId?: string;
  charge?: Charge | null;
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
    gather: launch.gather ?? null,
    recordingId: launch.recordingId ?? null,
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
export function finishCommand(d: CallDraft, c: CommandRecord, state: Exclude<CommandState, 'issued'>, reason: ErrorCode | null): void {
  if (!commandTransitions[c.state].includes(state)) return;
  c.state = state;
  c.reason = reason;
  c.finishedAt = d.at;
  d.cancelTimers(c.id);
  d.record(`call.command.${state}`, { commandId: c.id, action: c.action, reason });
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
    gather: null,
    recordingId: null,
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
  if (c.state !== 'issued' || c.acked) return;
  if (!ok) return finishCommand(d, c, 'failed', code !== undefined && isErrorCode(code) ? code : 'media_error');
  c.acked = true;
  d.cancelTimers(c.id, ['commandAck']);
  if (!c.playback) return finishCommand(d, c, 'completed', null);
  d.setTimer('commandResult', c.id, d.at + c.resultWindowMs);
}

/** A command's timer fired: no acknowledgement or no result in time makes it uncertain; other timers are its verb's. */
export function onCommandTimer(d: CallDraft, c: CommandRecord, kind: TimerKind): void {
  if (c.state !== 'issued') return;
  if (kind === 'commandAck' || kind === 'commandResult') return finishCommand(d, c, 'uncertain', 'media_unresponsive');
  d.verbs.forAction(c.action)?.command?.onTimer?.(d, c, kind);
}
