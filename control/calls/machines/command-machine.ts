import type { Charge } from '../../../protocol/calls/call-actor.js';
import type { CommandAction, CommandState, GatherResult } from '../../../protocol/calls/command.js';
import type { CallDraft, OpBody } from './call-draft.js';
import type { CommandRecord, GatherRecord } from './call-context.js';
import { pressKey, stopped, timedOut } from './gather.js';

/** A command whose op the media node has not acknowledged within this long is uncertain. */
export const COMMAND_ACK_TIMEOUT_MS = 30_000;
/** How long a clip may play (per repeat) before a missing playback.ended makes the command uncertain. */
export const CLIP_RESULT_WINDOW_MS = 30 * 60_000;

/** The command's life as a table: issued ends in exactly one outcome, and outcomes are final. */
export const commandTransitions: Readonly<Record<CommandState, readonly CommandState[]>> = {
  issued: ['completed', 'failed', 'uncertain'],
  completed: [],
  failed: [],
  uncertain: [],
};

/** How long reading `text` `repeat` times may take at most, with slack for a slow start. */
export function sayWindowMs(text: string, repeat: number): number {
  return 30_000 + text.length * 150 * repeat;
}

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

/** Issues a command: records it, sends its op and arms the acknowledgement deadline. */
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
    c.opId = d.op(launch.op);
    d.setTimer('commandAck', c.id, d.at + COMMAND_ACK_TIMEOUT_MS);
  }
  return c;
}

/** Ends a command with its one outcome (a second outcome is ignored) and records call.command.<outcome>. */
export function finishCommand(d: CallDraft, c: CommandRecord, state: Exclude<CommandState, 'issued'>, reason: string | null): void {
  if (!commandTransitions[c.state].includes(state)) return;
  c.state = state;
  c.reason = reason;
  c.finishedAt = d.at;
  d.cancelTimers(c.id);
  d.record(`call.command.${state}`, { commandId: c.id, action: c.action, reason });
}

// The API request type of each command action (what a failed message of that type would have issued).
const ACTION_OF_REQUEST: Readonly<Record<string, CommandAction>> = {
  'command.say': 'say',
  'command.play': 'play',
  'command.gather': 'gather',
  'command.stopMedia': 'media.stop',
  'command.startRecording': 'recording.start',
};

/**
 * A command request whose message failed for good (the host answered its sender with an error): the
 * command exists as failed, with the error code as its reason, and call.command.failed is recorded.
 */
export function rejectCommand(d: CallDraft, commandId: string, requestType: string, code: string): void {
  const action = Object.hasOwn(ACTION_OF_REQUEST, requestType) ? ACTION_OF_REQUEST[requestType] : undefined;
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
  finishCommand(d, c, 'failed', code);
}

/** The media node answered the command's op. */
export function onOpResult(d: CallDraft, c: CommandRecord, ok: boolean, code: string | undefined): void {
  if (c.state !== 'issued' || c.acked) return;
  if (!ok) return finishCommand(d, c, 'failed', code ?? 'media_error');
  c.acked = true;
  d.cancelTimers(c.id, ['commandAck']);
  if (!c.playback) return finishCommand(d, c, 'completed', null);
  d.setTimer('commandResult', c.id, d.at + c.resultWindowMs);
}

/** A gather is complete: its result is kept, call.gather.completed recorded, and the command completed. */
export function completeGather(d: CallDraft, c: CommandRecord, result: GatherResult): void {
  if (c.state !== 'issued' || c.gather === null) return;
  c.gather.result = result;
  c.gather.prompting = false;
  d.record('call.gather.completed', { commandId: c.id, ...result });
  finishCommand(d, c, 'completed', null);
}

function listen(d: CallDraft, c: CommandRecord): void {
  d.cancelTimers(c.id, ['gather']);
  d.setTimer('gather', c.id, d.at + c.gather!.timeoutMs);
}

/** Starts a gather's wait for keys (when it has no question, or the question ended). */
export function startListening(d: CallDraft, c: CommandRecord): void {
  c.gather!.prompting = false;
  d.cancelTimers(c.id, ['commandAck', 'commandResult']);
  listen(d, c);
}

/** A key reached a running gather: the question stops (barge-in), and the gather completes or waits for more. */
export function onGatherKey(d: CallDraft, c: CommandRecord, digit: string): void {
  const g = c.gather!;
  if (g.prompting) {
    d.op({ op: 'stopMedia', commandId: c.id });
    startListening(d, c);
  }
  const done = pressKey(g, digit);
  if (done !== null) completeGather(d, c, done);
  else listen(d, c);
}

/** A say, play or gather question finished playing. */
export function onPlaybackEnded(d: CallDraft, c: CommandRecord, outcome: 'completed' | 'stopped' | 'failed', reason: string | undefined): void {
  if (c.state !== 'issued' || !c.playback) return;
  d.record('call.playback.ended', { commandId: c.id, outcome });
  if (c.gather !== null) {
    if (!c.gather.prompting) return;
    if (outcome === 'failed') return finishCommand(d, c, 'failed', reason ?? 'playback_failed');
    return startListening(d, c);
  }
  if (outcome === 'failed') finishCommand(d, c, 'failed', reason ?? 'playback_failed');
  else finishCommand(d, c, 'completed', null);
}

/** Stops a running gather (media/stop). */
export function stopGather(d: CallDraft, c: CommandRecord): void {
  if (c.gather !== null) completeGather(d, c, stopped(c.gather));
}

/** A command's timer fired: no acknowledgement or no result in time makes it uncertain; a gather's wait ran out. */
export function onCommandTimer(d: CallDraft, c: CommandRecord, kind: string): void {
  if (c.state !== 'issued') return;
  if (kind === 'commandAck' || kind === 'commandResult') return finishCommand(d, c, 'uncertain', 'media_unresponsive');
  if (kind === 'gather' && c.gather !== null) completeGather(d, c, timedOut(c.gather));
}
