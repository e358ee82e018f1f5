import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { allScopes } from '../../protocol/api/scopes.js';
import type { ManualClock } from '../../shared/clock/manual-clock.js';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

let h: ApiHarness;
let co: TestCompany;
let seq = 0;

beforeAll(async () => {
  h = await startApi();
  co = await createTestCompany(h.app);
});
afterAll(async () => h.close());

const clock = () => h.clock as ManualClock;

/** Asks for a sign-in link with `key`; returns the link's token (its fragment). */
async function linkToken(key: string, host = '127.0.0.1:8080'): Promise<string> {
  const res = await call(h.app, { method: 'POST', url: '/v1/console-sessions', headers: { ...bearer(key, { 'idempotency-key': `cs-${++seq}`, host }) } });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.data.url).toMatch(new RegExp(`^http://${host.replace(/\./g, '\\.')}/console/sign-in#csl_[0-9A-Za-z]{40}$`));
  expect(Date.parse(res.data.expiresAt) - clock().now()).toBe(10 * 60_000);
  return res.data.url.split('#')[1];
}

/** Uses a link: the session cookie's value, its Set-Cookie header and the session (with its CSRF token). */
async function signIn(token: string, host = '127.0.0.1:8080') {
  const res = await call(h.app, { method: 'POST', url: '/v1/console-sessions/sign-in', headers: { host }, payload: { token } });
  expect(res.statusCode, res.body).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = /^sentral_console=(css_[0-9A-Za-z]+);/.exec(setCookie)![1]!;
  return { cookie, setCookie, session: res.data };
}

/** A request made as the console makes it: the cookie and (unless null) the CSRF header. */
function asConsole(cookie: string, csrf: string | null, options: InjectOptions): Promise<Awaited<ReturnType<typeof call>>> {
  const headers = { ...(options.headers as Record<string, string> | undefined), cookie: `other=1; sentral_console=${cookie}`, ...(csrf === null ? {} : { 'x-csrf-token': csrf }) };
  return call(h.app, { ...options, headers });
}

async function makeKey(parent: string, body: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const res = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(parent), payload: { name: 'k', mode: 'live', scopes: allScopes, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.data.id, key: res.data.key };
}

