import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { allScopes } from '../../protocol/api/scopes.js';
import { TEST_ADMIN_TOKEN, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

let h: ApiHarness;
let co: TestCompany;
// A profile of the company per mode-independent use (profiles have no mode).
let profile: { id: string; slug: string };
let seq = 0;

beforeAll(async () => {
  h = await startApi();
  co = await createTestCompany(h.app);
  profile = await makeProfile(co.liveKey);
});
afterAll(async () => h.close());

async function makeProfile(key: string): Promise<{ id: string; slug: string }> {
  const res = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(key), payload: { name: 'P', slug: `p-${++seq}` } });
  expect(res.statusCode).toBe(201);
  return { id: res.data.id, slug: res.data.slug };
}

async function makeKey(parent: string, mode: 'live' | 'test', profileId: string | undefined, scopes: readonly string[]): Promise<{ id: string; key: string }> {
  const res = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(parent), payload: { name: 'k', mode, scopes, ...(profileId ? { profileId } : {}) } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.data.id, key: res.data.key };
}

type Kind = 'company' | 'profile';
interface Case {
  route: string;
  scope: string;
  /** Builds the request for a caller of this mode (it may create what the request needs). */
  request: (mode: 'live' | 'test') => Promise<InjectOptions>;
  ok: Record<Kind, number>;
}

const parentOf = (mode: 'live' | 'test') => (mode === 'live' ? co.liveKey : co.testKey);

