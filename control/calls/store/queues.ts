/**
 * Queues (docs/calls-api.md, Move and queues): a queue is no stored object but the callers whose call's view
 * says they wait in it, in the order they joined (ties by call id). The call's actor is the one writer of
 * its place, so a queue can never hold a caller that hung up or was moved on, and positions are always
 * counted from the committed calls.
 */
import type { Queue, QueuedCaller } from '../../../protocol/calls/move.js';
import type { Db } from '../../../shared/db/database.js';

/** The calls of one profile and mode that wait in queue `name`, first first. */
export async function queuedCallers(db: Db, scope: { companyId: string; profileId: string; mode: 'live' | 'test' }, name: string, now: number): Promise<QueuedCaller[]> {
  const rows = await db<{ call_id: string; from: string | null; enqueued_at: string }[]>`
    select v.call_id, v.body->>'from' as "from", v.body->'queue'->>'enqueuedAt' as enqueued_at
    from call_views v join calls c on c.id = v.call_id
    where not v.done and v.body->>'state' <> 'ended' and v.body->'queue'->>'name' = ${name}
      and c.company_id = ${scope.companyId} and c.profile_id = ${scope.profileId}::uuid and c.mode = ${scope.mode}
    order by v.body->'queue'->>'enqueuedAt', v.call_id`;
  return rows.map((r, i) => ({
    callId: r.call_id,
    position: i + 1,
    from: r.from,
    enqueuedAt: r.enqueued_at,
    waitSeconds: Math.max(0, Math.floor((now - Date.parse(r.enqueued_at)) / 1000)),
  }));
}

/** The queue as GET /v1/queues/:name shows it. */
export function queueBody(name: string, callers: QueuedCaller[]): Queue {
  return { object: 'queue', name, size: callers.length, callers };
}
