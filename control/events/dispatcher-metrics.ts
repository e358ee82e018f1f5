import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Clock } from '../../shared/clock/clock.js';
import type { Sql } from '../../shared/db/database.js';
import { cachedSample } from '../../shared/metrics/cached-sample.js';
import { QUEUE_SAMPLE_MS, reportQueue } from '../../shared/metrics/queue-metrics.js';

/** What an attempt led to: the delivery succeeded, a retry was scheduled, or the delivery gave up. */
export type AttemptOutcome = 'succeeded' | 'retry_scheduled' | 'gave_up';

/** The dispatcher's metrics. */
export interface DispatcherMetrics {
  attempts: Counter<'outcome'>;
  attemptDuration: Histogram;
}

/**
 * Registers (once per registry) the webhook metrics: attempts by outcome, attempt latency, and two gauges
 * read from the database at scrape time (one query, shared with queue `webhooks`): pending deliveries and
 * the age of the oldest due one.
 */
export function dispatcherMetrics(registry: Registry, sql: Sql, clock: Clock): DispatcherMetrics {
  const existing = registry.getSingleMetric('sentral_webhook_attempts_total');
  if (existing) {
    return {
      attempts: existing as Counter<'outcome'>,
      attemptDuration: registry.getSingleMetric('sentral_webhook_attempt_duration_seconds') as Histogram,
    };
  }
  const attempts = new Counter({
    name: 'sentral_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome (succeeded, retry_scheduled, gave_up).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const attemptDuration = new Histogram({
    name: 'sentral_webhook_attempt_duration_seconds',
    help: 'Time from sending a webhook to its response (or the failure).',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
    registers: [registry],
  });
  // One aggregate query answers both gauges and the queue series, at most once per QUEUE_SAMPLE_MS.
  const sample = cachedSample(clock, QUEUE_SAMPLE_MS, async () => {
    const now = clock.now();
    const [row] = await sql<{ depth: number; oldest: number | null }[]>`
      select count(*)::int as depth,
             min(d.next_attempt_at_ms) filter (where e.disabled_at_ms is null and d.next_attempt_at_ms <= ${now}) as oldest
      from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
      where d.state = 'pending'`;
    return { depth: row?.depth ?? 0, oldestAt: row?.oldest ?? null };
  });
  new Gauge({
    name: 'sentral_webhook_queue_depth',
    help: 'Webhook deliveries pending (due, waiting for a retry, or waiting for a disabled endpoint).',
    registers: [registry],
    async collect() {
      this.set((await sample()).depth);
    },
  });
  new Gauge({
    name: 'sentral_webhook_oldest_due_age_seconds',
    help: 'How long the oldest due delivery to an enabled endpoint has waited (incl. behind earlier events of its object).',
    registers: [registry],
    async collect() {
      const { oldestAt } = await sample();
      this.set(oldestAt === null ? 0 : Math.max(0, clock.now() - oldestAt) / 1000);
    },
  });
  reportQueue(registry, 'webhooks', clock, async () => [{ key: '', ...(await sample()) }]);
  return { attempts, attemptDuration };
}
