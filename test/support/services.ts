import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';

/** URLs of the real services the integration tests use (default ports on this machine). */
export const serviceUrls = {
  nats: process.env.SENTRAL_TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  redis: process.env.SENTRAL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** The fresh database of this test run (created by the global setup, dropped after). */
export function runDatabaseUrl(): string {
  return inject('databaseUrl');
}

/** A prefix unique to this run and call, for bus subjects, buckets and Redis keys. */
export function uniquePrefix(label = 'x'): string {
  return `${inject('runId')}_${label}_${randomBytes(3).toString('hex')}`;
}

/** Creates a further empty database for one test (dropped by `drop`). */
export async function freshDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(inject('adminDatabaseUrl'), `${inject('runId')}_${randomBytes(4).toString('hex')}`);
}

/**
 * An empty database of its own (migrate it, or let startApi) for a test file that runs a background worker over whatever its database
 * holds: the messaging outbox claims every due message, an actor host leases the call partitions. Test files
 * run at once on their own clocks and buses, so one file's worker must never see another's rows (a clock
 * hours ahead would take their leases for lost; a host on another bus would own their partitions).
 */
export async function ownDatabase(label: string): Promise<{ url: string; sql: Sql; drop(): Promise<void> }> {
  const scratch = await createScratchDatabase(runDatabaseUrl(), `sentral_${label}_${randomBytes(4).toString('hex')}`);
  const sql = openDatabase({ url: scratch.url, max: 10 });
  return {
    url: scratch.url,
    sql,
    async drop() {
      await sql.end();
      await scratch.drop();
    },
  };
}