describe('console sign-in links', () => {
  it('a key mints a link (Idempotency-Key required); using it sets an httpOnly, SameSite=Strict, 12 h cookie whose session has the key\'s powers', async () => {
    const missing = await call(h.app, { method: 'POST', url: '/v1/console-sessions', headers: bearer(co.liveKey) });
    expect(missing.data.error.code).toBe('idempotency_key_required');
    const { cookie, setCookie, session } = await signIn(await linkToken(co.liveKey));
    expect(setCookie).toMatch(/; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    expect(session).toMatchObject({ object: 'console_session', mode: 'live', profileId: null, keyPrefix: co.liveKey.slice(0, 12) });
    expect(session.scopes).toEqual(allScopes);
    expect(Date.parse(session.expiresAt) - clock().now()).toBe(12 * 3_600_000);

    const balance = await asConsole(cookie, session.csrfToken, { method: 'GET', url: '/v1/balance' });
    expect(balance.statusCode, balance.body).toBe(200);
    // The page learns its CSRF token from the session read, the one request that needs only the cookie.
    const current = await asConsole(cookie, null, { method: 'GET', url: '/v1/console-sessions/current' });
    expect(current.data).toEqual(session);
    expect(current.headers['cache-control']).toBe('no-store');
  });

  it('sets a Secure cookie when the browser reached the server on a name other than loopback', async () => {
    const host = 'console.example.no';
    const { setCookie } = await signIn(await linkToken(co.liveKey, host), host);
    expect(setCookie).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('refuses a used link, an expired one and a made-up one, saying which', async () => {
    const token = await linkToken(co.liveKey);
    await signIn(token);
    const again = await call(h.app, { method: 'POST', url: '/v1/console-sessions/sign-in', payload: { token } });
    expect([again.statusCode, again.data.error.code]).toEqual([401, 'console_link_invalid']);
    expect(again.data.error.message).toMatch(/used already/);
    expect(again.headers['set-cookie']).toBeUndefined();

    const late = await linkToken(co.liveKey);
    await clock().advance(10 * 60_000);
    const expired = await call(h.app, { method: 'POST', url: '/v1/console-sessions/sign-in', payload: { token: late } });
    expect([expired.statusCode, expired.data.error.message]).toEqual([401, expect.stringMatching(/expired/)]);

    for (const token of ['csl_' + 'A'.repeat(40), 'x', "csl_' or 1=1 --", `csl_${'é'.repeat(40)}`]) {
      const res = await call(h.app, { method: 'POST', url: '/v1/console-sessions/sign-in', payload: { token } });
      expect([res.statusCode, res.data.error.code], token).toEqual([401, 'console_link_invalid']);
    }
    for (const payload of [{}, { token: 'a'.repeat(129) }, { token: 5 }, { token: 'x', extra: 1 }, { token: `csl_\u0000${'a'.repeat(39)}` }]) {
      const res = await call(h.app, { method: 'POST', url: '/v1/console-sessions/sign-in', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('needs the CSRF header on every other request, and the right one', async () => {
    const { cookie, session } = await signIn(await linkToken(co.liveKey));
    for (const csrf of [null, '', 'x'.repeat(43), session.csrfToken.slice(1)]) {
      const res = await asConsole(cookie, csrf, { method: 'POST', url: '/v1/profiles', payload: { name: 'P', slug: `p-${++seq}` } });
      expect([res.statusCode, res.data.error.code], String(csrf)).toEqual([403, 'csrf_token_invalid']);
    }
    const ok = await asConsole(cookie, session.csrfToken, { method: 'POST', url: '/v1/profiles', payload: { name: 'P', slug: `p-${++seq}` } });
    expect(ok.statusCode, ok.body).toBe(201);
    // Another session's token is no good either.
    const other = await signIn(await linkToken(co.liveKey));
    expect((await asConsole(cookie, other.session.csrfToken, { method: 'GET', url: '/v1/balance' })).statusCode).toBe(403);
  });

  it('acts with exactly the key\'s scopes and profile, and cannot mint links, reach the admin API or pass for another key', async () => {
    const profile = (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'Shop', slug: `shop-${++seq}` } })).data;
    const otherProfile = (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'Other', slug: `other-${++seq}` } })).data;
    const narrow = await makeKey(co.liveKey, { profileId: profile.id, scopes: ['console:sign-in', 'profiles:read'] });
    const { cookie, session } = await signIn(await linkToken(narrow.key));
    expect(session.profileId).toBe(profile.id);
    const as = (options: InjectOptions) => asConsole(cookie, session.csrfToken, options);

    const profiles = await as({ method: 'GET', url: '/v1/profiles' });
    expect(profiles.data.data.map((p: { id: string }) => p.id)).toEqual([profile.id]);
    expect((await as({ method: 'GET', url: `/v1/profiles/${otherProfile.slug}` })).statusCode).toBe(404);
    const calls = await as({ method: 'GET', url: '/v1/calls' });
    expect([calls.statusCode, calls.data.error.message]).toEqual([403, 'This operation needs the scope calls:read.']);
    const mint = await as({ method: 'POST', url: '/v1/console-sessions', headers: { 'idempotency-key': `m-${++seq}` } });
    expect(mint.statusCode).toBe(403);
    expect((await as({ method: 'GET', url: '/admin/v1/companies' })).statusCode).toBe(401);
    // An Authorization header wins over the cookie: the request is the header's key's, whatever the cookie.
    const withKey = await as({ method: 'GET', url: '/v1/calls', headers: bearer(co.liveKey) });
    expect(withKey.statusCode).toBe(200);
    // A key without console:sign-in cannot open the console at all.
    const plain = await makeKey(co.liveKey, { scopes: ['calls:read'] });
    const refused = await call(h.app, { method: 'POST', url: '/v1/console-sessions', headers: bearer(plain.key, { 'idempotency-key': `r-${++seq}` }) });
    expect(refused.data.error.message).toContain('console:sign-in');
  });

  it('ends after 12 hours, when signed out, when revoked, and with its key', async () => {
    const expiring = await signIn(await linkToken(co.liveKey));
    const key = await makeKey(co.liveKey, {});
    const withKey = await signIn(await linkToken(key.key));
    const revoked = await signIn(await linkToken(co.liveKey));
    const out = await signIn(await linkToken(co.liveKey));
    const works = (s: typeof out) => asConsole(s.cookie, s.session.csrfToken, { method: 'GET', url: '/v1/balance' }).then((r) => r.statusCode);
    expect(await Promise.all([expiring, withKey, revoked, out].map(works))).toEqual([200, 200, 200, 200]);

    const signOut = await asConsole(out.cookie, out.session.csrfToken, { method: 'DELETE', url: '/v1/console-sessions/current' });
    expect(signOut.statusCode, signOut.body).toBe(200);
    expect(String(signOut.headers['set-cookie'])).toMatch(/^sentral_console=; Path=\/; Max-Age=0;/);
    expect((await call(h.app, { method: 'DELETE', url: `/v1/console-sessions/${revoked.session.id}`, headers: bearer(co.liveKey) })).statusCode).toBe(200);
    expect((await call(h.app, { method: 'DELETE', url: `/v1/api-keys/${key.id}`, headers: bearer(co.liveKey) })).statusCode).toBe(200);
    expect(await Promise.all([withKey, revoked, out].map(works))).toEqual([401, 401, 401]);
    const ended = await asConsole(out.cookie, out.session.csrfToken, { method: 'GET', url: '/v1/balance' });
    expect(ended.data.error.message).toMatch(/sign in again/);

    await clock().advance(12 * 3_600_000);
    expect(await works(expiring)).toBe(401);
    // A link of a revoked key signs in no more.
    const late = await makeKey(co.liveKey, {});
    const token = await linkToken(late.key);
    await call(h.app, { method: 'DELETE', url: `/v1/api-keys/${late.id}`, headers: bearer(co.liveKey) });
    const res = await call(h.app, { method: 'POST', url: '/v1/console-sessions/sign-in', payload: { token } });
    expect([res.statusCode, res.data.error.message]).toEqual([401, expect.stringMatching(/key that made this sign-in link was revoked/)]);
  });

  it('another company cannot revoke a session, and hostile cookies are plain 401s', async () => {
    const mine = await signIn(await linkToken(co.liveKey));
    const stranger = await createTestCompany(h.app);
    const res = await call(h.app, { method: 'DELETE', url: `/v1/console-sessions/${mine.session.id}`, headers: bearer(stranger.liveKey) });
    expect(res.statusCode).toBe(404);
    // Test keys do not see live sessions either.
    expect((await call(h.app, { method: 'DELETE', url: `/v1/console-sessions/${mine.session.id}`, headers: bearer(co.testKey) })).statusCode).toBe(404);
    for (const value of ['', 'css_short', `css_${'a'.repeat(43)}`, `${mine.cookie}x`, 'x'.repeat(4000), '%00%ff', mine.session.csrfToken]) {
      const r = await asConsole(value, mine.session.csrfToken, { method: 'GET', url: '/v1/balance' });
      expect(r.statusCode, value.slice(0, 20)).toBe(401);
    }
    expect((await call(h.app, { method: 'GET', url: '/admin/v1/companies', headers: { ...admin(), cookie: `sentral_console=${mine.cookie}` } })).statusCode).toBe(200);
  });
});
