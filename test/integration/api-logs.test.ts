import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN, admin, bearer, call, createTestCompany, startApi, type ApiHarness } from './api-harness.js';

let h: ApiHarness;
beforeAll(async () => {
  // With the access log on, so every request leaves a line that could leak what it carried.
  h = await startApi({ rateLimit: { capacity: 3, refillPerSecond: 1 }, env: { SENTRAL_ACCESS_LOG: '1' } });
});
afterAll(async () => h.close());

describe('logs of a full run', () => {
  it('never contain a key, a secret or the admin token', async () => {
    const co = await createTestCompany(h.app);
    const p = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey, { 'idempotency-key': 'log-1' }), payload: { name: 'L', slug: 'logs' } });
    const k = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.testKey), payload: { name: 'n', mode: 'test', profileId: p.data.id, scopes: ['profiles:read'] } });
    await call(h.app, { method: 'GET', url: `/v1/profiles?key=${co.liveKey}`, headers: bearer(k.data.key) });
    await call(h.app, { method: 'POST', url: `/v1/profiles/${co.liveKey}/archive`, headers: bearer(co.liveKey) });
    await call(h.app, { method: 'GET', url: '/v1/nowhere', headers: admin() });
    await call(h.app, { method: 'POST', url: '/v1/profiles', headers: { ...bearer(co.liveKey), 'content-type': 'application/json' }, payload: `{"name":"${co.liveKey}"` });
    const logs = h.logs();
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [co.liveKey, co.testKey, k.data.key, TEST_ADMIN_TOKEN]) {
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(secret.slice(8));
    }
  });
});

describe('the access log (SENTRAL_ACCESS_LOG=1)', () => {
  it('writes one line per request: method, path without its query, status, time and request id', async () => {
    const co = await createTestCompany(h.app);
    const res = await call(h.app, { method: 'GET', url: '/v1/profiles?limit=5&cursor=secret-cursor', headers: bearer(co.testKey) });
    const lines = h.logs().split('\n').filter((l) => l.includes(`"reqId":"${res.headers['request-id']}"`));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: 'request', method: 'GET', path: '/v1/profiles', status: 200, ms: expect.any(Number) });
    expect(lines[0]).not.toContain('secret-cursor');
  });

  it('is off by default: a request leaves no line at the default level', async () => {
    const quiet = await startApi({ sql: h.sql });
    try {
      const co = await createTestCompany(quiet.app);
      const res = await call(quiet.app, { method: 'GET', url: '/v1/profiles', headers: bearer(co.testKey) });
      expect(res.statusCode).toBe(200);
      expect(quiet.logs()).not.toContain(String(res.headers['request-id']));
    } finally {
      await quiet.close();
    }
  });
});

describe('rate limits', () => {
  it('answer 429 rate_limited with Retry-After once a key spends its bucket, and refill over time', async () => {
    const co = await createTestCompany(h.app);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(co.liveKey) });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last!.data.error.code).toBe('rate_limited');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const other = await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(co.testKey) });
    expect(other.statusCode).toBe(200);
    await (h.clock as import('../../shared/clock/manual-clock.js').ManualClock).advance(2000);
    expect((await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(co.liveKey) })).statusCode).toBe(200);
  });
});
