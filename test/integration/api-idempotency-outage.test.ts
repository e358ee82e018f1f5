import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { ownDatabase } from '../support/services.js';
import { startDatabaseProxy, throughProxy, type DatabaseProxy } from '../support/database-proxy.js';

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

// The same when the database comes back (a restart, a standby promoted): the key's claim was committed
// before the outage and its release refused during it. The release is tried again until the database takes
// it, so the client's retry with the same key runs again within about a second of the database's return
// instead of hearing 409 idempotency_in_flight until the claim's 60 s lease lapses. The database is reached
// through a proxy that can refuse connections and drop the open ones, as a dead server does.
describe('an idempotent request cut short by a database outage', () => {
  let api: ApiHarness;
  let company: TestCompany;
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let proxy: DatabaseProxy;
  let proxied: Sql;
  let runs = 0;

  beforeAll(async () => {
    database = await ownDatabase('idem_return');
    proxy = await startDatabaseProxy(Number(new URL(database.url).port));
    proxied = openDatabase({ url: throughProxy(database.url, proxy), max: 4 });
    api = await startApi({
      sql: proxied,
      clock: realClock,
      checkEvents: false,
      beforeReady: async (app) => {
        // The first run meets the outage; a run after it succeeds.
        app.post('/test/outage-then-fine', { config: { idempotency: 'required' } }, async () => {
          if (++runs === 1) {
            await proxy.down();
            await proxied`select 1`;
          }
          return { runs };
        });
      },
    });
    company = await createTestCompany(api.app);
  });

  afterAll(async () => {
    await api?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('a retry with the same key runs again soon after the database is back, not after the claim lapses', async () => {
    const send = () => call(api.app, { method: 'POST', url: '/test/outage-then-fine', headers: bearer(company.liveKey, { 'idempotency-key': 'cut-short-1' }), payload: {} });
    const first = await send();
    expect(first.statusCode).toBe(503);
    // While it is away, a retry cannot even be claimed.
    expect((await send()).statusCode).toBe(503);
    await proxy.up();
    const backAt = Date.now();
    const answers: number[] = [];
    let answer = await send();
    while (answer.statusCode !== 200 && Date.now() - backAt < 10_000) {
      answers.push(answer.statusCode);
      expect(answer.statusCode === 409 ? answer.data.error.code : answer.statusCode).toBe('idempotency_in_flight');
      await new Promise((resolve) => setTimeout(resolve, Number(answer.headers['retry-after'] ?? 1) * 1000));
      answer = await send();
    }
    expect(answer.statusCode, JSON.stringify(answer.data)).toBe(200);
    expect(answer.data).toEqual({ runs: 2 });
    expect(Date.now() - backAt).toBeLessThan(5_000);
  });
});