const cases: Case[] = [
  { route: 'POST /v1/profiles', scope: 'profiles:manage', ok: { company: 201, profile: 403 }, request: async () => ({ method: 'POST', url: '/v1/profiles', payload: { name: 'n', slug: `m-${++seq}` } }) },
  { route: 'GET /v1/profiles', scope: 'profiles:read', ok: { company: 200, profile: 200 }, request: async () => ({ method: 'GET', url: '/v1/profiles' }) },
  { route: 'GET /v1/profiles/:slug', scope: 'profiles:read', ok: { company: 200, profile: 200 }, request: async () => ({ method: 'GET', url: `/v1/profiles/${profile.slug}` }) },
  { route: 'PATCH /v1/profiles/:slug', scope: 'profiles:manage', ok: { company: 200, profile: 200 }, request: async () => ({ method: 'PATCH', url: `/v1/profiles/${profile.slug}`, payload: { description: 'd' } }) },
  { route: 'POST /v1/profiles/:slug/archive', scope: 'profiles:manage', ok: { company: 200, profile: 403 }, request: async () => ({ method: 'POST', url: `/v1/profiles/${(await makeProfile(co.liveKey)).slug}/archive` }) },
  { route: 'PUT /v1/profiles/:slug/limit', scope: 'profiles:manage', ok: { company: 200, profile: 403 }, request: async () => ({ method: 'PUT', url: `/v1/profiles/${profile.slug}/limit`, payload: { limitOre: 5000 } }) },
  { route: 'GET /v1/profiles/:slug/usage', scope: 'usage:read', ok: { company: 200, profile: 200 }, request: async () => ({ method: 'GET', url: `/v1/profiles/${profile.slug}/usage?period=2026-03` }) },
  { route: 'POST /v1/profiles/:slug/senders', scope: 'profiles:manage', ok: { company: 201, profile: 201 }, request: async () => ({ method: 'POST', url: `/v1/profiles/${profile.slug}/senders`, payload: { sender: `Shop ${++seq}` } }) },
  { route: 'GET /v1/profiles/:slug/senders', scope: 'profiles:read', ok: { company: 200, profile: 200 }, request: async () => ({ method: 'GET', url: `/v1/profiles/${profile.slug}/senders` }) },
  {
    route: 'DELETE /v1/profiles/:slug/senders/:sender', scope: 'profiles:manage', ok: { company: 200, profile: 200 },
    request: async () => {
      const sender = `Gone ${++seq}`;
      await call(h.app, { method: 'POST', url: `/v1/profiles/${profile.slug}/senders`, headers: bearer(co.liveKey), payload: { sender } });
      return { method: 'DELETE', url: `/v1/profiles/${profile.slug}/senders/${encodeURIComponent(sender)}` };
    },
  },
  { route: 'POST /v1/profiles/:slug/email-domains', scope: 'email:domains', ok: { company: 201, profile: 201 }, request: async () => ({ method: 'POST', url: `/v1/profiles/${profile.slug}/email-domains`, payload: { domain: `mail${++seq}.example.no` } }) },
  { route: 'GET /v1/profiles/:slug/email-domains', scope: 'email:domains', ok: { company: 200, profile: 200 }, request: async () => ({ method: 'GET', url: `/v1/profiles/${profile.slug}/email-domains` }) },
  {
    route: 'POST /v1/profiles/:slug/email-domains/:domain/verify', scope: 'email:domains', ok: { company: 200, profile: 200 },
    request: async () => {
      const domain = `verify${++seq}.example.no`;
      await call(h.app, { method: 'POST', url: `/v1/profiles/${profile.slug}/email-domains`, headers: bearer(co.liveKey), payload: { domain } });
      return { method: 'POST', url: `/v1/profiles/${profile.slug}/email-domains/${domain}/verify` };
    },
  },
  { route: 'GET /v1/profiles/:slug/suppressions', scope: 'suppressions:manage', ok: { company: 200, profile: 200 }, request: async () => ({ method: 'GET', url: `/v1/profiles/${profile.slug}/suppressions` }) },
  { route: 'POST /v1/profiles/:slug/suppressions', scope: 'suppressions:manage', ok: { company: 201, profile: 201 }, request: async () => ({ method: 'POST', url: `/v1/profiles/${profile.slug}/suppressions`, payload: { address: `+479810${String(++seq).padStart(4, '0')}` } }) },
  {
    route: 'DELETE /v1/profiles/:slug/suppressions/:address', scope: 'suppressions:manage', ok: { company: 200, profile: 200 },
    request: async () => {
      const address = `+479820${String(++seq).padStart(4, '0')}`;
      await call(h.app, { method: 'POST', url: `/v1/profiles/${profile.slug}/suppressions`, headers: bearer(co.liveKey), payload: { address } });
      return { method: 'DELETE', url: `/v1/profiles/${profile.slug}/suppressions/${encodeURIComponent(address)}` };
    },
  },
  { route: 'POST /v1/api-keys', scope: 'keys:manage', ok: { company: 201, profile: 201 }, request: async (mode) => ({ method: 'POST', url: '/v1/api-keys', payload: { name: 'n', mode, profileId: profile.id, scopes: ['keys:manage'] } }) },
  { route: 'GET /v1/api-keys', scope: 'keys:manage', ok: { company: 200, profile: 200 }, request: async () => ({ method: 'GET', url: '/v1/api-keys' }) },
  { route: 'GET /v1/api-keys/:id', scope: 'keys:manage', ok: { company: 200, profile: 200 }, request: async (mode) => ({ method: 'GET', url: `/v1/api-keys/${(await makeKey(parentOf(mode), mode, profile.id, ['calls:read'])).id}` }) },
  { route: 'DELETE /v1/api-keys/:id', scope: 'keys:manage', ok: { company: 200, profile: 200 }, request: async (mode) => ({ method: 'DELETE', url: `/v1/api-keys/${(await makeKey(parentOf(mode), mode, profile.id, ['keys:manage'])).id}` }) },
  // The customer's account: reads any key may make with its scope; the balance and company usage need a company key.
  { route: 'GET /v1/available-numbers', scope: 'numbers:read', ok: { company: 200, profile: 200 }, request: async () => ({ method: 'GET', url: '/v1/available-numbers?type=phone' }) },
  { route: 'GET /v1/numbers', scope: 'numbers:read', ok: { company: 200, profile: 200 }, request: async () => ({ method: 'GET', url: '/v1/numbers' }) },
  { route: 'GET /v1/balance', scope: 'balance:read', ok: { company: 200, profile: 403 }, request: async () => ({ method: 'GET', url: '/v1/balance' }) },
  { route: 'GET /v1/usage', scope: 'usage:read', ok: { company: 200, profile: 403 }, request: async () => ({ method: 'GET', url: '/v1/usage' }) },
  { route: 'GET /v1/calls', scope: 'calls:read', ok: { company: 200, profile: 200 }, request: async () => ({ method: 'GET', url: '/v1/calls' }) },
];

