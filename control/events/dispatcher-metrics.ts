import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Clock } from '../../shared/clock/clock.js';
import type { Sql } from '../../shared/db/database.js';

/** What an attempt led to: the delivery succeeded, a retry was scheduled, or the delivery gave up. */
export type AttemptOutcome = 'succeeded' | 'retry_scheduled' | 'gave_up';

/** The dispatcher's metrics. */
export interface DispatcherMetrics {
  attempts: Counter<'outcome'>;
  attemptDuration: Histogram;
}

/**
 * Registers (once per registry) the webhook metrics: attempts by outcome, attempt latency, and two gauges
 * read from the database at scrape time: pending deliveries and the age of the oldest due one.
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
  new Gauge({
    name: 'sentral_webhook_queue_depth',
    help: 'Webhook deliveries pending (due, waiting for a retry, or waiting for a disabled endpoint).',
    registers: [registry],
    async collect() {
      const [row] = await sql<{ depth: number }[]>`select count(*)::int as depth from webhook_deliveries where state = 'pending'`;
      this.set(row?.depth ?? 0);
    },
  });
  new Gauge({
    name: 'sentral_webhook_oldest_due_age_seconds',
    help: 'How long the oldest due delivery to an enabled endpoint has waited (incl. behind earlier events of its object).',
    registers: [registry],
    async collect() {
      const now = clock.now();
      const [row] = await sql<{ oldest: number | null }[]>`
        select min(d.next_attempt_at_ms) as oldest
        from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where d.state = 'pending' and e.disabled_at_ms is null and d.next_attempt_at_ms <= ${now}`;
      this.set(row?.oldest == null ? 0 : (now - row.oldest) / 1000);
    },
  });
  return { attempts, attemptDuration };
}
