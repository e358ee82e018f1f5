import type { EventObject } from 'xstate';
import { Compile } from 'typebox/compile';
import type { Logger } from '../../../shared/log/log.js';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import { ACTOR_CREATE, ActorCreatePayload } from '../../../protocol/calls/mailbox.js';
import type { MessageOutcome } from './actor-store.js';
import { BatchPoisonedError, type BatchView } from './batch-view.js';
import type { Decision, LiveActor } from './decision.js';
import { InvalidEffectError, sortEffects, type SortedEffects } from './effect.js';
import type { LiveActors } from './live-actors.js';
import type { MailboxEntry } from '../mailbox/call-mailbox.js';

// Compiled once: the check runs for every actor.create (Value.Check walks the schema each time).
const isActorCreatePayload = Compile(ActorCreatePayload);

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
