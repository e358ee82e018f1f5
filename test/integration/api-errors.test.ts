import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeCatalogue } from '../../protocol/api/scopes.js';
import type { RegisteredRoute } from '../../control/api/plugins/openapi.js';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

let h: ApiHarness;
let co: TestCompany;
const routes: RegisteredRoute[] = [];

beforeAll(async () => {
  h = await startApi({
    bodyLimit: 4096,
    readiness: async () => ({ ok: false, failing: ['bus'] }),
  });
  for (const r of h.routes()) routes.push(r);
  co = await createTestCompany(h.app);
});
afterAll(async () => h.close());

function expectErrorShape(res: { headers: Record<string, unknown>; data: any }, code: string): void {
  expect(res.data).toEqual({ error: expect.objectContaining({ code, message: expect.any(String), requestId: res.headers['request-id'] }) });
  expect(Object.keys(res.data.error).every((k) => ['code', 'message', 'param', 'requestId'].includes(k))).toBe(true);
}

describe('error shape', () => {
  it('answers an unknown route with 404 not_found and a request-id', async () => {
    const res = await call(h.app, { method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res, 'not_found');
    expect(res.headers['request-id']).toMatch(/^req_/);
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: { ...bearer(co.liveKey), 'content-type': 'application/json' }, payload: '{"name": "x",' });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res, 'invalid_json');
  });

  it('names the missing field of a schema violation in param', async () => {
    const res = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'x' } });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res, 'invalid_request');
    expect(res.data.error.param).toBe('slug');
  });

  it('names a wrong nested value and an unknown field in param', async () => {
    const nested = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'x', slug: 'x', services: { sms: 'yes' } } });
    expect(nested.data.error.param).toBe('services.sms');
    const extra = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'x', slug: 'x', colour: 'red' } });
    expect(extra.statusCode).toBe(400);
    expect(extra.data.error.param).toBe('colour');
  });

  it('answers a body over the limit with 413 payload_too_large', async () => {
    const res = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'x'.repeat(5000), slug: 'big' } });
    expect(res.statusCode).toBe(413);
    expectErrorShape(res, 'payload_too_large');
    // The answer names the limit, so the client knows how far to cut.
    expect(res.data.error.message).toBe('The request body is larger than the limit of 4096 bytes.');
  });

  it('accepts JSON only: another content type is 415', async () => {
    const res = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: { ...bearer(co.liveKey), 'content-type': 'text/plain' }, payload: 'name=x' });
    expect(res.statusCode).toBe(415);
    expectErrorShape(res, 'unsupported_media_type');
  });

  it('puts a request-id header on success too', async () => {
    const res = await call(h.app, { method: 'GET', url: '/v1/profiles', headers: bearer(co.liveKey) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['request-id']).toMatch(/^req_/);
  });
});

describe('operational routes', () => {
  it('GET /healthz is ok without auth', async () => {
    const res = await call(h.app, { method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 503 naming the failing part', async () => {
    const res = await call(h.app, { method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.data.failing).toEqual(['bus']);
  });

  it('GET /metrics answers in Prometheus text format', async () => {
    const res = await call(h.app, { method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
  });
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and documents every registered /v1 and admin route', async () => {
    const res = await call(h.app, { method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.data.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(res.data.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    const expected = routes.filter((r) => r.config.auth !== 'none').map((r) => `${r.method} ${r.url}`);
    expect(expected.length).toBeGreaterThan(10);
    for (const route of expected) expect(documented, `${route} is missing from the OpenAPI document`).toContain(route);
    for (const hidden of ['GET /healthz', 'GET /readyz', 'GET /metrics']) expect(documented).not.toContain(hidden);
  });

  it('shows each operation\'s scope, idempotency and errors', async () => {
    const doc = (await call(h.app, { method: 'GET', url: '/v1/openapi.json' })).data;
    const create = doc.paths['/v1/profiles'].post;
    expect(create.security).toEqual([{ apiKey: ['profiles:manage'] }]);
    expect(create['x-idempotency']).toBe('optional');
    expect(create.responses['409'].description).toContain('idempotency_in_flight');
    const keys = doc.paths['/v1/api-keys'].post;
    expect(keys['x-idempotency']).toBe('unsupported');
    expect(keys.responses['400'].description).toContain('idempotency_unsupported');
    expect(doc.paths['/admin/v1/companies'].post.security).toEqual([{ adminToken: [] }]);
  });

  it('every key route needs a scope from the published catalogue, listed for that operation', () => {
    for (const r of routes.filter((x) => (x.config.auth ?? 'key') === 'key')) {
      const entry = scopeCatalogue.find((s) => s.scope === r.config.scope);
      expect(entry, `${r.method} ${r.url} needs a catalogued scope`).toBeDefined();
      expect(entry!.operations as readonly string[], `${r.method} ${r.url} is listed under ${r.config.scope}`).toContain(`${r.method} ${r.url}`);
    }
  });

  it('admin routes need the admin token', async () => {
    const res = await call(h.app, { method: 'GET', url: '/admin/v1/companies', headers: bearer(co.liveKey) });
    expect(res.statusCode).toBe(401);
    const ok = await call(h.app, { method: 'GET', url: `/admin/v1/companies/${co.id}`, headers: admin() });
    expect(ok.statusCode).toBe(200);
  });
});
