import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { capture, release, reserve } from '../../control/billing/ledger.js';
import { usageServiceOf } from '../../control/billing/usage.js';
import { messageChannels } from '../../control/messaging/channels/channel-registry.js';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness } from './api-harness.js';

const T0 = Date.UTC(2026, 2, 1);
const clock = new ManualClock(T0);
let h: ApiHarness;

beforeAll(async () => {
  h = await startApi({ clock });
});
afterAll(async () => h.close());

// Ledger services as the parts of sentral name them, and one no usage service knows (it must still add up).
const LEDGER_SERVICES = ['phone', 'inbound', 'app', 'bot', 'stream', 'recording', 'transcription', 'sms', 'email', 'letter', 'number', 'future_thing'];
const DAY = 24 * 3600_000;

const charge = fc.record({
  profile: fc.integer({ min: 0, max: 1 }),
  service: fc.constantFrom(...LEDGER_SERVICES),
  reservedOre: fc.integer({ min: 1, max: 50_000 }),
  capturedShare: fc.double({ min: 0, max: 1, noNaN: true }),
  afterMs: fc.integer({ min: 0, max: 20 * DAY }),
});

describe('usage', () => {
  it('equals the ledger to the øre for any charges and any range, per profile, per service and company-wide', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(charge, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 70 }), async (charges, fromDay, days) => {
        const co = await createTestCompany(h.app, 10_000_000);
        const profiles: string[] = [];
        for (const slug of [`a-${++run}`, `b-${run}`]) {
          profiles.push((await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: slug, slug } })).data.id);
        }
        const start = clock.now();
        for (const c of charges) {
          await clock.advance(c.afterMs);
          await h.sql.begin(async (tx) => {
            const held = await reserve(tx, clock, { companyId: co.id, profileId: profiles[c.profile]!, service: c.service, amountOre: c.reservedOre });
            await capture(tx, clock, { reservationId: held.reservationId, amountOre: Math.floor(c.reservedOre * c.capturedShare) });
            await release(tx, clock, { reservationId: held.reservationId });
          });
        }
        const from = new Date(Math.floor(start / DAY) * DAY + fromDay * DAY).toISOString();
        const to = new Date(Date.parse(from) + days * DAY).toISOString();
        const rows = await h.sql<{ profile_id: string; service: string; ore: number }[]>`
          select profile_id, service, sum(amount_ore)::bigint as ore from ledger_entries
          where company_id = ${co.id} and kind = 'capture' and created_at_ms >= ${Date.parse(from)} and created_at_ms < ${Date.parse(to)}
          group by profile_id, service`;
        let companyTotal = 0;
        for (const [i, profileId] of profiles.entries()) {
          const expected: Record<string, number> = {};
          for (const r of rows.filter((x) => x.profile_id === profileId)) {
            const s = usageServiceOf(r.service, messageChannels.channels.values());
            expected[s] = (expected[s] ?? 0) + r.ore;
          }
          const usage = await call(h.app, { method: 'GET', url: `/v1/profiles/${i === 0 ? `a-${run}` : `b-${run}`}/usage?from=${from}&to=${to}`, headers: bearer(co.liveKey) });
          expect(usage.statusCode, usage.body).toBe(200);
          const shown = Object.fromEntries(Object.entries(usage.data.live.services as Record<string, { ore: number }>).filter(([, l]) => l.ore > 0).map(([s, l]) => [s, l.ore]));
          expect(shown).toEqual(Object.fromEntries(Object.entries(expected).filter(([, ore]) => ore > 0)));
          const total = Object.values(expected).reduce((a, b) => a + b, 0);
          expect(usage.data.live.totalOre).toBe(total);
          companyTotal += total;
        }
        const company = await call(h.app, { method: 'GET', url: `/v1/usage?from=${from}&to=${to}`, headers: bearer(co.liveKey) });
        expect(company.data.totalOre).toBe(companyTotal);
        // The test key of the same company sees counts only, never øre.
        const test = await call(h.app, { method: 'GET', url: `/v1/profiles/a-${run}/usage?from=${from}&to=${to}`, headers: bearer(co.testKey) });
        expect(JSON.stringify(test.data.test)).not.toContain('ore');
      }),
      { numRuns: 15 },
    );
  });

  it('counts messages and SMS units for live and test keys alike (test: counts only)', async () => {
    const co = await createTestCompany(h.app, 100_000);
    const profileId = (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'm', slug: 'msgs', services: { sms: true } } })).data.id;
    const number = `+4759${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    await call(h.app, { method: 'POST', url: '/admin/v1/available-numbers', headers: admin(), payload: { type: 'phone', numbers: [number] } });
    const rented = await call(h.app, { method: 'POST', url: '/v1/numbers', headers: bearer(co.liveKey, { 'idempotency-key': `usage-${number}` }), payload: { profileId, number } });
    expect(rented.statusCode, rented.body).toBe(201);
    const send = (key: string, text: string, n: number) =>
      call(h.app, { method: 'POST', url: '/v1/sms', headers: bearer(key, { 'idempotency-key': `sms-${number}-${n}` }), payload: { profileId, from: number, to: '+4791234567', text } });
    for (const [n, text] of ['Hello', 'x'.repeat(200)].entries()) expect((await send(co.testKey, text, n)).statusCode).toBe(201);
    expect((await send(co.liveKey, 'Live hello', 9)).statusCode).toBe(201);
    const usage = await call(h.app, { method: 'GET', url: '/v1/profiles/msgs/usage', headers: bearer(co.liveKey) });
    expect(usage.data.test.services.sms).toEqual({ calls: 0, minutes: 0, messages: 2, units: 3 });
    expect(usage.data.live.services.sms).toMatchObject({ messages: 1, units: 1 });
    expect(usage.data.live.services.numbers).toMatchObject({ ore: 5_900, units: 1 });
  });

  it('refuses ranges that name no time, run backwards or are too long, with a 400 naming the field', async () => {
    const co = await createTestCompany(h.app);
    await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'r', slug: 'r' } });
    const cases: Array<[string, string]> = [
      ['from=2026-02-31', 'from'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['from=2020-01-01&to=2026-01-01', 'to'],
      ['period=2026-03&from=2026-03-01', 'period'],
      ['from=%ED%A0%80', 'from'],
      ['to=2026-13-01T00:00Z', 'to'],
    ];
    for (const [query, param] of cases) {
      for (const url of [`/v1/profiles/r/usage?${query}`, `/v1/usage?${query}`]) {
        const res = await call(h.app, { method: 'GET', url, headers: bearer(co.liveKey) });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.data.error.param, url).toBe(param);
      }
    }
    const key = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.liveKey), payload: { name: 'p', mode: 'live', profileId: (await call(h.app, { method: 'GET', url: '/v1/profiles/r', headers: bearer(co.liveKey) })).data.id, scopes: ['usage:read', 'balance:read'] } });
    expect((await call(h.app, { method: 'GET', url: '/v1/usage', headers: bearer(key.data.key) })).statusCode).toBe(403);
    expect((await call(h.app, { method: 'GET', url: '/v1/balance', headers: bearer(key.data.key) })).statusCode).toBe(403);
    expect((await call(h.app, { method: 'GET', url: '/v1/profiles/r/usage', headers: bearer(key.data.key) })).statusCode).toBe(200);
  });
});
