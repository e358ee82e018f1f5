/**
 * Moving an inbound call's caller into another call (a conference) or into a queue (a named waiting line of
 * the profile), and taking queued callers out in arrival order (docs/calls-api.md, Move and queues). Twilio's
 * Enqueue/Dequeue are the anchor: a queue holds callers on hold audio, in order, until they are moved on.
 */
import { Type, type Static } from 'typebox';
import { IdParam, Timestamp } from '../api/common.js';

/** A queue's name: letters, digits, `-`, `_` and `.`, 1–64 characters, unique per profile and mode. */
export const QueueName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$', description: 'letters, digits, - _ .' });

/** POST /v1/calls/:id/move: into another live call of the same company and profile, or into a queue. */
export const MoveRequest = Type.Union([
  Type.Object({ callId: IdParam }, { additionalProperties: false, title: 'MoveIntoCall' }),
  Type.Object({ queue: QueueName }, { additionalProperties: false, title: 'MoveIntoQueue' }),
]);
/** POST /v1/calls/:id/move body. */
export type MoveRequest = Static<typeof MoveRequest>;

/** Where a queued caller waits, as the call shows it. */
export const QueueSpot = Type.Object({ name: Type.String(), enqueuedAt: Timestamp });
/** Where a queued caller waits. */
export type QueueSpot = Static<typeof QueueSpot>;

/** One caller waiting in a queue: its position counts from 1 (the next to be taken out). */
export const QueuedCaller = Type.Object({
  callId: Type.String(),
  position: Type.Integer({ minimum: 1 }),
  from: Type.Union([Type.String(), Type.Null()]),
  enqueuedAt: Timestamp,
  /** Seconds waited so far. */
  waitSeconds: Type.Integer({ minimum: 0 }),
});
/** One caller waiting in a queue. */
export type QueuedCaller = Static<typeof QueuedCaller>;

/** GET /v1/queues/:name: the callers waiting, first first (an unused name is an empty queue). */
export const Queue = Type.Object(
  {
    object: Type.Literal('queue'),
    name: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    callers: Type.Array(QueuedCaller),
  },
  { title: 'Queue' },
);
/** A queue as the API returns it. */
export type Queue = Static<typeof Queue>;

/** POST /v1/queues/:name/dequeue: moves the first caller into `callId`. */
export const DequeueRequest = Type.Object({ callId: IdParam }, { additionalProperties: false });
/** POST /v1/queues/:name/dequeue body. */
export type DequeueRequest = Static<typeof DequeueRequest>;
