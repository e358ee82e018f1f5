import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPriceList } from '../../control/billing/price-list.js';
import { operationKey } from '../../control/api/plugins/openapi.js';
import { bearer, call, createTestCompany, startApi, type ApiHarness } from './api-harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h.close());

describe('every operation that reserves or draws money requires an Idempotency-Key', () => {
  it('the route table names every price of the price list, and each operation that charges one requires the key, as x-idempotency says', async () => {
    const doc = (await (await h.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const charged = new Set<string>();
    for (const route of h.routes()) {
      if (route.config.prices === undefined) continue;
      const key = operationKey(route.method, route.url);
      for (const price of route.config.prices) {
        expect(Object.keys(defaultPriceList), key).toContain(price);
        charged.add(price);
      }
      expect(route.config.idempotency, `${key} charges ${route.config.prices.join(', ')}`).toBe('required');
      const [method, path] = key.split(' ');
      const op = doc.paths[path!]![method!.toLowerCase()]!;
      expect({ idempotency: op['x-idempotency'], prices: op['x-prices'] }, key).toEqual({ idempotency: 'required', prices: route.config.prices });
    }
    expect([...charged].sort()).toEqual(Object.keys(defaultPriceList).sort());
    const keys = h.routes().filter((r) => r.config.prices !== undefined).map((r) => operationKey(r.method, r.url));
    expect(keys).toEqual(expect.arrayContaining([
      'POST /v1/calls/{id}/streams', 'POST /v1/calls/{id}/recording/start', 'POST /v1/calls/{id}/transcription/start',
      'POST /v1/calls', 'POST /v1/sms', 'POST /v1/email', 'POST /v1/letters', 'POST /v1/numbers', 'POST /v1/campaigns/{id}/start',
    ]));
  });

  it('refuses a stream, a recording or a transcription started without one, before anything is reserved', async () => {
    const co = await createTestCompany(h.app);
    for (const [url, payload] of [['/v1/calls/call_x/streams', { endpointId: 'ep_x' }], ['/v1/calls/call_x/recording/start', {}], ['/v1/calls/call_x/transcription/start', {}]] as const) {
      const res = await call(h.app, { method: 'POST', url, headers: bearer(co.testKey), payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.data.error, url).toMatchObject({ code: 'idempotency_key_required', param: 'Idempotency-Key' });
    }
  });
});
