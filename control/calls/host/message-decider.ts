/**
 * Deciding a batch of mailbox messages: the actors as the batch sees them while it is decided (BatchView:
 * those changed by an earlier message of the batch, created, stepped or ended and not yet committed, over
 * those in memory, and the stored status of calls not in memory, read once for the batch), and the decision
 * for each message (MessageDecider). No I/O.
 */
import type { EventObject } from 'xstate';
import { Compile } from 'typebox/compile';
import type { Logger } from '../../../shared/log/log.js';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import { ACTOR_CREATE, ActorCreatePayload } from '../../../protocol/calls/mailbox.js';
import type { ActorStatus, MessageOutcome } from './actor-store.js';
import type { Decision, LiveActor } from './decision.js';
import { InvalidEffectError, sortEffects, type SortedEffects } from './effect.js';
import type { LiveActors } from './live-actors.js';
import type { MailboxEntry } from '../mailbox/call-mailbox.js';

// Compiled once: the check runs for every actor.create (Value.Check walks the schema each time).
const isActorCreatePayload = Compile(ActorCreatePayload);

/** A machine failed on a message of a batch: the batch is handled again one message at a time. */
export class BatchPoisonedError extends Error {
  constructor(callId: string) {
    super(`the machine of call ${callId} failed on a message of a batch`);
    this.name = 'BatchPoisonedError';
  }
}

/** One batch's view of its partition's actors. */
export class BatchView {
  /** The actors this batch sent an event to (or created), as they were then: what a failed batch rolls back. */
  readonly touched = new Map<string, { live: LiveActor; created: boolean }>();
  // The state of a call after the batch's last transition of it: its actor, or null once it ended.
  private readonly ahead = new Map<string, LiveActor | null>();

  constructor(
    private readonly actors: ReadonlyMap<string, LiveActor>,
    private readonly statuses: ReadonlyMap<string, ActorStatus>,
  ) {}

  /** The call's live actor, if it has one. */
  live(callId: string): LiveActor | undefined {
    return this.ahead.has(callId) ? (this.ahead.get(callId) ?? undefined) : this.actors.get(callId);
  }

  /** The status of the call's persisted actor (as this batch will leave it), or null when it has none. */
  status(callId: string): ActorStatus | null {
    if (this.ahead.has(callId)) return this.ahead.get(callId) ? 'active' : 'done';
    return this.actors.has(callId) ? 'active' : (this.statuses.get(callId) ?? null);
  }

  /** True when an earlier message of the batch changed the call's actor. */
  changed(callId: string): boolean {
    return this.ahead.has(callId);
  }

  /** Notes that the actor is about to take an event (or was just created). */
  touch(callId: string, live: LiveActor, created: boolean): void {
    if (!this.touched.has(callId)) this.touched.set(callId, { live, created });
  }

  /** Forgets a touch whose actor was rolled back already. */
  untouch(callId: string): void {
    this.touched.delete(callId);
  }

  /** Notes a decided transition: later messages of the batch see its result. */
  record(decision: Decision): void {
    const { change } = decision;
    if (change) this.ahead.set(decision.callId, change.status === 'active' ? change.live : null);
  }
}

/**
 * Decides one mailbox message: creates the actor or sends it the event, and turns what it emitted into a
 * Decision (reply, effects, snapshot), or refuses the message with a catalogue error. No I/O: the partition
 * worker commits and acts on what this decides.
 */
export class MessageDecider {
  constructor(
    private readonly actors: LiveActors,
    private readonly log: Logger,
    private readonly isStopped: () => boolean,
  ) {}

  /** The decision for one message against its actor as the batch left it (`view`); `alone`: not in a batch. */
  decide(entry: MailboxEntry, at: number, view: BatchView, alone: boolean): Decision {
    const { callId } = entry;
    const live = view.live(callId);
    if (entry.type === ACTOR_CREATE) {
      if (!isActorCreatePayload.Check(entry.payload)) return this.refuse(entry, at, 'invalid_request', 'actor.create needs a kind and an input');
      const { kind, input } = entry.payload as ActorCreatePayload;
      if (live || view.status(callId) !== null) return this.answer(entry, at, live?.kind ?? kind, live !== undefined, { status: 200, body: { callId, created: false } });
      const machine = this.actors.machine(kind);
      if (!machine) return this.refuse(entry, at, 'invalid_request', `no machine of kind ${kind}`);
      if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
        return this.refuse(entry, at, 'invalid_request', 'actor.create input must be an object');
      }
      const created = this.actors.spawn(kind, machine, { input: { ...(input as object | undefined), callId, at } });
      view.touch(callId, created, true);
      return this.transition(entry, at, created, true, { status: 201, body: { callId, created: true } }, view, alone);
    }
    if (!live) return view.status(callId) === null ? this.refuse(entry, at, 'actor_not_found') : this.refuse(entry, at, 'actor_ended');
    view.touch(callId, live, false);
    live.emitted = [];
    live.actor.send({ ...entry.payload, type: entry.type, at } as EventObject);
    return this.transition(entry, at, live, false, { status: 202, body: null }, view, alone);
  }

  /**
   * The decision after the actor took the event. A failed machine leaves the actor as it was: alone, the
   * message is answered with an error; in a batch, the batch is poisoned (handled again one at a time).
   */
  private transition(entry: MailboxEntry, at: number, live: LiveActor, created: boolean, defaultReply: MessageOutcome['reply'], view: BatchView, alone: boolean): Decision {
    const failed = (err: unknown): Decision => {
      if (!alone) throw new BatchPoisonedError(entry.callId);
      this.log.error({ err, callId: entry.callId, type: entry.type, messageId: entry.id }, 'machine failed on a message; the actor keeps its last state');
      this.actors.rollback(entry.callId, live, created || this.isStopped());
      view.untouch(entry.callId);
      return this.refuse(entry, at, 'internal_error');
    };
    if (live.failure !== undefined) return failed(live.failure);
    let effects: SortedEffects;
    try {
      effects = sortEffects(entry.id, live.emitted);
    } catch (err) {
      if (err instanceof InvalidEffectError) return failed(err);
      throw err;
    }
    live.emitted = [];
    const snapshot = live.actor.getPersistedSnapshot();
    const status = (live.actor.getSnapshot() as { status: string }).status === 'done' ? 'done' : 'active';
    return {
      entry,
      callId: entry.callId,
      at,
      outcome: { reply: effects.reply ?? defaultReply, effects: effects.others, at, kind: live.kind, status },
      change: { live, created, snapshot, status, effects },
    };
  }

  private answer(entry: MailboxEntry, at: number, kind: string, live: boolean, reply: MessageOutcome['reply']): Decision {
    return { entry, callId: entry.callId, at, outcome: { reply, effects: [], at, kind, status: live ? 'active' : null } };
  }

  private refuse(entry: MailboxEntry, at: number, code: ErrorCode, message?: string): Decision {
    const { status, message: fallback } = errorCatalogue[code];
    const live = this.actors.get(entry.callId);
    return this.answer(entry, at, live?.kind ?? '', live !== undefined, { status, body: { error: { code, message: message ?? fallback } } });
  }
}
