/**
 * The API-key cache in the hot store: two server instances share one Redis and one database, as two
 * API processes of a cluster do. Revoking a key or archiving a profile on one is seen at once there and
 * within KEY_LOCAL_TTL_MS on the other (each keeps its own copy that long); a Redis that is away never
 * fails authentication.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { openDatabase } from '../../shared/db/database.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { HotStore } from '../../shared/kv/hot-store.js';
import { createRedisStore } from '../../shared/kv/redis-store.js';
import { KEY_CACHE_TTL_MS, KEY_LOCAL_TTL_MS } from '../../control/accounts/api-key-cache.js';
import { runDatabaseUrl, serviceUrls, uniquePrefix } from '../support/services.js';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

const prefix = uniquePrefix('keycache');
let a: ApiHarness;
let b: ApiHarness;
let clock: ManualClock;
let co: TestCompany;
let seq = 0;

beforeAll(async () => {
  clock = new ManualClock(Date.UTC(2026, 2, 15, 12));
  // Like two API processes: each its own pool and Redis connection; the same database, Redis prefix and time.
  const instance = () => startApi({
    clock,
    hot: createRedisStore({ url: serviceUrls.redis, prefix, clock }),
    sql: openDatabase({ url: runDatabaseUrl(), max: 5 }),
  });
  a = await instance();
  b = await instance();
  co = await createTestCompany(a.app);
});

afterAll(async () => {
  for (const h of [a, b]) {
    await h.close();
    await h.services.hot.close();
    await h.sql.end();
  }
  // The generation is stored without a ttl; leave nothing behind in the shared Redis.
  const raw = new Redis(serviceUrls.redis);
  const keys = await raw.keys(`${prefix}:*`);
  if (keys.length > 0) await raw.del(...keys);
  raw.disconnect();
});

async function makeKey(profileId?: string): Promise<{ id: string; key: string }> {
  const res = await call(a.app, {
    method: 'POST', url: '/v1/api-keys', headers: bearer(co.liveKey),
    payload: { name: 'cached', mode: 'live', scopes: ['profiles:read', 'keys:manage'], ...(profileId ? { profileId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.data.id, key: res.data.key };
}

async function makeProfile(): Promise<{ id: string; slug: string }> {
  const res = await call(a.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'P', slug: `cache-${++seq}` } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.data.id, slug: res.data.slug };
}

function listProfiles(app: FastifyInstance, key: string) {
  return call(app, { method: 'GET', url: '/v1/profiles', headers: bearer(key) });
}

describe('API-key cache in the hot store', () => {
  it('a key resolved once is served from the cache until its ttl, even if PostgreSQL changes behind the API', async () => {
    const { id, key } = await makeKey();
    expect((await listProfiles(a.app, key)).statusCode).toBe(200);
    // Revoked directly in the database, bypassing the API (so nothing clears the cache): the cache answers.
    await a.sql`update api_keys set revoked_at_ms = ${clock.now()} where id = ${id}`;
    expect((await listProfiles(a.app, key)).statusCode).toBe(200);
    expect((await listProfiles(b.app, key)).statusCode).toBe(200);
    await clock.advance(KEY_CACHE_TTL_MS + 1);
    for (const app of [a.app, b.app]) {
      const refused = await listProfiles(app, key);
      expect([refused.statusCode, refused.data.error.code]).toEqual([401, 'unauthenticated']);
    }
  });

  it('a new key works at once on both instances (unknown keys are never cached)', async () => {
    const { key } = await makeKey();
    const unknown = `sk_live_${'A'.repeat(32)}`;
    expect((await listProfiles(b.app, unknown)).statusCode).toBe(401);
    expect((await listProfiles(b.app, key)).statusCode).toBe(200);
    expect((await listProfiles(a.app, key)).statusCode).toBe(200);
  });

  it('a key revoked through one instance is refused there at once, and by the other, which had it cached, within its own copy\'s time', async () => {
    const { id, key } = await makeKey();
    expect((await listProfiles(a.app, key)).statusCode).toBe(200);
    expect((await listProfiles(b.app, key)).statusCode).toBe(200);
    const revoked = await call(a.app, { method: 'DELETE', url: `/v1/api-keys/${id}`, headers: bearer(co.liveKey) });
    expect(revoked.statusCode).toBe(200);
    const here = await listProfiles(a.app, key);
    expect([here.statusCode, here.data.error.code]).toEqual([401, 'unauthenticated']);
    await clock.advance(KEY_LOCAL_TTL_MS);
    for (const app of [b.app, a.app]) {
      const refused = await listProfiles(app, key);
      expect([refused.statusCode, refused.data.error.code]).toEqual([401, 'unauthenticated']);
    }
    // Other cached keys keep working (they are looked up again).
    expect((await listProfiles(b.app, co.liveKey)).statusCode).toBe(200);
  });

  it('a key revoking itself is refused on its next request', async () => {
    const { id, key } = await makeKey();
    expect((await call(b.app, { method: 'DELETE', url: `/v1/api-keys/${id}`, headers: bearer(key) })).statusCode).toBe(200);
    expect((await listProfiles(a.app, key)).statusCode).toBe(401);
  });

  it('every key of a profile archived through one instance is refused there at once and by the other within its own copy\'s time', async () => {
    const profile = await makeProfile();
    const keys = [await makeKey(profile.id), await makeKey(profile.id)];
    for (const { key } of keys) {
      expect((await listProfiles(a.app, key)).statusCode).toBe(200);
      expect((await listProfiles(b.app, key)).statusCode).toBe(200);
    }
    const archived = await call(b.app, { method: 'POST', url: `/v1/profiles/${profile.slug}/archive`, headers: bearer(co.liveKey) });
    expect(archived.data.state).toBe('archived');
    for (const { key } of keys) expect((await listProfiles(b.app, key)).statusCode).toBe(401);
    await clock.advance(KEY_LOCAL_TTL_MS);
    for (const { key } of keys) {
      for (const app of [a.app, b.app]) {
        const refused = await listProfiles(app, key);
        expect([refused.statusCode, refused.data.error.code]).toEqual([401, 'unauthenticated']);
      }
    }
  });

  it('a cache entry that does not read back as a principal is ignored, not trusted', async () => {
    const { key } = await makeKey();
    expect((await listProfiles(a.app, key)).statusCode).toBe(200);
    const raw = new Redis(serviceUrls.redis);
    try {
      // Overwrite every cached entry of this run with something that is not a principal.
      const entries = await raw.keys(`${prefix}:apikeys:*:*`);
      expect(entries.length).toBeGreaterThan(0);
      for (const name of entries) await raw.hset(name, 'v', '{"keyId":1,"scopes":"all"}');
    } finally {
      raw.disconnect();
    }
    const res = await listProfiles(b.app, key);
    expect(res.statusCode).toBe(200);
    expect(res.data.data.length).toBeGreaterThan(0);
  });
});

describe('API-key cache with the hot store away', () => {
  let down: ApiHarness;
  beforeAll(async () => {
    down = await startApi({ hot: unreachableStore(), clock, sql: openDatabase({ url: runDatabaseUrl(), max: 3 }) });
  });
  afterAll(async () => {
    await down.close();
    await down.sql.end();
  });

  it('authenticates from PostgreSQL, and still refuses unknown and revoked keys', async () => {
    expect((await listProfiles(down.app, co.liveKey)).statusCode).toBe(200);
    expect((await listProfiles(down.app, `sk_live_${'B'.repeat(32)}`)).statusCode).toBe(401);
    const { id, key } = await makeKey();
    expect((await listProfiles(down.app, key)).statusCode).toBe(200);
    await a.sql`update api_keys set revoked_at_ms = ${clock.now()} where id = ${id}`;
    expect((await listProfiles(down.app, key)).statusCode).toBe(401);
    expect(down.logs()).toContain('API key cache unavailable');
  });

  it('a revocation is stored but answered 503 service_unavailable (the cache could not be cleared); repeating it finishes', async () => {
    const { id, key } = await makeKey();
    const res = await call(down.app, { method: 'DELETE', url: `/v1/api-keys/${id}`, headers: bearer(co.liveKey) });
    expect([res.statusCode, res.data.error.code]).toEqual([503, 'service_unavailable']);
    expect((await listProfiles(down.app, key)).statusCode).toBe(401);
    const again = await call(a.app, { method: 'DELETE', url: `/v1/api-keys/${id}`, headers: bearer(co.liveKey) });
    expect(again.statusCode).toBe(200);
    expect((await listProfiles(b.app, key)).statusCode).toBe(401);
  });
});

// A hot store whose every call rejects as the Redis adapter does while Redis is away.
function unreachableStore(): HotStore {
  const away = async (): Promise<never> => {
    throw new SentralError('service_unavailable', { message: 'The hot store (Redis) is unavailable.' });
  };
  return { get: away, set: away, setIfAbsent: away, del: away, incr: away, incrUpTo: away, takeToken: away, ping: away, close: async () => {} };
}
