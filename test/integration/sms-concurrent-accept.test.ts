/**
 * Concurrent POST /v1/sms share a transaction (the route's group commit). What a customer sees must be what
 * one request at a time would give: at the edge of the balance exactly as many are accepted as the money
 * covers and the rest are refused insufficient_balance; a refused neighbour (sender not allowed, recipient
 * opted out, no such profile, a profile with SMS off) gets its own error and changes nothing for the others; a
 * retried Idempotency-Key in the same burst names the same message.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { ownDatabase } from '../support/services.js';
import { realClock } from '../../shared/clock/real-clock.js';

let api: ApiHarness;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let company: TestCompany;
let profile: { id: string; slug: string };
let off: { id: string };
const FROM = '+4790000611';

beforeAll(async () => {
  database = await ownDatabase('sms_concurrent');
  api = await startApi({ clock: realClock, sql: database.sql });
  // 13 one-unit messages (75 øre each) fit, the 14th does not.
  company = await createTestCompany(api.app, 13 * 75 + 74);
  const slug = `burst-${randomUUID().slice(0, 6)}`;
  profile = (await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey), payload: { name: 'Burst', slug, services: { sms: true } } })).data;
  profile.slug = slug;
  off = (await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey), payload: { name: 'Off', slug: `off-${slug}`, services: { sms: false } } })).data;
  await call(api.app, { method: 'POST', url: '/admin/v1/numbers', headers: admin(), payload: { number: FROM, companyId: company.id, profileId: profile.id } });
  await call(api.app, { method: 'POST', url: `/v1/profiles/${slug}/suppressions`, headers: bearer(company.liveKey), payload: { address: '+4791000999' } });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await database?.drop();
});

async function balance(): Promise<number> {
  return Number((await api.sql<{ b: number }[]>`select balance_ore as b from companies where id = ${company.id}`)[0]!.b);
}

function send(payload: Record<string, unknown>, key = randomUUID()) {
  return call(api.app, { method: 'POST', url: '/v1/sms', headers: bearer(company.liveKey, { 'idempotency-key': key }), payload });
}

it('accepts exactly what the balance covers from a burst and refuses the rest, to the øre', async () => {
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send({ profileId: profile.id, from: FROM, to: '+4791000001', text: `burst ${i}` })));
  const accepted = answers.filter((a) => a.statusCode === 201);
  expect(accepted).toHaveLength(13);
  for (const a of answers.filter((x) => x.statusCode !== 201)) expect([a.statusCode, a.data.error.code]).toEqual([402, 'insufficient_balance']);
  expect(await balance()).toBe(74);
  const [held] = await api.sql<{ n: number; ore: number }[]>`
    select count(*)::int as n, coalesce(sum(reserved_ore), 0)::int as ore from reservations where company_id = ${company.id} and state = 'open'`;
  expect(held).toEqual({ n: 13, ore: 13 * 75 });
  const ids = new Set(accepted.map((a) => a.data.id as string));
  expect(ids.size).toBe(13);
});

it('gives each refused request of a burst its own error and the others their messages; a repeated key names one message', async () => {
  await call(api.app, { method: 'POST', url: '/admin/v1/companies/' + company.id + '/top-ups', headers: admin(), payload: { amountOre: 10_000 } });
  const key = randomUUID();
  const good = { profileId: profile.id, from: FROM, to: '+4791000002', text: 'hei' };
  const answers = await Promise.all([
    send(good),
    send({ ...good, from: '+4790000000' }),
    send({ ...good, to: '+4791000999' }),
    send({ ...good, profileId: randomUUID() }),
    send({ ...good, profileId: off.id }),
    send({ ...good, text: '😀'.repeat(400) }),
    send({ ...good, text: 'once' }, key),
    send({ ...good, text: 'once' }, key),
  ]);
  const codes = answers.map((a) => (a.statusCode === 201 ? 'created' : a.data.error.code));
  expect(codes.slice(0, 6)).toEqual(['created', 'sender_not_allowed', 'recipient_opted_out', 'not_found', 'service_disabled', 'too_many_units']);
  // The same key twice at once: one is created, the other waits its turn (in flight) or replays the same message.
  const twice = answers.slice(6);
  expect(twice.filter((a) => a.statusCode === 201).length).toBeGreaterThanOrEqual(1);
  for (const a of twice) expect(a.statusCode === 201 ? a.data.id : a.data.error.code).toBeOneOf([twice.find((x) => x.statusCode === 201)!.data.id, 'idempotency_in_flight']);
  expect(await balance()).toBe(74 + 10_000 - 2 * 75);
});

it('a burst from several companies at once: each pays its own price from its own balance, and one short of money refuses only its own', async () => {
  // Three companies: the default price with room for all; a cheaper price with room for three; the default with room for none.
  const priced = [{ balance: 10_000, unitOre: 75 }, { balance: 3 * 50 + 10, unitOre: 50 }, { balance: 74, unitOre: 75 }];
  const tenants = await Promise.all(priced.map(async ({ balance: ore, unitOre }, n) => {
    const c = await createTestCompany(api.app, ore);
    if (unitOre !== 75) await call(api.app, { method: 'PUT', url: `/admin/v1/companies/${c.id}/prices`, headers: admin(), payload: { smsUnitOre: unitOre } });
    const p = (await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(c.liveKey), payload: { name: 'Many', slug: `many-${n}-${randomUUID().slice(0, 6)}`, services: { sms: true } } })).data;
    const from = `+479000062${n}`;
    await call(api.app, { method: 'POST', url: '/admin/v1/numbers', headers: admin(), payload: { number: from, companyId: c.id, profileId: p.id } });
    return { company: c, profileId: p.id as string, from };
  }));
  const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => {
    const t = tenants[i % 3]!;
    return call(api.app, { method: 'POST', url: '/v1/sms', headers: bearer(t.company.liveKey, { 'idempotency-key': randomUUID() }), payload: { profileId: t.profileId, from: t.from, to: '+4791000001', text: `many ${i}` } });
  }));
  const outcome = (n: number) => answers.filter((_, i) => i % 3 === n).map((a) => (a.statusCode === 201 ? a.data.priceOre : a.data.error.code));
  expect(outcome(0)).toEqual([75, 75, 75, 75, 75]);
  expect(outcome(1).filter((o) => o === 50)).toHaveLength(3);
  expect(outcome(1).filter((o) => o === 'insufficient_balance')).toHaveLength(2);
  expect(outcome(2)).toEqual(Array(5).fill('insufficient_balance'));
  const balances = await api.sql<{ id: string; b: number }[]>`select id, balance_ore::int as b from companies where id = any(${tenants.map((t) => t.company.id)})`;
  expect(tenants.map((t) => balances.find((b) => b.id === t.company.id)!.b)).toEqual([10_000 - 5 * 75, 10, 74]);
});
