import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature as verify } from '../../clients/typescript/src/signature.js';
import { recordEvent } from '../../control/events/event-log.js';
import { openWebhookHarness, type WebhookHarness } from '../support/webhook-harness.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.js';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

let wh: WebhookHarness;
let api: ApiHarness;
let co: TestCompany;
let r: WebhookReceiver;

beforeAll(async () => {
  wh = await openWebhookHarness();
  await wh.dispatcher();
  api = await startApi({
    sql: wh.sql,
    clock: wh.clock,
    bus: wh.services.bus,
    env: { SENTRAL_ALLOW_INSECURE_TARGETS: '1' },
    // The event log's paging is tested with made-up events.
    checkEvents: false,
  });
  co = await createTestCompany(api.app);
  r = await startWebhookReceiver();
});

afterAll(async () => {
  await api?.close();
  await wh?.close();
  await r?.close();
});

const post = (url: string, payload?: unknown, key = co.testKey) =>
  call(api.app, { method: 'POST', url, headers: bearer(key), ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, key = co.testKey) => call(api.app, { method: 'GET', url, headers: bearer(key) });

function verifies(secret: string, hook: ReceivedWebhook): boolean {
  const h = hook.headers as Record<string, string>;
  return verify(h['webhook-signature']!, { secrets: [secret] }, h['webhook-id']!, h['webhook-timestamp']!, hook.body, { now: wh.clock.now() });
}

describe('webhook endpoint routes', () => {
  it('registers an endpoint, returns its secret once, and sends a verifiable test event', async () => {
    const created = await post('/v1/webhook-endpoints', { url: r.url, events: ['call.*'], description: 'main' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.data).toMatchObject({ object: 'webhook_endpoint', url: r.url, events: ['call.*'], mode: 'test', profileId: null, disabled: false, publicKey: null });
    expect(created.data.secret).toMatch(/^whsec_/);
    expect(created.headers['cache-control']).toBe('no-store');
    const id = created.data.id as string;

    const read = await get(`/v1/webhook-endpoints/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.data.secret).toBeUndefined();
    const list = await get('/v1/webhook-endpoints');
    expect(list.data.data.map((e: { id: string }) => e.id)).toContain(id);
    expect((await get('/v1/webhook-endpoints', co.liveKey)).data.data).toHaveLength(0);

    const test = await post(`/v1/webhook-endpoints/${id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    expect(test.data).toMatchObject({ object: 'webhook_delivery', endpointId: id, eventType: 'webhook.test' });
    const hook = await r.next();
    expect(verifies(created.data.secret, hook)).toBe(true);
    expect(hook.headers['webhook-id']).toBe(test.data.id);
    await wh.idle();

    const attempts = await get(`/v1/webhook-endpoints/${id}/attempts?limit=10`);
    expect(attempts.statusCode).toBe(200);
    expect(attempts.data.data[0]).toMatchObject({ deliveryId: test.data.id, statusCode: 200, responseBody: 'ok' });

    const events = await get('/v1/events?type=webhook.test');
    expect(events.data.data.map((e: { id: string }) => e.id)).toEqual([test.data.eventId]);
    const one = await get(`/v1/events/${test.data.eventId}`);
    expect(one.data).toMatchObject({ object: 'event', type: 'webhook.test', api_version: '1', data: { endpointId: id } });
  });

  it('rotates the secret, turns on Ed25519, changes and deletes an endpoint', async () => {
    const { data: ep } = await post('/v1/webhook-endpoints', { url: r.url, events: ['*'] });
    const rotated = await post(`/v1/webhook-endpoints/${ep.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(ep.secret);

    const ed = await call(api.app, { method: 'PUT', url: `/v1/webhook-endpoints/${ep.id}/ed25519`, headers: bearer(co.testKey) });
    expect(ed.statusCode).toBe(200);
    expect(ed.data.publicKey).toMatch(/^whpk_[A-Za-z0-9+/]{43}=$/);
    const again = await call(api.app, { method: 'PUT', url: `/v1/webhook-endpoints/${ep.id}/ed25519`, headers: bearer(co.testKey) });
    expect(again.data.publicKey).toBe(ed.data.publicKey);

    const patched = await call(api.app, { method: 'PATCH', url: `/v1/webhook-endpoints/${ep.id}`, headers: bearer(co.testKey), payload: { events: ['sms.status'], description: 'sms' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.data).toMatchObject({ events: ['sms.status'], description: 'sms', url: r.url });

    const deleted = await call(api.app, { method: 'DELETE', url: `/v1/webhook-endpoints/${ep.id}`, headers: bearer(co.testKey) });
    expect(deleted.data).toEqual({ id: ep.id, object: 'webhook_endpoint', deleted: true });
    expect((await get(`/v1/webhook-endpoints/${ep.id}`)).data.error.code).toBe('not_found');
  });

  it('refuses hostile and malformed endpoint bodies with a catalogued error', async () => {
    const cases: [unknown, number, string][] = [
      [{ url: 'http://10.0.0.1/hook', events: ['*'] }, 400, 'invalid_target_url'],
      [{ url: 'https://169.254.169.254/latest', events: ['*'] }, 400, 'invalid_target_url'],
      [{ url: 'file:///etc/passwd', events: ['*'] }, 400, 'invalid_target_url'],
      [{ url: `https://example.com/${'a'.repeat(3000)}`, events: ['*'] }, 400, 'invalid_request'],
      [{ url: r.url }, 400, 'invalid_request'],
      [{ url: r.url, events: [] }, 400, 'invalid_request'],
      [{ url: r.url, events: ['call.'] }, 400, 'invalid_request'],
      [{ url: r.url, events: ['**'] }, 400, 'invalid_request'],
      [{ url: r.url, events: ['call.*.x'] }, 400, 'invalid_request'],
      [{ url: r.url, events: ['*', '*'] }, 400, 'invalid_request'],
      [{ url: r.url, events: ['*'], extra: 1 }, 400, 'invalid_request'],
      [{ url: r.url, events: ['*'], description: 'x'.repeat(1001) }, 400, 'invalid_request'],
      [{ url: r.url, events: ['*'], mode: 'live' }, 403, 'forbidden'],
      [{ url: r.url, events: ['*'], profileId: '00000000-0000-4000-8000-000000000000' }, 404, 'not_found'],
      [{ url: 42, events: ['*'] }, 400, 'invalid_request'],
      [[], 400, 'invalid_request'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await post('/v1/webhook-endpoints', payload);
      expect([res.statusCode, res.data?.error?.code], JSON.stringify(payload).slice(0, 80)).toEqual([status, code]);
    }
    const notJson = await call(api.app, { method: 'POST', url: '/v1/webhook-endpoints', headers: bearer(co.testKey, { 'content-type': 'application/json' }), payload: '{"url":' });
    expect(notJson.statusCode).toBe(400);
  });

  it('keeps endpoints and events to their company and requires the scopes', async () => {
    const { data: ep } = await post('/v1/webhook-endpoints', { url: r.url, events: ['*'] });
    const other = await createTestCompany(api.app);
    expect((await get(`/v1/webhook-endpoints/${ep.id}`, other.testKey)).statusCode).toBe(404);
    expect((await post(`/v1/webhook-endpoints/${ep.id}/rotate-secret`, undefined, other.testKey)).statusCode).toBe(404);
    const { data: evt } = await post(`/v1/webhook-endpoints/${ep.id}/test`);
    expect((await get(`/v1/events/${evt.eventId}`, other.testKey)).statusCode).toBe(404);
    expect((await get(`/v1/events/${evt.eventId}`, co.liveKey)).statusCode).toBe(404);

    const narrow = await post('/v1/api-keys', { name: 'n', mode: 'test', scopes: ['events:read'] });
    expect(narrow.statusCode).toBe(201);
    expect((await get('/v1/webhook-endpoints', narrow.data.key)).data.error.code).toBe('forbidden');
    expect((await get('/v1/events', narrow.data.key)).statusCode).toBe(200);
    await wh.idle();
  });

  it('pages the event log oldest first and validates its query', async () => {
    const other = await createTestCompany(api.app);
    await wh.sql.begin(async (tx) => {
      for (let i = 0; i < 5; i++) {
        await recordEvent(tx, wh.clock, { companyId: other.id, profileId: null, mode: 'test', type: i % 2 ? 'call.ended' : 'sms.status', data: { i }, objectId: null });
      }
    });
    const first = await get('/v1/events?limit=2', other.testKey);
    expect(first.data.data.map((e: { data: { i: number } }) => e.data.i)).toEqual([0, 1]);
    expect(first.data.hasMore).toBe(true);
    const second = await get(`/v1/events?limit=10&after=${first.data.nextCursor}`, other.testKey);
    expect(second.data.data.map((e: { data: { i: number } }) => e.data.i)).toEqual([2, 3, 4]);
    expect(second.data.hasMore).toBe(false);
    const calls = await get('/v1/events?type=call.ended', other.testKey);
    expect(calls.data.data.map((e: { data: { i: number } }) => e.data.i)).toEqual([1, 3]);
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'after=nope', 'after=evt_doesnotexist', 'color=red']) {
      const res = await get(`/v1/events?${q}`, other.testKey);
      expect([res.statusCode, res.data.error.code], q).toEqual([400, 'invalid_request']);
    }
  });

  it('answers webhook_delivery_not_found when redelivering a delivered event, and checks the body', async () => {
    const { data: ep } = await post('/v1/webhook-endpoints', { url: r.url, events: ['*'] });
    const { data: delivery } = await post(`/v1/webhook-endpoints/${ep.id}/test`);
    await wh.idle();
    const res = await post(`/v1/events/${delivery.eventId}/redeliver`, { endpointId: ep.id });
    expect([res.statusCode, res.data.error.code]).toEqual([404, 'webhook_delivery_not_found']);
    for (const body of [{}, { endpointId: 'not an id' }, { endpointId: ep.id, x: 1 }]) {
      expect((await post(`/v1/events/${delivery.eventId}/redeliver`, body)).data.error.code).toBe('invalid_request');
    }
    expect((await get(`/v1/webhook-endpoints/${ep.id}/failed-deliveries`)).data).toEqual({ object: 'list', data: [], hasMore: false, nextCursor: null });
    const recovered = await post(`/v1/webhook-endpoints/${ep.id}/recover-failed`, { since: '2020-01-01T00:00:00Z' });
    expect(recovered.data).toEqual({ object: 'webhook_recovery', recovered: 0 });
    expect((await post(`/v1/webhook-endpoints/${ep.id}/recover-failed`, { since: '2026-11-27T18:00:00Z', until: '2026-11-27T20:00:00Z' })).data).toEqual({ object: 'webhook_recovery', recovered: 0 });
    for (const [body, param] of [[{ since: 'yesterday' }, 'since'], [{ until: 'soon' }, 'until'], [{ since: '2026-11-27T20:00:00Z', until: '2026-11-27T18:00:00Z' }, 'until'], [{ since: '2026-11-27T20:00:00Z', until: '2026-11-27T20:00:00Z' }, 'until']] as const) {
      const refused = await post(`/v1/webhook-endpoints/${ep.id}/recover-failed`, body);
      expect([refused.statusCode, refused.data.error.code, refused.data.error.param], JSON.stringify(body)).toEqual([400, 'invalid_request', param]);
    }
    const revived = await post(`/v1/webhook-endpoints/${ep.id}/revive`);
    expect(revived.data).toMatchObject({ id: ep.id, disabled: false });
  });
});
