import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { ownDatabase } from '../support/services.js';

// A request with an Idempotency-Key whose database goes away while it runs: the 503 it gets must keep the
// one error shape. Releasing its key fails too (the database is still away); thrown, that second failure
// replaced the answer with Fastify's own error shape and the client library's raw code (a SQLSTATE such as
// 57P03 or 25006 in a failover, CONNECTION_ENDED here).
let h: ApiHarness;
let co: TestCompany;
let db: Awaited<ReturnType<typeof ownDatabase>>;
let pool: Sql;

beforeAll(async () => {
  db = await ownDatabase('idem_outage');
  pool = openDatabase({ url: db.url, max: 2 });
  h = await startApi({
    sql: pool,
    checkEvents: false,
    beforeReady: async (app) => {
      app.post('/test/database-goes-away', { config: { idempotency: 'optional' } }, async () => {
        await pool.end();
        return pool`select 1`;
      });
    },
  });
  co = await createTestCompany(h.app);
});

afterAll(async () => {
  await h?.close();
  await db?.drop();
});

describe('an idempotent request whose database goes away', () => {
  it('answers 503 service_unavailable with Retry-After in the catalogue shape, never a raw database code', async () => {
    const res = await call(h.app, { method: 'POST', url: '/test/database-goes-away', headers: bearer(co.liveKey, { 'idempotency-key': 'gone-1' }), payload: {} });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.data).toEqual({ error: { code: 'service_unavailable', message: 'A backing service (database) is unavailable; retry later.', requestId: expect.any(String) } });
  });
});
