import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { TEST_ADMIN_TOKEN, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

let h: ApiHarness;
let co: TestCompany;

beforeAll(async () => {
  h = await startApi({ rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 } });
  co = await createTestCompany(h.app);
  await call(h.app, { method: 'POST', url: '/v1/profiles', headers: { authorization: `Bearer ${co.liveKey}` }, payload: { name: 'F', slug: 'fuzz' } });
});
afterAll(async () => h.close());

const HOSTILE_SEGMENTS = ['%', '%zz', '%E0%A4%A', '..', '%2e%2e', 'fuzz%00', 'a'.repeat(5000), '%F0%9F%98%80', "' or 1=1 --", '$%7Bx%7D', 'null', '-1'];

const segment = fc.oneof(
  fc.constantFrom(...HOSTILE_SEGMENTS),
  fc.string({ unit: 'binary', maxLength: 80 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom('fuzz', 'key_01aaaaaaaaaaaaaaaaaaaaaaaa', 'co_01aaaaaaaaaaaaaaaaaaaaaaaa', '00000000-0000-0000-0000-000000000000'),
);

const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(
    fc.constantFrom('name', 'slug', 'mode', 'scopes', 'profileId', 'limitOre', 'services', 'balanceOre', 'amountOre', 'number', 'companyId', 'routing', 'description', '__proto__', 'constructor'),
    fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.constant(null)),
  ),
);

const rawBody = fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{', '{"a":', '[1,2', '\u0000', '{"__proto__":{"x":1}}', 'null', '""', '1e999'));

const headerValue = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('', ' ', 'Bearer', 'Bearer  ', `Bearer ${'x'.repeat(600)}`));

function expectSafe(res: { statusCode: number; headers: Record<string, unknown>; data: any }, what: string): void {
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.headers['request-id'], what).toBeDefined();
  if (res.statusCode >= 400) {
    expect(res.data?.error?.code, what).toEqual(expect.any(String));
    expect(res.data.error.requestId, what).toBe(res.headers['request-id']);
  }
}

describe('hostile input on every route: never a 500, always the error shape', () => {
  it('fuzzes bodies, path parameters and headers on every registered route', async () => {
    const routes = h.routes().filter((r) => r.url !== '/metrics' && r.url !== '/readyz');
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const authFor = route.config.auth === 'admin' ? TEST_ADMIN_TOKEN : co.liveKey;
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 3, maxLength: 3 }),
          fc.oneof(body.map((b) => ({ json: b })), rawBody.map((r) => ({ raw: r }))),
          fc.option(headerValue),
          fc.option(headerValue),
          fc.boolean(),
          async (segments, payload, idemKey, authHeader, validAuth) => {
            let i = 0;
            const url = route.url.replace(/:\w+/g, () => segments[i++]!);
            const headers: Record<string, string> = {};
            if (validAuth) headers.authorization = `Bearer ${authFor}`;
            else if (authHeader !== null) headers.authorization = authHeader;
            if (idemKey !== null) headers['idempotency-key'] = idemKey;
            const options: InjectOptions = { method: route.method as InjectOptions['method'], url, headers };
            if (route.method !== 'GET' && route.method !== 'DELETE') {
              if ('json' in payload) options.payload = payload.json as object;
              else {
                options.payload = payload.raw;
                headers['content-type'] = 'application/json';
              }
            }
            let res;
            try {
              res = await call(h.app, options);
            } catch (err) {
              // light-my-request refuses header values Node would never send (e.g. control characters).
              if (/Invalid character|header content/i.test(String(err))) return;
              throw err;
            }
            expectSafe(res, `${route.method} ${url}`);
          },
        ),
        { numRuns: 50, seed: 42 },
      );
    }
  }, 300_000); // 50 runs on each of the ~70 routes: minutes on a loaded machine

  it('fuzzes every route with lone surrogates, NUL, deep nesting and huge arrays: a 4xx, never a 5xx', async () => {
    const routes = h.routes().filter((r) => r.url !== '/metrics' && r.url !== '/readyz' && r.method !== 'GET' && r.method !== 'DELETE');
    // Text whose UTF-16 units include lone surrogates and NUL; JSON.stringify writes them as \u escapes.
    const poisonText = fc.string({ unit: fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\u0000', 'a', 'ø', '😀'), minLength: 1, maxLength: 12 });
    const poisonJson = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).chain((v) => poisonText.map((t) => JSON.stringify({ field: v, [t]: t, nested: { deeper: [t] } }))),
      fc.integer({ min: 33, max: 100_000 }).map((d) => `{"metadata":${'['.repeat(d)}${']'.repeat(d)}}`),
      fc.integer({ min: 33, max: 100_000 }).map((d) => `${'{"a":'.repeat(d)}"x"${'}'.repeat(d)}`),
      fc.integer({ min: 1001, max: 200_000 }).map((n) => `{"events":[${new Array(n).fill('"call.*"').join(',')}]}`),
    );
    let fuzzSeq = 0;
    for (const route of routes) {
      const auth = route.config.auth === 'admin' ? TEST_ADMIN_TOKEN : co.liveKey;
      await fc.assert(
        fc.asyncProperty(poisonJson, fc.constantFrom('fuzz', 'key_01aaaaaaaaaaaaaaaaaaaaaaaa'), async (payload, id) => {
          const url = route.url.replace(/:\w+/g, id);
          const headers = { authorization: `Bearer ${auth}`, 'content-type': 'application/json', 'idempotency-key': `fz-${++fuzzSeq}` };
          const res = await call(h.app, { method: route.method as InjectOptions['method'], url, headers, payload });
          expectSafe(res, `${route.method} ${url}`);
          expect(res.statusCode, `${route.method} ${url}`).toBeGreaterThanOrEqual(400);
        }),
        { numRuns: 12, seed: 10 },
      );
    }
  }, 300_000);

  it('fuzzes query strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 100 }), fc.string({ unit: fc.constantFrom('%00', '%ED%A0%80', '%uD800', '\u0000', 'a', '='), maxLength: 20 })), async (q) => {
        for (const url of [`/v1/profiles/fuzz/usage?period=${encodeURIComponent(q)}`, `/admin/v1/numbers?companyId=${encodeURIComponent(q)}`, `/v1/profiles?${q}`]) {
          const auth = url.startsWith('/admin') ? TEST_ADMIN_TOKEN : co.liveKey;
          expectSafe(await call(h.app, { method: 'GET', url, headers: { authorization: `Bearer ${auth}` } }), url);
        }
      }),
      { numRuns: 50, seed: 7 },
    );
  });
});
