/**
 * What a key may do to other keys, how many a company may hold, and that a company's keys share one rate
 * limit: minting keys buys neither power nor throughput.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allScopes, type Scope } from '../../protocol/api/scopes.js';
import { insertApiKey, MAX_ACTIVE_KEYS_PER_COMPANY } from '../../control/accounts/api-keys.js';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

describe('revoking keys: only keys with no power beyond the caller\'s own', () => {
  let h: ApiHarness;
  let co: TestCompany;
  const profiles: string[] = [];
  beforeAll(async () => {
    h = await startApi({ rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 } });
    co = await createTestCompany(h.app);
    for (const slug of ['rev-a', 'rev-b']) {
      const res = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: slug, slug } });
      profiles.push(res.data.id);
    }
  });
  afterAll(async () => h?.close());

  interface KeySpec {
    name: string;
    profile: 0 | 1 | null;
    scopes: readonly Scope[];
  }
  const KINDS: KeySpec[] = [
    { name: 'company, every scope', profile: null, scopes: allScopes },
    { name: 'company, keys:manage only', profile: null, scopes: ['keys:manage'] },
    { name: 'company, keys:manage + calls:read', profile: null, scopes: ['keys:manage', 'calls:read'] },
    { name: 'profile A, every scope', profile: 0, scopes: allScopes },
    { name: 'profile A, keys:manage only', profile: 0, scopes: ['keys:manage'] },
    { name: 'profile B, keys:manage only', profile: 1, scopes: ['keys:manage'] },
  ];

  async function mint(spec: KeySpec): Promise<{ id: string; key: string }> {
    const { record, key } = await insertApiKey(h.sql, h.clock, {
      companyId: co.id,
      profileId: spec.profile === null ? null : profiles[spec.profile]!,
      mode: 'live',
      name: spec.name,
      scopes: spec.scopes,
    });
    return { id: record.id, key };
  }

  for (const caller of KINDS) {
    for (const target of KINDS) {
      const visible = caller.profile === null || caller.profile === target.profile;
      const subset = target.scopes.every((s) => caller.scopes.includes(s));
      const expected = !visible ? 404 : !subset ? 403 : 200;
      it(`${caller.name} revoking ${target.name}: ${expected}`, async () => {
        const by = await mint(caller);
        const victim = await mint(target);
        const res = await call(h.app, { method: 'DELETE', url: `/v1/api-keys/${victim.id}`, headers: bearer(by.key) });
        expect(res.statusCode, res.body).toBe(expected);
        // The target still works unless it was revoked.
        const still = await call(h.app, { method: 'GET', url: '/v1/api-keys', headers: bearer(victim.key) });
        expect(still.statusCode).toBe(expected === 200 ? 401 : 200);
      });
    }
  }

  it('the company\'s all-scope key cannot be revoked by a key holding only keys:manage', async () => {
    const narrow = await mint(KINDS[1]!);
    const list = await call(h.app, { method: 'GET', url: '/v1/api-keys', headers: bearer(co.liveKey) });
    const companyKey = list.data.data.find((k: { name: string }) => k.name === 'Company live key');
    const res = await call(h.app, { method: 'DELETE', url: `/v1/api-keys/${companyKey.id}`, headers: bearer(narrow.key) });
    expect(res.statusCode).toBe(403);
    expect(res.data.error).toMatchObject({ code: 'forbidden', param: 'id' });
    expect((await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(co.liveKey) })).statusCode).toBe(200);
  });
});

describe('active keys per company are bounded', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startApi({ rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 } });
  });
  afterAll(async () => h?.close());

  it(`the ${MAX_ACTIVE_KEYS_PER_COMPANY}th active key is made, the next is 409 api_key_limit_reached until one is revoked`, async () => {
    const co = await createTestCompany(h.app);
    // The company starts with its live and test keys.
    for (let i = 2; i < MAX_ACTIVE_KEYS_PER_COMPANY - 1; i++) {
      await insertApiKey(h.sql, h.clock, { companyId: co.id, profileId: null, mode: 'test', name: `k${i}`, scopes: ['calls:read'] });
    }
    const create = () => call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.liveKey), payload: { name: 'n', mode: 'live', scopes: ['calls:read'] } });
    const last = await create();
    expect(last.statusCode, last.body).toBe(201);
    const over = await create();
    expect(over.statusCode).toBe(409);
    expect(over.data.error.code).toBe('api_key_limit_reached');
    expect((await call(h.app, { method: 'DELETE', url: `/v1/api-keys/${last.data.id}`, headers: bearer(co.liveKey) })).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
    // Another company is not affected.
    const other = await createTestCompany(h.app);
    expect((await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(other.liveKey), payload: { name: 'n', mode: 'live', scopes: ['calls:read'] } })).statusCode).toBe(201);
  });
});

describe('a company\'s keys share one rate limit', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    // The manual clock stands still: the buckets do not refill during the test.
    h = await startApi({ rateLimit: { capacity: 5, refillPerSecond: 0.01 }, companyRateLimit: { capacity: 20, refillPerSecond: 0.01 } });
  });
  afterAll(async () => h?.close());

  it('25 keys of one company get the company\'s 20 requests, not 25 × 5; another company is not touched', async () => {
    const co = await createTestCompany(h.app);
    const keys = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => (await insertApiKey(h.sql, h.clock, { companyId: co.id, profileId: null, mode: 'live', name: `spread-${i}`, scopes: ['profiles:read'] })).key),
    );
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (const key of keys) {
      for (let i = 0; i < 2; i++) {
        const res = await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(key) });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.data.error.code).toBe('rate_limited');
          retryAfter = res.headers['retry-after'];
        }
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    const other = await createTestCompany(h.app);
    expect((await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(other.liveKey) })).statusCode).toBe(200);
  });

  it('one key is still held to its own, smaller bucket', async () => {
    const co = await createTestCompany(h.app);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(co.liveKey) })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });
});
