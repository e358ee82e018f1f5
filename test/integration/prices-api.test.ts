import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness } from './api-harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h.close());

describe('GET /v1/prices', () => {
  it("answers the company's own prices, overrides included, and the ledger draws exactly those figures", async () => {
    const co = await createTestCompany(h.app, 100_000);
    const set = await call(h.app, { method: 'PUT', url: `/admin/v1/companies/${co.id}/prices`, headers: admin(), payload: { phoneNumberMonthOre: 6_100, botMinuteOre: 12 } });
    expect(set.statusCode, set.body).toBe(200);

    const res = await call(h.app, { method: 'GET', url: '/v1/prices', headers: bearer(co.liveKey) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toEqual({
      object: 'price_list', companyId: co.id, currency: 'NOK', vatIncluded: false,
      perMinuteOre: { participants: { phone: 25, app: 5, staff: 5, bot: 12, ai_agent: 12, stream: 5 }, inboundCall: 15, recording: 2, transcription: 10 },
      perMessageOre: { smsUnit: 75, emailRecipient: 1, letter: 500 },
      perMonthOre: { phoneNumber: 6_100, smsNumber: 49_000 },
      prices: (await call(h.app, { method: 'GET', url: `/admin/v1/companies/${co.id}/prices`, headers: admin() })).data,
    });
    // A test key of the company reads the same list (what live would cost).
    expect((await call(h.app, { method: 'GET', url: '/v1/prices', headers: bearer(co.testKey) })).data).toEqual(res.data);

    // Renting a number draws the month at the listed price.
    const number = `+4721${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    expect((await call(h.app, { method: 'POST', url: '/admin/v1/available-numbers', headers: admin(), payload: { type: 'phone', numbers: [number] } })).statusCode).toBe(200);
    const profile = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'Shop', slug: 'shop', services: { phone: true } } });
    const rented = await call(h.app, { method: 'POST', url: '/v1/numbers', headers: bearer(co.liveKey, { 'idempotency-key': `prices-${number}` }), payload: { profileId: profile.data.id, number } });
    expect(rented.statusCode, rented.body).toBe(201);
    const [drawn] = await h.sql<{ ore: string }[]>`select coalesce(sum(amount_ore), 0)::bigint as ore from ledger_entries where company_id = ${co.id} and kind = 'capture'`;
    expect(Number(drawn!.ore)).toBe(res.data.perMonthOre.phoneNumber);
  });

  it('needs a key, and usage:read', async () => {
    const co = await createTestCompany(h.app, 0);
    expect((await call(h.app, { method: 'GET', url: '/v1/prices' })).statusCode).toBe(401);
    const narrow = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.liveKey), payload: { name: 'n', mode: 'live', scopes: ['calls:read'] } });
    expect(narrow.statusCode, narrow.body).toBe(201);
    const refused = await call(h.app, { method: 'GET', url: '/v1/prices', headers: bearer(narrow.data.key) });
    expect(refused.statusCode).toBe(403);
    expect(refused.data.error.code).toBe('forbidden');
  });
});
