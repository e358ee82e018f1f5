import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_SECONDS, openDatabase, type Sql } from '../../shared/db/database.js';
import { dependencyOutage } from '../../shared/errors/dependency-outage.js';
import { privatePostgres, type PrivateService } from '../support/private-services.js';

// A private PostgreSQL (stopping the shared one would disturb every other test file). The pool is the one
// every role uses; what is checked is what a request sees: a fast failure while the database is away, and
// queries running again at once when it is back, however many connections failed meanwhile.
describe('the database pool across a PostgreSQL restart', () => {
  let pg: PrivateService;
  let sql: Sql;

  beforeAll(async () => {
    pg = await privatePostgres();
    sql = openDatabase({ url: pg.url, max: 10 });
  }, 60_000);

  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await pg?.destroy();
  });

  /** Milliseconds `query` takes to settle, and its error when it failed. */
  async function timed(query: () => Promise<unknown>): Promise<{ ms: number; err: unknown }> {
    const started = performance.now();
    let err: unknown = null;
    await query().catch((e: unknown) => (err = e));
    return { ms: performance.now() - started, err };
  }

  it('fails each query as a database outage within the connect deadline while PostgreSQL is away', async () => {
    // Every connection of the pool open and in use, so that the stop closes all ten of them on an error.
    await Promise.all(Array.from({ length: 10 }, () => sql`select pg_sleep(0.05)`));
    await pg.stop();
    for (let i = 0; i < 10; i++) {
      const { ms, err } = await timed(() => sql`select 1`);
      expect(dependencyOutage(err)).toBe('database');
      expect(ms).toBeLessThan(CONNECT_TIMEOUT_SECONDS * 1000);
    }
    const concurrent = await Promise.all(Array.from({ length: 30 }, () => timed(() => sql`select 1`)));
    for (const { ms, err } of concurrent) {
      expect(dependencyOutage(err)).toBe('database');
      expect(ms).toBeLessThan(CONNECT_TIMEOUT_SECONDS * 1000);
    }
  }, 30_000);

  it('runs queries again as soon as PostgreSQL is back (no backoff grown by the whole pool)', async () => {
    await pg.start();
    // Before the cap every connection waited 10-20 s here: postgres.js's backoff grows with the failures
    // of all connections together (at least 40 by now).
    const results = await Promise.all(Array.from({ length: 20 }, () => timed(() => sql`select 1 as one`)));
    for (const { ms, err } of results) {
      expect(err).toBeNull();
      expect(ms).toBeLessThan(2_000);
    }
  }, 30_000);
});