describe('authorization matrix: every route × company/profile key × live/test × with/without its scope', () => {
  it('covers every route of profiles and API keys', () => {
    const mine = h.routes().filter((r) => (r.config.auth ?? 'key') === 'key' && /^\/v1\/(profiles|api-keys)/.test(r.url));
    expect(mine.map((r) => `${r.method} ${r.url}`).sort()).toEqual(cases.map((c) => c.route).filter((r) => /^\w+ \/v1\/(profiles|api-keys)/.test(r)).sort());
  });

  for (const c of cases) {
    for (const kind of ['company', 'profile'] as const) {
      for (const mode of ['live', 'test'] as const) {
        it(`${c.route} with a ${mode} ${kind} key: ${c.ok[kind]} with ${c.scope}, 403 without`, async () => {
          const profileId = kind === 'profile' ? profile.id : undefined;
          const withScope = await makeKey(parentOf(mode), mode, profileId, allScopes);
          const without = await makeKey(parentOf(mode), mode, profileId, allScopes.filter((s) => s !== c.scope));
          const allowed = await call(h.app, { ...(await c.request(mode)), headers: bearer(withScope.key) });
          expect(allowed.statusCode, allowed.body).toBe(c.ok[kind]);
          const denied = await call(h.app, { ...(await c.request(mode)), headers: bearer(without.key) });
          expect(denied.statusCode).toBe(403);
          expect(denied.data.error.code).toBe('forbidden');
          expect(denied.data.error.message).toContain(c.scope);
        });
      }
    }
  }
});

describe('authentication', () => {
  const cases: [string, Record<string, string>][] = [
    ['no Authorization header', {}],
    ['a Basic header', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a malformed key', { authorization: 'Bearer sk_live_short' }],
    ['an unknown well-formed key', { authorization: `Bearer sk_live_${'A'.repeat(32)}` }],
    ['the admin token on a /v1 route', { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }],
    ['a key with trailing junk', { authorization: `Bearer ${'sk_test_'.padEnd(40, 'b')} x` }],
  ];
  for (const [name, headers] of cases) {
    it(`answers ${name} with 401 unauthenticated`, async () => {
      const res = await call(h.app, { method: 'GET', url: '/v1/profiles', headers });
      expect(res.statusCode).toBe(401);
      expect(res.data.error.code).toBe('unauthenticated');
    });
  }

  it('a revoked key stops working at once', async () => {
    const k = await makeKey(co.liveKey, 'live', undefined, ['profiles:read']);
    expect((await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(k.key) })).statusCode).toBe(200);
    const del = await call(h.app, { method: 'DELETE', url: `/v1/api-keys/${k.id}`, headers: bearer(co.liveKey) });
    expect(del.data.revokedAt).not.toBeNull();
    expect((await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(k.key) })).statusCode).toBe(401);
  });

  it('archiving a profile revokes all its keys at once', async () => {
    const p = await makeProfile(co.liveKey);
    const keys = [await makeKey(co.liveKey, 'live', p.id, ['profiles:read']), await makeKey(co.testKey, 'test', p.id, ['profiles:read'])];
    const archived = await call(h.app, { method: 'POST', url: `/v1/profiles/${p.slug}/archive`, headers: bearer(co.liveKey) });
    expect(archived.data.state).toBe('archived');
    for (const k of keys) expect((await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(k.key) })).statusCode).toBe(401);
    const list = await call(h.app, { method: 'GET', url: '/v1/api-keys', headers: bearer(co.liveKey) });
    expect(list.data.data.find((k: { id: string }) => k.id === keys[0]!.id).revokedAt).not.toBeNull();
  });
});

