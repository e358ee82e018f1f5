import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capture, release, reserve, topUp } from '../../control/billing/ledger.js';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

let h: ApiHarness;
let co: TestCompany;

beforeAll(async () => {
  h = await startApi();
  co = await createTestCompany(h.app, 10_000);
});
afterAll(async () => h.close());

const key = () => bearer(co.liveKey);

describe('profiles', () => {
  it('creates, reads by slug and id, lists and changes a profile', async () => {
    const created = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: key(), payload: { name: 'Acme AS', slug: 'acme', description: 'Client', services: { sms: true, phone: true } } });
    expect(created.statusCode).toBe(201);
    expect(created.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.data.services).toEqual({ sms: true, email: false, letters: false, phone: true });
    expect((await call(h.app, { method: 'GET', url: '/v1/profiles/acme', headers: key() })).data.id).toBe(created.data.id);
    expect((await call(h.app, { method: 'GET', url: `/v1/profiles/${created.data.id}`, headers: key() })).data.slug).toBe('acme');
    const changed = await call(h.app, { method: 'PATCH', url: '/v1/profiles/acme', headers: key(), payload: { name: 'Acme Norge', services: { email: true } } });
    expect(changed.data).toMatchObject({ name: 'Acme Norge', services: { sms: true, email: true, letters: false, phone: true } });
  });

  it('refuses a slug that is taken in the company', async () => {
    await call(h.app, { method: 'POST', url: '/v1/profiles', headers: key(), payload: { name: 'A', slug: 'twice' } });
    const again = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: key(), payload: { name: 'B', slug: 'twice' } });
    expect(again.statusCode).toBe(409);
    expect(again.data.error).toMatchObject({ code: 'profile_slug_taken', param: 'slug' });
  });

  it('refuses to change the slug with a clear error', async () => {
    await call(h.app, { method: 'POST', url: '/v1/profiles', headers: key(), payload: { name: 'S', slug: 'fixed' } });
    const res = await call(h.app, { method: 'PATCH', url: '/v1/profiles/fixed', headers: key(), payload: { slug: 'moved' } });
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toMatchObject({ code: 'profile_slug_immutable', param: 'slug' });
  });

  it('an archived profile keeps its history but cannot be changed', async () => {
    await call(h.app, { method: 'POST', url: '/v1/profiles', headers: key(), payload: { name: 'Old', slug: 'old' } });
    const archived = await call(h.app, { method: 'POST', url: '/v1/profiles/old/archive', headers: key() });
    expect(archived.data).toMatchObject({ state: 'archived', archivedAt: expect.any(String) });
    expect((await call(h.app, { method: 'GET', url: '/v1/profiles/old', headers: key() })).data.state).toBe('archived');
    const change = await call(h.app, { method: 'PATCH', url: '/v1/profiles/old', headers: key(), payload: { name: 'New' } });
    expect(change.data.error.code).toBe('profile_archived');
    const keyForIt = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: key(), payload: { name: 'k', mode: 'live', profileId: archived.data.id, scopes: ['calls:read'] } });
    expect(keyForIt.data.error.code).toBe('profile_archived');
  });

  it('sets and removes the monthly limit', async () => {
    await call(h.app, { method: 'POST', url: '/v1/profiles', headers: key(), payload: { name: 'L', slug: 'limited' } });
    const set = await call(h.app, { method: 'PUT', url: '/v1/profiles/limited/limit', headers: key(), payload: { limitOre: 500 } });
    expect(set.data.limitOre).toBe(500);
    for (const bad of [{ limitOre: -1 }, { limitOre: 1.5 }, { limitOre: '500' }, {}]) {
      const res = await call(h.app, { method: 'PUT', url: '/v1/profiles/limited/limit', headers: key(), payload: bad });
      expect(res.statusCode).toBe(400);
      expect(res.data.error.param).toBe('limitOre');
    }
    const removed = await call(h.app, { method: 'PUT', url: '/v1/profiles/limited/limit', headers: key(), payload: { limitOre: null } });
    expect(removed.data.limitOre).toBeNull();
  });
});

