/**
 * Effects: what a machine `emit()`s during a transition, as plain data. The host gives each one an id
 * `${messageId}:${index}` (index in emission order), so a replay of the same message yields the same ids
 * and receivers can drop duplicates. It interprets the reserved types below itself; every other effect
 * goes to `onCommit` (inside the transaction, with the rest of its batch) and then to the effect runner
 * (after commit), each call's in its messages' order (EffectChains).
 */
import type { Tx } from '../../../shared/db/database.js';
import type { TraceCarrier } from '../../../shared/tracing/trace-context.js';

/** An effect as the host hands it on: the emitted object plus its id. */
export interface ActorEffect {
  id: string;
  type: string;
  [field: string]: unknown;
}

/** Reserved: arm a durable timer; at `fireAt` (epoch ms) the host mails `event` to the same actor. */
export const TIMER_SET = 'timer.set';
/** Reserved: cancel a durable timer of the same actor by id. */
export const TIMER_CANCEL = 'timer.cancel';
/** Reserved: the answer to the sender of the message being processed (sent after commit). */
export const REPLY = 'reply';

/** A durable timer an actor asked for. */
export interface TimerRequest {
  timerId: string;
  fireAt: number;
  event: { type: string; [field: string]: unknown };
}

/** The answer an actor gave to a message. */
export interface ReplyRequest {
  status: number;
  body: unknown;
}

/** A timer change, in the order the machine asked for it. */
export type TimerOp = { op: 'set'; timer: TimerRequest } | { op: 'cancel'; timerId: string };

/** What one transition asked of the host, sorted by who acts on it. */
export interface SortedEffects {
  timerOps: TimerOp[];
  /** The last `reply` emitted, if any. */
  reply: ReplyRequest | undefined;
  /** Effects for onCommit and the effect runner, in emission order. */
  others: ActorEffect[];
}

/** Context of one committed transition, given to onCommit and the effect runner. */
export interface EffectContext {
  callId: string;
  kind: string;
  partition: number;
  epoch: number;
  /** The mailbox message that caused the transition. */
  messageId: string;
  /** The event time the machine saw (epoch ms). */
  at: number;
  /** Status of the actor after the transition. */
  status: 'active' | 'done' | 'error';
  /** The persisted snapshot after the transition (on a replay: the actor's current committed snapshot). */
  snapshot: unknown;
}

/** One transition of a batch, as onCommit gets it: the effects that are not the host's own, and their context. */
export interface Transition {
  effects: ActorEffect[];
  context: EffectContext;
  /** The trace context of the message that made it (tracing on), stored with the events it records. */
  trace?: TraceCarrier | undefined;
}

/**
 * Runs inside the host's transaction, after its own writes, with the transitions of the batch being
 * committed, in mailbox order: record events, move money (in few statements: the batch is one commit).
 */
export type OnCommit = (tx: Tx, transitions: readonly Transition[]) => Promise<void>;

/**
 * Carries effects out after the commit (bus messages, media operations). It may run again for the same
 * effects after a crash or a redelivery; receivers drop duplicates by effect id.
 */
export type EffectRunner = (effects: ActorEffect[], context: EffectContext) => Promise<void>;

/** A machine emitted a reserved effect the host cannot carry out (a bug in the machine). */
export class InvalidEffectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEffectError';
  }
}

/** Gives the emitted effects of message `messageId` their ids and sorts them; throws InvalidEffectError. */
export function sortEffects(messageId: string, emitted: readonly { type: string }[]): SortedEffects {
  const sorted: SortedEffects = { timerOps: [], reply: undefined, others: [] };
  emitted.forEach((raw, index) => {
    const effect = { ...(raw as Record<string, unknown>), id: `${messageId}:${index}`, type: raw.type } as ActorEffect;
    if (effect.type === TIMER_SET) sorted.timerOps.push({ op: 'set', timer: timerRequest(effect) });
    else if (effect.type === TIMER_CANCEL) {
      if (typeof effect.timerId !== 'string' || effect.timerId === '') throw new InvalidEffectError('timer.cancel needs a timerId');
      sorted.timerOps.push({ op: 'cancel', timerId: effect.timerId });
    } else if (effect.type === REPLY) {
      const status = effect.status ?? 200;
      if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
        throw new InvalidEffectError('reply status must be an HTTP status');
      }
      sorted.reply = { status, body: effect.body ?? null };
    } else sorted.others.push(effect);
  });
  return sorted;
}

function timerRequest(effect: ActorEffect): TimerRequest {
  const { timerId, fireAt, event } = effect;
  if (typeof timerId !== 'string' || timerId === '' || timerId.length > 128) {
    throw new InvalidEffectError('timer.set needs a timerId of 1 to 128 characters');
  }
  if (typeof fireAt !== 'number' || !Number.isSafeInteger(fireAt)) throw new InvalidEffectError('timer.set needs fireAt in epoch ms');
  if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') {
    throw new InvalidEffectError('timer.set needs an event with a type');
  }
  return { timerId, fireAt, event: event as TimerRequest['event'] };
}

/**
 * Each call's effects after its commits, run in its messages' order but without holding the partition's
 * turn: the next batch is decided while a media node answers an earlier one's operations.
 */
export class EffectChains {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `run` (which must not throw) after the call's effects started before it. */
  after(callId: string, run: () => Promise<void>): void {
    const tail = this.settled(callId).then(run);
    this.tails.set(callId, tail);
    void tail.then(() => this.tails.get(callId) === tail && this.tails.delete(callId));
  }

  /** Resolves once the call's effects started so far have run. */
  settled(callId: string): Promise<void> {
    return this.tails.get(callId) ?? Promise.resolve();
  }
}