describe('isolation', () => {
  it('a profile key sees only its profile; another profile is 404 to it', async () => {
    const other = await makeProfile(co.liveKey);
    const k = await makeKey(co.liveKey, 'live', profile.id, allScopes);
    const list = await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(k.key) });
    expect(list.data.data.map((p: { id: string }) => p.id)).toEqual([profile.id]);
    for (const req of [
      { method: 'GET', url: `/v1/profiles/${other.slug}` },
      { method: 'GET', url: `/v1/profiles/${other.id}` },
      { method: 'PATCH', url: `/v1/profiles/${other.slug}`, payload: { name: 'x' } },
      { method: 'GET', url: `/v1/profiles/${other.slug}/usage` },
    ] as InjectOptions[]) {
      const res = await call(h.app, { ...req, headers: bearer(k.key) });
      expect(res.statusCode).toBe(404);
    }
    const mint = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(k.key), payload: { name: 'x', mode: 'live', profileId: other.id, scopes: ['profiles:read'] } });
    expect(mint.statusCode).toBe(404);
  });

  it('another company\'s profiles and keys are 404', async () => {
    const stranger = await createTestCompany(h.app);
    expect((await call(h.app, { method: 'GET', url: `/v1/profiles/${profile.slug}`, headers: bearer(stranger.liveKey) })).statusCode).toBe(404);
    const k = await makeKey(co.liveKey, 'live', undefined, ['calls:read']);
    expect((await call(h.app, { method: 'DELETE', url: `/v1/api-keys/${k.id}`, headers: bearer(stranger.liveKey) })).statusCode).toBe(404);
  });

  it('live keys see only live keys and test keys only test keys', async () => {
    const live = await makeKey(co.liveKey, 'live', undefined, ['calls:read']);
    const test = await makeKey(co.testKey, 'test', undefined, ['calls:read']);
    expect((await call(h.app, { method: 'GET', url: `/v1/api-keys/${test.id}`, headers: bearer(co.liveKey) })).statusCode).toBe(404);
    expect((await call(h.app, { method: 'GET', url: `/v1/api-keys/${live.id}`, headers: bearer(co.testKey) })).statusCode).toBe(404);
    const testList = await call(h.app, { method: 'GET', url: '/v1/api-keys', headers: bearer(co.testKey) });
    expect(testList.data.data.every((k: { mode: string }) => k.mode === 'test')).toBe(true);
  });

  it('a company key of either mode creates keys of either mode, which the other mode does not see', async () => {
    for (const [parent, mode] of [[co.liveKey, 'test'], [co.testKey, 'live']] as const) {
      const made = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(parent), payload: { name: `cross ${mode}`, mode, scopes: ['calls:read'] } });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.data.mode).toBe(mode);
      expect(made.data.key).toMatch(new RegExp(`^sk_${mode}_`));
      // The new key works in its own mode, and its maker (the other mode) does not see it.
      const list = await call(h.app, { method: 'GET', url: '/v1/calls', headers: bearer(made.data.key) });
      expect(list.statusCode).toBe(200);
      expect((await call(h.app, { method: 'GET', url: `/v1/api-keys/${made.data.id}`, headers: bearer(parent) })).statusCode).toBe(404);
      expect((await call(h.app, { method: 'GET', url: `/v1/api-keys/${made.data.id}`, headers: bearer(mode === 'live' ? co.liveKey : co.testKey) })).data.mode).toBe(mode);
    }
  });

  it('a key never mints more power than its own', async () => {
    const narrow = await makeKey(co.liveKey, 'live', profile.id, ['keys:manage', 'calls:read']);
    const wider = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(narrow.key), payload: { name: 'x', mode: 'live', scopes: ['calls:write'] } });
    expect(wider.statusCode).toBe(403);
    expect(wider.data.error.param).toBe('scopes');
    const otherMode = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(narrow.key), payload: { name: 'x', mode: 'test', scopes: ['calls:read'] } });
    expect(otherMode.statusCode).toBe(403);
    expect(otherMode.data.error.param).toBe('mode');
    const companyWide = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(narrow.key), payload: { name: 'x', mode: 'live', scopes: ['calls:read'] } });
    expect(companyWide.statusCode).toBe(201);
    expect(companyWide.data.profileId).toBe(profile.id);
    expect(companyWide.data.key).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
  });
});
