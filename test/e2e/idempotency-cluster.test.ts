/**
 * Idempotency under a race across two real `sentral api` processes of one cluster: 50 concurrent
 * identical requests with one Idempotency-Key run the operation exactly once.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { runSentral, type SentralProcess } from '../support/sentral-process.js';
import { freshDatabase, serviceUrls, uniquePrefix } from '../support/services.js';

const ADMIN_TOKEN = 'idempotency-cluster-admin-token-0123';
const prefix = uniquePrefix('idem');
let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let processes: SentralProcess[] = [];
let urls: string[] = [];

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function send(url: string, token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
}

beforeAll(async () => {
  db = await freshDatabase();
  const env = { DATABASE_URL: db.url, NATS_URL: serviceUrls.nats, REDIS_URL: serviceUrls.redis, SENTRAL_PREFIX: prefix, SENTRAL_ADMIN_TOKEN: ADMIN_TOKEN };
  // Both start together: they race for the migrations too (an advisory lock lets them run once).
  processes = [runSentral(['api'], env), runSentral(['api'], env)];
  urls = await Promise.all(processes.map((p) => p.apiUrl));
}, 90_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await db?.drop();
  await deleteNatsPrefix(prefix);
  const raw = new Redis(serviceUrls.redis);
  const keys = await raw.keys(`${prefix}:*`);
  if (keys.length > 0) await raw.del(...keys);
  raw.disconnect();
}, 60_000);

describe('idempotency across two API processes (cluster mode)', () => {
  it('50 concurrent identical POST /v1/profiles with one key: one execution, every other answer a replay or 409 in flight; later retries replay', async () => {
    const company = await send(urls[0]!, ADMIN_TOKEN, 'POST', '/admin/v1/companies', { name: 'Race', balanceOre: 0 });
    expect(company.status, JSON.stringify(company.body)).toBe(201);
    const key: string = company.body.liveKey;
    const body = { name: 'Raced', slug: 'raced', description: 'made once' };
    const attempt = (i: number) => send(urls[i % 2]!, key, 'POST', '/v1/profiles', body, { 'idempotency-key': 'race-1' });

    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(i)));

    const created = answers.filter((a) => a.status === 201);
    const originals = created.filter((a) => a.headers.get('idempotency-replayed') !== 'true');
    const inFlight = answers.filter((a) => a.status === 409);
    expect(answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => [a.status, a.body])).toEqual([]);
    expect(originals).toHaveLength(1);
    const original = originals[0]!.body;
    expect(original).toMatchObject({ object: 'profile', slug: 'raced', name: 'Raced' });
    for (const replay of created) expect(replay.body).toEqual(original);
    for (const busy of inFlight) {
      expect(busy.body.error.code).toBe('idempotency_in_flight');
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }

    const listed = await send(urls[1]!, key, 'GET', '/v1/profiles');
    expect(listed.body.data.map((p: { id: string }) => p.id)).toEqual([original.id]);

    const retries = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(i)));
    for (const retry of retries) {
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotency-replayed')).toBe('true');
      expect(retry.body).toEqual(original);
    }
  });
});
