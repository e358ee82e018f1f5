import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

// What an SRE scrapes from an API process: rate, errors and duration per route template and status class.

let h: ApiHarness;
let co: TestCompany;

beforeAll(async () => {
  h = await startApi();
  co = await createTestCompany(h.app);
});
afterAll(async () => h.close());

async function scrape(): Promise<string> {
  const res = await call(h.app, { method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series line, 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('per-route metrics', () => {
  it('counts requests by route template and status class, with their duration', async () => {
    const before = await scrape();
    const missing = '{method="GET",route="/v1/profiles/:slug",status_class="4xx"}';
    for (const id of ['prof_aaaaaaaaaaaa', 'prof_bbbbbbbbbbbb', 'prof_cccccccccccc']) {
      const res = await call(h.app, { method: 'GET', url: `/v1/profiles/${id}`, headers: bearer(co.liveKey) });
      expect(res.statusCode).toBe(404);
    }
    const listed = await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(co.liveKey) });
    expect(listed.statusCode).toBe(200);
    await call(h.app, { method: 'GET', url: '/v1/nothing-here/123' });

    const after = await scrape();
    // Three ids, one series: the template, never the raw path.
    expect(value(after, `sentral_http_requests_total${missing}`) - value(before, `sentral_http_requests_total${missing}`)).toBe(3);
    expect(after).not.toContain('prof_aaaaaaaaaaaa');
    expect(value(after, 'sentral_http_requests_total{method="GET",route="/v1/profiles",status_class="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'sentral_http_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('nothing-here');
    const count = value(after, `sentral_http_request_duration_seconds_count${missing}`) - value(before, `sentral_http_request_duration_seconds_count${missing}`);
    expect(count).toBe(3);
    expect(value(after, `sentral_http_request_duration_seconds_sum${missing}`)).toBeGreaterThan(0);
  });
});
