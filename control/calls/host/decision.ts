/** What a partition worker decided for one mailbox message, before (and while) it is committed. */
import type { AnyActor } from 'xstate';
import type { ActorStatus, MessageOutcome } from './actor-store.js';
import type { SortedEffects } from './effect.js';
import type { MailboxEntry } from '../mailbox/call-mailbox.js';

/** A call actor in memory, with its last committed snapshot. */
export interface LiveActor {
  kind: string;
  actor: AnyActor;
  committed: unknown;
  /** What the actor emitted since it was last cleared. */
  emitted: Array<{ type: string }>;
  failure: unknown;
}

/** The decided result of one message, before it is committed. */
export interface Decision {
  entry: MailboxEntry;
  callId: string;
  at: number;
  outcome: MessageOutcome;
  /** Present when the actor changed (a transition to commit). */
  change?: {
    live: LiveActor;
    created: boolean;
    snapshot: unknown;
    status: ActorStatus;
    effects: SortedEffects;
  };
}

/** One handled message of a batch: answered from a stored outcome, decided, or dropped (a stale timer firing). */
export type Step = { entry: MailboxEntry; prior?: MessageOutcome; decision?: Decision };
