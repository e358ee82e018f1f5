import type { Registry } from 'prom-client';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import type { Logger } from '../../../shared/log/log.js';
import { reportQueue, type ReportedQueue } from '../../../shared/metrics/queue-metrics.js';

/**
 * Reports the campaign runners' queue as queue `campaigns`: recipients of running campaigns not yet handed
 * to the outbox (all campaigns together), and how long the longest-waiting due campaign run has waited
 * for a runner (a throttled campaign's next run is due when its bucket has room, so this grows only when
 * the runners fall behind, not with a long campaign).
 */
export function reportCampaigns(registry: Registry, sql: Sql, clock: Clock, log: Logger): ReportedQueue {
  return reportQueue(
    registry,
    'campaigns',
    clock,
    async () => {
      const [row] = await sql<{ depth: number; oldest: number | null }[]>`
        select (select count(*)::int from campaign_recipients r join campaigns c on c.id = r.campaign_id
                where c.status = 'running' and r.state = 'pending') as depth,
               (select min(next_run_at_ms) from campaigns where next_run_at_ms <= ${clock.now()}) as oldest`;
      return [{ key: '', depth: row?.depth ?? 0, oldestAt: row?.oldest ?? null }];
    },
    { log },
  );
}
