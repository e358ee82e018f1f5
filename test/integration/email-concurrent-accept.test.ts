/**
 * Concurrent POST /v1/email share a transaction (the route's group commit, set-based). A burst that mixes
 * good and refused requests must answer each as one request at a time would: its message, or its own error
 * naming its own parameter, with nothing stored for a refused one.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { ownDatabase } from '../support/services.js';
import { realClock } from '../../shared/clock/real-clock.js';

let api: ApiHarness;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let company: TestCompany;
let profile: { id: string };
let off: { id: string };

beforeAll(async () => {
  database = await ownDatabase('email_concurrent');
  api = await startApi({ clock: realClock, sql: database.sql });
  company = await createTestCompany(api.app);
  const slug = `burst-${randomUUID().slice(0, 6)}`;
  profile = (await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.testKey), payload: { name: 'Burst', slug, services: { email: true } } })).data;
  off = (await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.testKey), payload: { name: 'Off', slug: `off-${slug}`, services: { email: false } } })).data;
  await call(api.app, { method: 'POST', url: `/v1/profiles/${slug}/email-domains`, headers: bearer(company.testKey), payload: { domain: 'butikk.example.no' } });
  await call(api.app, { method: 'POST', url: `/v1/profiles/${slug}/suppressions`, headers: bearer(company.testKey), payload: { address: 'gone@example.no' } });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await database?.drop();
});

it('gives each request of a burst its own answer, and stores nothing for a refused one', async () => {
  const good = { profileId: profile.id, from: 'Butikken <post@butikk.example.no>', to: 'kari@example.no', subject: 'Hei', text: 'Takk!' };
  const bodies = [
    good,
    { ...good, from: 'post@other.example.no' },
    { ...good, cc: ['ola@example.no', 'GONE@example.no'] },
    { ...good, profileId: randomUUID() },
    { ...good, profileId: off.id },
    { ...good, headers: { Bcc: 'sneaky@example.no' } },
    { ...good, to: ['a@example.no', 'b@example.no'], subject: 'Two' },
  ];
  const answers = await Promise.all(bodies.map((payload) => call(api.app, {
    method: 'POST', url: '/v1/email', headers: bearer(company.testKey, { 'idempotency-key': randomUUID() }), payload,
  })));
  expect(answers.map((a) => (a.statusCode === 201 ? 'created' : `${a.data.error.code}:${a.data.error.param}`))).toEqual([
    'created', 'sender_domain_not_verified:from', 'recipient_opted_out:cc', 'not_found:profileId', 'service_disabled:profileId', 'header_not_allowed:headers.Bcc', 'created',
  ]);
  // A test key draws nothing; wouldCostOre is what live would cost: one per recipient.
  expect([answers[0]!.data, answers[6]!.data].map((m) => [m.priceOre, m.wouldCostOre])).toEqual([[0, 1], [0, 2]]);
  const [stored] = await api.sql<{ n: number }[]>`select count(*)::int as n from messages where company_id = ${company.id} and channel = 'email'`;
  expect(stored!.n).toBe(2);
});