describe('ledger and usage', () => {
  it('usage per profile and month equals what was captured, split by service', async () => {
    const p = (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: key(), payload: { name: 'U', slug: 'usage' } })).data;
    await h.sql.begin(async (tx) => {
      const call1 = await reserve(tx, h.clock, { companyId: co.id, profileId: p.id, service: 'phone', amountOre: 250 });
      await capture(tx, h.clock, { reservationId: call1.reservationId, amountOre: 75 });
      expect(await release(tx, h.clock, { reservationId: call1.reservationId })).toBe(175);
      const stream = await reserve(tx, h.clock, { companyId: co.id, profileId: p.id, service: 'stream', amountOre: 50 });
      await capture(tx, h.clock, { reservationId: stream.reservationId, amountOre: 10 });
      await release(tx, h.clock, { reservationId: stream.reservationId });
    });
    const usage = await call(h.app, { method: 'GET', url: '/v1/profiles/usage/usage?period=2026-03', headers: key() });
    expect(usage.data).toMatchObject({
      from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z', currency: 'NOK',
      live: { totalOre: 85, services: { phone: { ore: 75 }, streams: { ore: 10 }, sms: { ore: 0 } } },
    });
    const april = await call(h.app, { method: 'GET', url: '/v1/profiles/usage/usage?period=2026-04', headers: key() });
    expect(april.data.live.totalOre).toBe(0);
    const test = await call(h.app, { method: 'GET', url: '/v1/profiles/usage/usage', headers: bearer(co.testKey) });
    expect(test.data.test.services.phone).toEqual({ calls: 0, minutes: 0, messages: 0, units: 0 });
    const company = await call(h.app, { method: 'GET', url: `/admin/v1/companies/${co.id}`, headers: admin() });
    expect(company.data.balanceOre).toBe(10_000 - 85);
    const bad = await call(h.app, { method: 'GET', url: '/v1/profiles/usage/usage?period=2026-13', headers: key() });
    expect(bad.data.error.param).toBe('period');
  });

  it('never lets the balance go below zero, even under 20 concurrent reservations', async () => {
    const poor = await createTestCompany(h.app, 1000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => h.sql.begin((tx) => reserve(tx, h.clock, { companyId: poor.id, profileId: null, service: 'phone', amountOre: 100 }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 'insufficient_balance')).toBe(true);
    const [row] = await h.sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${poor.id}`;
    expect(row!.balance_ore).toBe(0);
  });

  it('a partial reservation takes what the balance reaches', async () => {
    const small = await createTestCompany(h.app, 60);
    const r = await h.sql.begin((tx) => reserve(tx, h.clock, { companyId: small.id, profileId: null, service: 'phone', amountOre: 250, partial: true }));
    expect(r.amountOre).toBe(60);
    await expect(h.sql.begin((tx) => reserve(tx, h.clock, { companyId: small.id, profileId: null, service: 'phone', amountOre: 1, partial: true }))).rejects.toMatchObject({ code: 'insufficient_balance' });
  });

  it('stops a profile at its monthly limit while other profiles carry on', async () => {
    const a = (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: key(), payload: { name: 'A', slug: 'capped' } })).data;
    const b = (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: key(), payload: { name: 'B', slug: 'free' } })).data;
    await call(h.app, { method: 'PUT', url: '/v1/profiles/capped/limit', headers: key(), payload: { limitOre: 100 } });
    await h.sql.begin((tx) => reserve(tx, h.clock, { companyId: co.id, profileId: a.id, service: 'sms', amountOre: 80 }));
    await expect(h.sql.begin((tx) => reserve(tx, h.clock, { companyId: co.id, profileId: a.id, service: 'sms', amountOre: 30 }))).rejects.toMatchObject({ code: 'profile_limit_reached' });
    const partial = await h.sql.begin((tx) => reserve(tx, h.clock, { companyId: co.id, profileId: a.id, service: 'sms', amountOre: 30, partial: true }));
    expect(partial.amountOre).toBe(20);
    await h.sql.begin((tx) => reserve(tx, h.clock, { companyId: co.id, profileId: b.id, service: 'sms', amountOre: 300 }));
  });

  it('refuses to capture more than remains of a reservation', async () => {
    const r = await h.sql.begin((tx) => reserve(tx, h.clock, { companyId: co.id, profileId: null, service: 'phone', amountOre: 50 }));
    await expect(h.sql.begin((tx) => capture(tx, h.clock, { reservationId: r.reservationId, amountOre: 51 }))).rejects.toMatchObject({ code: 'reservation_exceeded' });
    const top = await h.sql.begin((tx) => topUp(tx, h.clock, { companyId: co.id, amountOre: 5 }));
    expect(top.entryId).toMatch(/^led_/);
  });
});
