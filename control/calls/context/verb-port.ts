/**
 * The port a call verb implements, declared by the call machine that runs it: what a verb's decision half
 * is (a customer's request to a running call, decided on the draft), and what the machine asks of the set of
 * verbs it is given. The verbs (control/calls/verbs/) implement it and register in call-verbs.ts; the
 * machines import no verb. docs/verbs.md says how to add one.
 */
import type { CallMediaEvent, CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import type { CommandAction } from '../../../protocol/calls/command.js';
import type { CommandRecord, TimerKind } from './call-context.js';
import type { CallDraft } from './call-draft.js';

/** A verb's request as the call's actor receives it: the mailbox event `event` with its payload fields and `at`. */
export interface VerbEvent {
  type: string;
  at: number;
}

/** What a command issued by the call on its own behalf needs: its request without the mailbox's type and time. */
type OwnRequest<T extends CallRequestEvent['type']> = Omit<Extract<CallRequestEvent, { type: T }>, 'type' | 'at'>;

/**
 * The commands the call issues on its own behalf, by action: the greeting (say or play) and the recording
 * on answer, the voicemail drop (say or play). The verb that issues commands of the action issues them.
 */
export interface OwnCommands {
  say: OwnRequest<'command.say'>;
  play: OwnRequest<'command.play'>;
  'recording.start': OwnRequest<'command.startRecording'>;
}

/** How a verb that issues a command (`cmd_…`) reaches its outcome. */
export interface CommandBehaviour<E extends VerbEvent = VerbEvent> {
  /** The command's `action`. */
  action: CommandAction;
  /** How the outcome arrives, for the documentation. */
  outcome: string;
  /** Issues the command without a request to answer: the call's own (greeting, recording on answer, voicemail drop). */
  issue?(d: CallDraft, request: Omit<E, 'type' | 'at'>): CommandRecord;
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

/** A call verb: one thing a customer tells a running call to do (say, play, gather, hangup, start a stream, …). */
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
  command?: CommandBehaviour<E>;
}

/** The verbs a call machine is given (control/calls/verbs/verb-registry.ts), as the machine asks for them. */
export interface VerbPort {
  /** Every verb, in registration order. */
  all(): readonly CallVerb[];
  /** The verb a mailbox event asks for. */
  forEvent(e: { type: string }): CallVerb | undefined;
  /** The verb that issues commands of this action. */
  forAction(action: CommandAction | string): CallVerb | undefined;
}
