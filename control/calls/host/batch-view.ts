/**
 * The actors as a batch of mailbox messages sees them while it is decided: those changed by an earlier
 * message of the batch (created, stepped or ended, not yet committed) over those in memory, and the stored
 * status of calls not in memory (read once for the batch).
 */
import type { ActorStatus } from './actor-store.js';
import type { Decision, LiveActor } from './decision.js';

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
