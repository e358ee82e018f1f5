import { Redis } from 'ioredis';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusError } from '../../shared/bus/bus-error.js';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '../../control/api/plugins/error-handler.js';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

// A dependency that is away is a 503 with Retry-After, never a 500: each error below is the real one the
// client library raises (a refused connection, a closed pool, an unwritable Redis stream).

let h: ApiHarness;
let co: TestCompany;
const closedPool = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 1 });
const unreachablePool = postgres('postgres://postgres@127.0.0.1:1/none', { max: 1, connect_timeout: 2 });
const unreachableRedis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
// ioredis reports the refused connection as an event too; the command's rejection is what is tested.
unreachableRedis.on('error', () => {});

beforeAll(async () => {
  await closedPool.end();
  h = await startApi({
    beforeReady: async (app) => {
      app.get('/test/bus-unavailable', async () => {
        throw new BusError('unavailable', 'NATS is away');
      });
      app.get('/test/bus-other', async () => {
        throw new BusError('kv_wrong_revision');
      });
      app.get('/test/db-refused', async () => unreachablePool`select 1`);
      app.get('/test/db-ended', async () => closedPool`select 1`);
      app.get('/test/redis-away', async () => unreachableRedis.get('x'));
      app.get('/test/bug', async () => {
        throw new TypeError('x is undefined');
      });
    },
  });
  co = await createTestCompany(h.app);
});

afterAll(async () => {
  await h?.close();
  await unreachablePool.end();
  unreachableRedis.disconnect();
});

describe('dependency failures', () => {
  it.each([
    ['a bus that is away', '/test/bus-unavailable', 'bus'],
    ['any other bus failure', '/test/bus-other', 'bus'],
    ['a database that refuses connections', '/test/db-refused', 'database'],
    ['a database pool that was closed', '/test/db-ended', 'database'],
    ['Redis that cannot be reached', '/test/redis-away', 'redis'],
  ])('%s is 503 service_unavailable with Retry-After', async (_what, url, dependency) => {
    const res = await call(h.app, { method: 'GET', url, headers: bearer(co.liveKey) });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DEPENDENCY_RETRY_AFTER_SECONDS));
    expect(res.data.error).toMatchObject({ code: 'service_unavailable', message: `A backing service (${dependency}) is unavailable; retry later.` });
  });

  it('a bug is still a 500 internal_error, without Retry-After', async () => {
    const res = await call(h.app, { method: 'GET', url: '/test/bug', headers: bearer(co.liveKey) });
    expect(res.statusCode).toBe(500);
    expect(res.data.error.code).toBe('internal_error');
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
