import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
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
