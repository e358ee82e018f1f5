/**
 * A call verb: one thing a customer tells a running call to do (say, play, gather, hangup, start a stream, …),
 * defined in one module with everything it is: its route and request schema (from protocol/), what the API
 * checks or reserves before handing it to the call, how the call machine decides on it (pure: the verb
 * decides, the host acts), the media op it emits, and for a command how its outcome arrives. The call
 * machine dispatches through the registry (verb-registry.ts) and the routes are registered from it.
 * docs/verbs.md says how to add one.
 */
import type { FastifyRequest } from 'fastify';
import type { TObject, TSchema } from 'typebox';
import type { Scope } from '../../../protocol/api/scopes.js';
import type { CallMediaEvent } from '../../../protocol/calls/call-actor.js';
import type { CommandAction } from '../../../protocol/calls/command.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import type { CallRow } from '../store/call-records.js';
import type { CallsService } from '../requests/calls-service.js';
import type { CallDraft } from '../machines/call-draft.js';
import type { CommandRecord, TimerKind } from '../machines/call-context.js';

/** A verb's request as the call's actor receives it: the mailbox event `event` with its payload fields and `at`. */
export interface VerbEvent {
  type: string;
  at: number;
}

/** One HTTP request for a verb, after auth, validation and the call lookup. */
export interface VerbRequest<Body = unknown> {
  calls: CallsService;
  caller: KeyPrincipal;
  call: CallRow;
  body: Body;
  /** Path parameters besides the call's id. */
  params: Record<string, string>;
  idempotencyKey: string | null;
}

/** How a verb is reached over HTTP: POST /v1/calls/:id/<path>. */
export interface VerbRoute {
  /** Below /v1/calls/:id/ (`say`, `streams/:streamId/stop`). */
  path: string;
  summary: string;
  scope: Scope;
  idempotency: 'required' | 'optional';
  /** OpenAPI tag (default calls). */
  tag?: string;
  body?: TSchema;
  /** Path parameters besides `id`. */
  params?: TObject;
  response: Record<number, TSchema>;
  /** Checks before the body is validated (a voice in any case, a refused input kind). */
  preValidation?: (request: FastifyRequest) => Promise<void>;
  /** Carries out the request: checks, reservations, then the call's actor; returns the answer. */
  handle(request: VerbRequest<never>): Promise<{ status: number; body: unknown }>;
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
  route: VerbRoute;
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
