import { Gauge, type Registry } from 'prom-client';
import type { Sql } from '../db/database.js';

/** Name of the pool series (deploy/'s alert rules and dashboard use it). */
export const POOL_WAITING = 'sentral_db_pool_waiting';

/**
 * Reports the queries waiting for a connection of the pool (every connection busy or still connecting),
 * read when scraped from postgres.js's own queue (scripts/patch-postgres.js exposes its length as
 * `sql.waiting`). Waiters for long mean the pool is too small for the load or the database is slow.
 */
export function reportPoolWaiting(registry: Registry, sql: Sql): void {
  // Without the patch there is nothing true to report: no series rather than a 0 that means nothing.
  if (registry.getSingleMetric(POOL_WAITING) || typeof (sql as unknown as { waiting?: unknown }).waiting !== 'number') return;
  new Gauge({
    name: POOL_WAITING,
    help: 'Database queries waiting for a connection of this process\'s pool',
    registers: [registry],
    collect() {
      this.set((sql as unknown as { waiting: number }).waiting);
    },
  });
}
