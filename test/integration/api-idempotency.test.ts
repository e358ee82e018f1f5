import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ManualClock } from '../../shared/clock/manual-clock.js';
import { openDatabase } from '../../shared/db/database.js';
import { reapIdempotencyRecords, requestFingerprint } from '../../control/api/idempotency-store.js';
import { runDatabaseUrl } from '../support/services.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

// Test routes that opt into the one idempotency mechanism, counting how often their work runs.
const executions = new Map<string, number>();
const gates = new Map<string, Promise<void>>();
// Tags whose `invalid` request passes validation now, as a setting changed between two tries would make it.
const validNow = new Set<string>();
async function testRoutes(app: FastifyInstance): Promise<void> {
  const body = Type.Object({ tag: Type.String(), fail: Type.Optional(Type.Boolean()), reject: Type.Optional(Type.Boolean()), invalid: Type.Optional(Type.Boolean()) });
  app.post('/v1/test-actions', { schema: { body }, config: { scope: 'calls:write', idempotency: 'required' } }, async (request, reply) => {
    const { tag, fail, reject, invalid } = request.body as { tag: string; fail?: boolean; reject?: boolean; invalid?: boolean };
    executions.set(tag, (executions.get(tag) ?? 0) + 1);
    await gates.get(tag);
    if (fail) throw new Error('boom');
    if (invalid && !validNow.has(tag)) throw new SentralError('invalid_target_url', { param: 'url' });
    if (reject) return reply.code(404).send({ error: { code: 'not_found', message: 'gone', requestId: request.id } });
    return reply.code(201).header('location', `/v1/test-actions/${tag}`).send({ tag, run: executions.get(tag), key: request.idempotencyKey });
  });
  // An answer holding a secret, marked no-store as the webhook endpoint routes mark theirs.
  app.post('/v1/test-secrets', { schema: { body }, config: { scope: 'calls:write', idempotency: 'optional' } }, async (request, reply) => {
    const { tag } = request.body as { tag: string };
    executions.set(tag, (executions.get(tag) ?? 0) + 1);
    return reply.code(201).header('cache-control', 'no-store').send({ secret: `whsec_${tag}${executions.get(tag)}` });
  });
}

let h: ApiHarness;
let h2: ApiHarness;
let co: TestCompany;
let clock: ManualClock;

beforeAll(async () => {
  h = await startApi({ beforeReady: testRoutes });
  clock = h.clock as ManualClock;
  // A second server instance with its own pool on the same database: the claim is shared through Postgres.
  h2 = await startApi({ beforeReady: testRoutes, clock, sql: openDatabase({ url: runDatabaseUrl(), max: 10 }) });
  co = await createTestCompany(h.app);
});
afterAll(async () => {
  await h.close();
  await h2.close();
  await h2.sql.end();
});

async function createKey(name: string, fields: Record<string, unknown>): Promise<string> {
  const res = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.liveKey), payload: { name, scopes: ['calls:write'], ...fields } });
  if (res.statusCode !== 201) throw new Error(`key create failed: ${res.body}`);
  return res.data.key as string;
}

/** A live key for each of new profiles with these slugs. */
async function profileKeys(slugs: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const slug of slugs) {
    const profile = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: slug, slug } });
    if (profile.statusCode !== 201) throw new Error(`profile create failed: ${profile.body}`);
    out[slug] = await createKey(slug, { mode: 'live', profileId: profile.data.id });
  }
  return out;
}

function act(app: FastifyInstance, key: string | undefined, payload: Record<string, unknown>, apiKey = co.liveKey) {
  return call(app, { method: 'POST', url: '/v1/test-actions', headers: bearer(apiKey, key === undefined ? {} : { 'idempotency-key': key }), payload });
}

