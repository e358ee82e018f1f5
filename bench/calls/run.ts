/**
 * Calls benchmark, cluster mode in one process: real PostgreSQL (a fresh database, dropped at the end),
 * real NATS (a unique prefix, deleted at the end) and Redis, with the worker (call actors), a media node
 * (simulated phones), the webhook dispatcher and the control API on a real port. `concurrency` clients
 * each run whole calls back to back with a test key: POST /v1/calls to +442079460001 (answers after 1 s),
 * wait for call.participant.joined at a webhook receiver, POST hangup, wait for call.ended.
 *
 * Measures: creation latency (POST to 201), answer (POST to the joined webhook, of which 1 s is the
 * simulated phone), hang-up latency (POST to 200, the actor's committed answer), hang-up to call.ended
 * at the receiver, and whole calls per second.
 *
 *   node --import tsx bench/calls/run.ts [calls=200] [concurrency=20]
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createScratchDatabase } from '../../test/support/scratch-database.js';
import { Registry } from 'prom-client';
import { loadConfig } from '../../shared/config/config.js';
import { openDatabase } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { createRedisStore } from '../../shared/kv/redis-store.js';
import { createLogger } from '../../shared/log/log.js';
import { realClock } from '../../shared/clock/real-clock.js';
import type { Services } from '../../shared/services/services.js';
import { startParts, type Part } from '../../control/app/parts.js';
import { buildApiServer } from '../../control/api/server/server.js';

const calls = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 20);
const ADMIN_URL = process.env.SENTRAL_BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_TOKEN = 'sat_benchAdminToken0123456789abcdefgh';
// A call that does not finish in this long counts as failed, so the benchmark always ends.
const CALL_LIMIT_MS = 60_000;

const name = `bench_calls_${randomBytes(4).toString('hex')}`;
const scratch = await createScratchDatabase(ADMIN_URL, name);
const dataDir = mkdtempSync(join(tmpdir(), 'sentral-bench-calls-'));
const prefix = name;
const config = loadConfig({
  DATABASE_URL: scratch.url, NATS_URL, REDIS_URL, SENTRAL_PREFIX: prefix, SENTRAL_ADMIN_TOKEN: ADMIN_TOKEN,
  SENTRAL_ALLOW_INSECURE_TARGETS: '1', SENTRAL_DATA_DIR: dataDir, SENTRAL_API_PORT: '0', SENTRAL_MEDIA_PORT: '0', SENTRAL_PARTITIONS: '16',
});
const log = createLogger({ level: 'warn' });
const sql = openDatabase({ url: config.databaseUrl!, max: 20 });
await migrate(sql);
const bus = await createNatsBus({ url: NATS_URL, prefix, log });
const hot = createRedisStore({ url: REDIS_URL, prefix, clock: realClock });
const services: Services = { config, clock: realClock, log, sql, bus, hot, metrics: new Registry() };
const parts: Part[] = [];
for (const role of ['worker', 'media', 'dispatcher'] as const) parts.unshift(...(await startParts(role, services, async () => ({ ok: true, failing: [] }))));
const app = await buildApiServer(services, { reaperIntervalMs: 0, rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 } });
const api = await app.listen({ host: '127.0.0.1', port: 0 });

// The webhook receiver: resolves the waiter of (call, event type).
const waiters = new Map<string, () => void>();
const seen = new Set<string>();
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const event = JSON.parse(body) as { type: string; data: { callId?: string; kind?: string } };
    if (event.type === 'call.ended' || (event.type === 'call.participant.joined' && event.data.kind === 'phone')) {
      const k = `${event.data.callId}:${event.type}`;
      seen.add(k);
      waiters.get(k)?.();
    }
    res.writeHead(200).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
const event = (callId: string, type: string): Promise<void> => {
  const k = `${callId}:${type}`;
  if (seen.has(k)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error(`${type} of ${callId} not received`)), CALL_LIMIT_MS);
    waiters.set(k, () => (clearTimeout(guard), waiters.delete(k), resolve()));
  });
};

const request = async (key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const company = await request(ADMIN_TOKEN, 'POST', '/admin/v1/companies', { name: 'Bench', balanceOre: 1_000_000 });
const key: string = company.body.testKey;
const profile = await request(key, 'POST', '/v1/profiles', { name: 'Bench', slug: 'bench', services: { sms: false, email: false, letters: false, phone: true } });
await request(ADMIN_TOKEN, 'POST', '/admin/v1/numbers', { number: '+4723999001', companyId: company.body.id, profileId: profile.body.id });
await request(key, 'POST', '/v1/webhook-endpoints', { url: hookUrl, events: ['call.participant.joined', 'call.ended'] });

const create: number[] = [];
const answer: number[] = [];
const hangup: number[] = [];
const endEvent: number[] = [];
let failed = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < calls) {
      const i = next++;
      try {
        const t0 = performance.now();
        const res = await request(key, 'POST', '/v1/calls', { profileId: profile.body.id, to: '+442079460001', from: '+4723999001', maxMinutes: 1 }, { 'idempotency-key': `bench-${i}` });
        if (res.status !== 201) throw new Error(`create ${res.status} ${JSON.stringify(res.body)}`);
        const t1 = performance.now();
        await event(res.body.id, 'call.participant.joined');
        const t2 = performance.now();
        const hung = await request(key, 'POST', `/v1/calls/${res.body.id}/hangup`);
        if (hung.status !== 200) throw new Error(`hangup ${hung.status}`);
        const t3 = performance.now();
        await event(res.body.id, 'call.ended');
        const t4 = performance.now();
        create.push(t1 - t0);
        answer.push(t2 - t0);
        hangup.push(t3 - t2);
        endEvent.push(t4 - t2);
      } catch (err) {
        failed++;
        console.error(String(err));
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;

const q = (values: number[], p: number): string => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN).toFixed(1);
};
const row = (label: string, v: number[]) => `| ${label} | ${q(v, 0.5)} | ${q(v, 0.9)} | ${q(v, 0.99)} | ${Math.max(...v).toFixed(1)} |`;
console.log(`\n${calls} calls, concurrency ${concurrency}: ${create.length} completed, ${failed} failed, ${(create.length / seconds).toFixed(1)} whole calls/s over ${seconds.toFixed(1)} s\n`);
console.log('| ms | p50 | p90 | p99 | max |\n|---|---|---|---|---|');
console.log(row('POST /v1/calls → 201', create));
console.log(row('POST → call.participant.joined received (1 s is the phone)', answer));
console.log(row('POST hangup → 200', hangup));
console.log(row('POST hangup → call.ended received', endEvent));

await app.close();
for (const part of parts) await part.stop();
receiver.close();
await bus.close();
await hot.close();
await sql.end();
await scratch.drop();
const nc = await connect({ servers: NATS_URL });
const jsm = await jetstreamManager(nc);
for await (const stream of jsm.streams.names()) if (stream.startsWith(`${prefix}_`) || stream.startsWith(`KV_${prefix}_`)) await jsm.streams.delete(stream);
await nc.close();
rmSync(dataDir, { recursive: true, force: true });
