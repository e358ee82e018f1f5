import type { Registry } from 'prom-client';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import type { Logger } from '../../../shared/log/log.js';
import { reportQueue, type ReportedQueue } from '../../../shared/metrics/queue-metrics.js';

/**
 * Reports the messaging outbox as queue `outbox`, key the channel: messages due and not yet claimed by a
 * sender, and how long the oldest has been due (one aggregate query on the due index per sample).
 */
export function reportOutbox(registry: Registry, sql: Sql, clock: Clock, log: Logger): ReportedQueue {
  return reportQueue(
    registry,
    'outbox',
    clock,
    async () => {
      const rows = await sql<{ channel: string; depth: number; oldest: number | null }[]>`
        select channel, count(*)::int as depth, min(next_attempt_at_ms) as oldest
        from messages where state in ('scheduled', 'accepted') and next_attempt_at_ms <= ${clock.now()}
        group by channel`;
      return rows.map((r) => ({ key: r.channel, depth: r.depth, oldestAt: r.oldest }));
    },
    { log },
  );
}
