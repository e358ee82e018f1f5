/**
 * A call verb's decision half: one thing a customer tells a running call to do (say, play, gather, hangup,
 * start a stream, …), as the call machine decides on it. Pure: the verb decides on the draft and emits the
 * media op and the outcome as effects; the host acts. It imports only protocol/, the machines and the error
 * catalogue (test/unit/verb-boundary.test.ts). Its route half, what the API checks, looks up or reserves
 * before it asks the call, is control/api/routes/call-verbs/<verb>-route.ts. The call machine dispatches
 * through the registry (verb-registry.ts). docs/verbs.md says how to add one.
 */
import type { CallMediaEvent } from '../../../protocol/calls/call-actor.js';
import type { CommandAction } from '../../../protocol/calls/command.js';
import type { CallDraft } from '../machines/call-draft.js';
import type { CommandRecord, TimerKind } from '../machines/call-context.js';

/** A verb's request as the call's actor receives it: the mailbox event `event` with its payload fields and `at`. */
export interface VerbEvent {
  type: string;
  at: number;
}

/** How a verb that issues a command (`cmd_…`) reaches its outcome. */
export interface CommandBehaviour {
  /** The command's `action`. */
  action: CommandAction;
  /** How the outcome arrives, for the documentation. */
  outcome: string;
  /** A media event naming this command (playback.ended, recording.ready, …) while it runs, or after the call ended. */
  onMedia?(d: CallDraft, cmd: CommandRecord, e: CallMediaEvent): void;
  /** A key pressed while this command runs: a verb with onKey takes keys away from call.dtmf.received. */
  onKey?(d: CallDraft, cmd: CommandRecord, digit: string): void;
  /** One of the command's own timers fired (not the generic acknowledgement and result deadlines). */
  onTimer?(d: CallDraft, cmd: CommandRecord, kind: TimerKind): void;
  /** Whether an op's answer is the command's though it is not its own op (a gather's listen). */
  ownsOp?(cmd: CommandRecord, opId: string): boolean;
  /** media/stop while it runs. */
  stop?(d: CallDraft, cmd: CommandRecord): void;
  /** True when the call's end does not fail it: it goes on until the node reports (a recording). */
  outlivesCall?: boolean;
}

/** A call verb. */
export interface CallVerb<E extends VerbEvent = VerbEvent> {
  /** The verb's name, as the docs list it. */
  name: string;
  /** The mailbox event type the API sends to the call's actor. */
  event: E['type'];
  /** Decides on the request while the call is live (dialing, ringing, in progress): must reply. */
  live(d: CallDraft, e: E): void;
  /** Decides on it after the call ended (default: refused with call_ended). */
  ended?(d: CallDraft, e: E): void;
  /** Present for verbs that issue a command. */
  command?: CommandBehaviour;
}

/** Defines a verb (typed by its event). */
export function defineVerb<E extends VerbEvent>(verb: CallVerb<E>): CallVerb<E> {
  return verb;
}