describe('idempotency', () => {
  it('replays the stored response of a repeat with Idempotency-Replayed and does not run again', async () => {
    const first = await act(h.app, 'k-replay', { tag: 'replay' });
    expect(first.statusCode).toBe(201);
    const again = await act(h.app, 'k-replay', { tag: 'replay' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers.location).toBe('/v1/test-actions/replay');
    expect(again.data).toEqual(first.data);
    expect(again.headers['request-id']).not.toBe(first.headers['request-id']);
    expect(executions.get('replay')).toBe(1);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    await act(h.app, 'k-order', { tag: 'order', fail: false });
    const again = await act(h.app, 'k-order', { fail: false, tag: 'order' });
    expect(again.headers['idempotency-replayed']).toBe('true');
  });

  it('answers 422 idempotency_key_reuse when the key comes back with different content', async () => {
    await act(h.app, 'k-reuse', { tag: 'reuse-a' });
    const other = await act(h.app, 'k-reuse', { tag: 'reuse-b' });
    expect(other.statusCode).toBe(422);
    expect(other.data.error.code).toBe('idempotency_key_reuse');
    expect(executions.get('reuse-b')).toBeUndefined();
  });

  it('requires the header where the route says so', async () => {
    const res = await act(h.app, undefined, { tag: 'nokey' });
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toMatchObject({ code: 'idempotency_key_required', param: 'Idempotency-Key' });
  });

  it('refuses a key that is empty, too long or not printable', async () => {
    for (const key of ['x'.repeat(256), 'tab\there', 'ø-not-ascii']) {
      const res = await call(h.app, { method: 'POST', url: '/v1/test-actions', headers: bearer(co.liveKey, { 'idempotency-key': key }), payload: { tag: 'badkey' } }).catch(() => null);
      if (res === null) continue; // a header value Node itself refuses never reaches the server
      expect(res.statusCode).toBe(400);
      expect(res.data.error.code).toMatch(/^idempotency_key_(invalid|required)$/);
    }
    const max = await act(h.app, 'y'.repeat(255), { tag: 'maxkey' });
    expect(max.statusCode).toBe(201);
  });

  it('refuses the header on POST /v1/api-keys with idempotency_unsupported', async () => {
    const res = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.liveKey, { 'idempotency-key': 'k1' }), payload: { name: 'x', mode: 'live', scopes: ['calls:read'] } });
    expect(res.statusCode).toBe(400);
    expect(res.data.error.code).toBe('idempotency_unsupported');
  });

  it('scopes keys to the company and mode', async () => {
    const other = await createTestCompany(h.app);
    await act(h.app, 'k-scope', { tag: 'scope' });
    const b = await act(h.app, 'k-scope', { tag: 'scope' }, other.liveKey);
    const t = await act(h.app, 'k-scope', { tag: 'scope' }, co.testKey);
    expect(b.headers['idempotency-replayed']).toBeUndefined();
    expect(t.headers['idempotency-replayed']).toBeUndefined();
    expect(executions.get('scope')).toBe(3);
  });

  it('scopes keys to the profile: another profile\'s key and the company key run their own request', async () => {
    const keys = await profileKeys(['a1', 'a2']);
    const a1 = await act(h.app, 'k-profile', { tag: 'profile' }, keys.a1);
    const a2 = await act(h.app, 'k-profile', { tag: 'profile' }, keys.a2);
    const company = await act(h.app, 'k-profile', { tag: 'profile' }, co.liveKey);
    expect([a1.statusCode, a2.statusCode, company.statusCode]).toEqual([201, 201, 201]);
    expect([a2.headers['idempotency-replayed'], company.headers['idempotency-replayed']]).toEqual([undefined, undefined]);
    expect(new Set([a1.data.run, a2.data.run, company.data.run]).size).toBe(3);
    expect((await act(h.app, 'k-profile', { tag: 'profile' }, keys.a2)).data).toEqual(a2.data);
  });

  it('replays an answer holding a secret only to the key that made it', async () => {
    const again = await createKey('second live key', { mode: 'live' });
    const send = (apiKey: string) => call(h.app, { method: 'POST', url: '/v1/test-secrets', headers: bearer(apiKey, { 'idempotency-key': 'k-secret' }), payload: { tag: 'secret' } });
    const first = await send(co.liveKey);
    expect(first.statusCode).toBe(201);
    const other = await send(again);
    expect(other.statusCode).toBe(422);
    expect(other.data.error.code).toBe('idempotency_key_reuse');
    expect(other.body).not.toContain('whsec_');
    const same = await send(co.liveKey);
    expect(same.headers['idempotency-replayed']).toBe('true');
    expect(same.data).toEqual(first.data);
    expect(executions.get('secret')).toBe(1);
  });

  it('stores a 4xx answer and replays it', async () => {
    const first = await act(h.app, 'k-404', { tag: 'four', reject: true });
    expect(first.statusCode).toBe(404);
    const again = await act(h.app, 'k-404', { tag: 'four', reject: true });
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(executions.get('four')).toBe(1);
  });

  it('saves no result for a request refused with 400, so the same key runs once the request is valid', async () => {
    const first = await act(h.app, 'k-400', { tag: 'invalid', invalid: true });
    expect(first.statusCode).toBe(400);
    expect(first.data.error.code).toBe('invalid_target_url');
    validNow.add('invalid');
    const again = await act(h.app, 'k-400', { tag: 'invalid', invalid: true });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    const third = await act(h.app, 'k-400', { tag: 'invalid', invalid: true });
    expect(third.headers['idempotency-replayed']).toBe('true');
    expect(executions.get('invalid')).toBe(2);
  });

  it('releases the key after a 5xx so a retry runs again', async () => {
    const first = await act(h.app, 'k-500', { tag: 'five', fail: true });
    expect(first.statusCode).toBe(500);
    expect(first.data.error.code).toBe('internal_error');
    const again = await act(h.app, 'k-500', { tag: 'five', fail: true });
    expect(again.statusCode).toBe(500);
    expect(executions.get('five')).toBe(2);
  });

  it('answers 409 idempotency_in_flight with Retry-After while the first is running', async () => {
    let open!: () => void;
    gates.set('slow', new Promise<void>((r) => (open = r)));
    const first = act(h.app, 'k-slow', { tag: 'slow' });
    while (executions.get('slow') !== 1) await new Promise((r) => setImmediate(r));
    const second = await act(h2.app, 'k-slow', { tag: 'slow' });
    expect(second.statusCode).toBe(409);
    expect(second.data.error.code).toBe('idempotency_in_flight');
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    open();
    expect((await first).statusCode).toBe(201);
    expect((await act(h2.app, 'k-slow', { tag: 'slow' })).headers['idempotency-replayed']).toBe('true');
  });

  it('lets a retry take over a claim whose holder crashed, once the 60 s lease lapses', async () => {
    // What a process that claimed the key and then died leaves behind.
    const fingerprint = requestFingerprint('POST', '/v1/test-actions', { tag: 'crashed' });
    await h.sql`insert into idempotency_records (scope, key, fingerprint, state, locked_until_ms, expires_at_ms)
                values (${`${co.id}:live`}, 'k-crashed', ${fingerprint}, 'running', ${clock.now() + 60_000}, ${clock.now() + 86_400_000})`;
    const during = await act(h.app, 'k-crashed', { tag: 'crashed' });
    expect(during.statusCode).toBe(409);
    await clock.advance(61_000);
    const after = await act(h.app, 'k-crashed', { tag: 'crashed' });
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotency-replayed']).toBeUndefined();
  });

  it('keeps a response 24 hours, then the key is free again and the reaper removes old records', async () => {
    await act(h.app, 'k-day', { tag: 'day' });
    await clock.advance(23 * 3_600_000);
    expect((await act(h.app, 'k-day', { tag: 'day' })).headers['idempotency-replayed']).toBe('true');
    await clock.advance(1 * 3_600_000 + 1000);
    const fresh = await act(h.app, 'k-day', { tag: 'day' });
    expect(fresh.headers['idempotency-replayed']).toBeUndefined();
    expect(executions.get('day')).toBe(2);
    await clock.advance(25 * 3_600_000);
    expect(await reapIdempotencyRecords(h.sql, clock.now())).toBeGreaterThan(0);
    const [{ n } = { n: -1 }] = await h.sql<{ n: number }[]>`select count(*)::int as n from idempotency_records where expires_at_ms <= ${clock.now()}`;
    expect(n).toBe(0);
  });

  it('runs 50 concurrent identical requests on two servers exactly once; every later retry replays', async () => {
    let open!: () => void;
    gates.set('race', new Promise<void>((r) => (open = r)));
    // The first one to claim waits until the 49 others have been answered, so they all meet it running.
    let settled = 0;
    const pending = Array.from({ length: 50 }, (_, i) =>
      act(i % 2 === 0 ? h.app : h2.app, 'k-race', { tag: 'race' }).then((res) => {
        if (++settled === 49) open();
        return res;
      }),
    );
    const statuses = (await Promise.all(pending)).map((r) => r.statusCode);
    expect(executions.get('race')).toBe(1);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const app of [h.app, h2.app, h.app]) {
      const retry = await act(app, 'k-race', { tag: 'race' });
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotency-replayed']).toBe('true');
    }
    expect(executions.get('race')).toBe(1);
  });
});
