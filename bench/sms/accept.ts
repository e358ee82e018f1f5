/**
 * Single-message accepts only (issue 39's targets: single POST /v1/sms and POST /v1/email per second),
 * spread over `companies` companies so the per-key rate limit (100 a second, kept at its default) is not
 * the ceiling. This process runs the API alone (listening on loopback) on real PostgreSQL (a fresh
 * database, dropped at the end); the hot store is the in-process one (standalone's) or, with
 * SENTRAL_BENCH_REDIS_URL, Redis (cluster's). Each company has a profile, a number, a verified sender
 * domain and a webhook endpoint for its messages' events (stored with the accept; no dispatcher runs here).
 * The clients are a process of their own (load-client.ts), cycling through the companies.
 *
 * Phases, each `requests` requests with `concurrency` in flight: POST /v1/sms/quote (the same route stack
 * with one read and no write: the request's own cost), POST /v1/sms, POST /v1/email. Each reports requests
 * per second, this process's CPU ms per request, PostgreSQL's (its backends, from /proc), the client's,
 * and the statements and transactions per request. Counting statements costs the API a stack trace per
 * statement (postgres.js's debug hook), so the rates and CPU come from a server on an uncounted pool, and
 * the statements from a second server on a counted one, given a quarter as many requests after it.
 * With SENTRAL_BENCH_PROFILE=<dir> each phase is
 * CPU-profiled (node:inspector) into <dir>/<phase>.cpuprofile (summarise with bench/calls/profile-summary.ts).
 *
 *   node --import tsx bench/sms/accept.ts [requests=4000] [concurrency=32] [companies=40]
 *
 * Writes bench/sms/results/accept-<requests>-<concurrency>[-<SENTRAL_BENCH_TAG>].json.
 */
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Registry } from 'prom-client';
import { buildApiServer } from '../../control/api/server/server.js';
import type { Services } from '../../shared/services/services.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { loadConfig } from '../../shared/config/config.js';
import { openDatabase } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createRedisStore } from '../../shared/kv/redis-store.js';
import { createLogger } from '../../shared/log/log.js';
import { createScratchDatabase } from '../../test/support/scratch-database.js';
import type { LoadJob, LoadResult } from './load-client.js';
import { backendsCpuMs, backendsCpuSince, procCpuMs } from '../support/proc-cpu.js';
import { statementCounter } from '../support/statement-counter.js';

const requests = Number(process.argv[2] ?? 4_000);
const concurrency = Number(process.argv[3] ?? 32);
const companies = Number(process.argv[4] ?? 40);
const ADMIN_URL = process.env.SENTRAL_BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.SENTRAL_BENCH_REDIS_URL;
const PROFILE_DIR = process.env.SENTRAL_BENCH_PROFILE;
const LOAD_CLIENT = fileURLToPath(new URL('./load-client.ts', import.meta.url));
const ADMIN_TOKEN = `sat_bench${randomBytes(16).toString('hex')}`;
const round2 = (n: number): number => Math.round(n * 100) / 100;

async function main(): Promise<void> {
  const loadStart = loadavg();
  const db = await createScratchDatabase(ADMIN_URL, `sentral_bench_accept_${randomBytes(4).toString('hex')}`);
  const sql = openDatabase({ url: db.url, max: 4 });
  await migrate(sql);
  const counter = statementCounter();
  const config = loadConfig({ SENTRAL_ADMIN_TOKEN: ADMIN_TOKEN, SENTRAL_ALLOW_INSECURE_TARGETS: '1', SENTRAL_LOG_LEVEL: 'warn' });
  const hot = REDIS_URL ? createRedisStore({ url: REDIS_URL, prefix: `benchaccept${randomBytes(4).toString('hex')}`, clock: realClock }) : createMemoryStore({ clock: realClock });
  // Two API servers on the same database and hot store: `measured` on a plain pool, `counted` on a pool
  // whose statements are counted. The per-key and per-company limits stay at their defaults: the load is
  // spread over companies instead.
  const server = async (pool: typeof sql) => {
    const services: Services = { config, clock: realClock, log: createLogger({ level: 'warn' }), sql: pool, bus: createMemoryBus({ clock: realClock }), hot, metrics: new Registry() };
    const app = await buildApiServer(services, { reaperIntervalMs: 0 });
    return { app, pool, base: await app.listen({ host: '127.0.0.1', port: 0 }) };
  };
  const measured = await server(openDatabase({ url: db.url, applicationName: 'bench-api', max: 10 }));
  const counted = await server(openDatabase({ url: db.url, max: 10, applicationName: 'bench-api-counted', onQuery: counter.onQuery }));
  const base = measured.base;

  const call = async (path: string, key: string, body: unknown): Promise<any> => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(path.startsWith('/v1/') ? { 'idempotency-key': randomUUID() } : {}) }, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  const tenants: { key: string; profileId: string; from: string; domain: string }[] = [];
  for (let c = 0; c < companies; c++) {
    const company = await call('/admin/v1/companies', ADMIN_TOKEN, { name: `Bench ${c}`, balanceOre: 1_000_000_000 });
    const profile = await call('/v1/profiles', company.liveKey, { name: 'Bench', slug: 'bench', services: { sms: true, email: true } });
    const from = `+4790${String(100_000 + c)}`;
    await call('/admin/v1/numbers', ADMIN_TOKEN, { number: from, companyId: company.id, profileId: profile.id });
    const domain = `c${c}.bench.example`;
    await call('/v1/profiles/bench/email-domains', company.liveKey, { domain });
    await call('/v1/webhook-endpoints', company.liveKey, { url: 'http://127.0.0.1:9/hook', events: ['sms.*', 'email.*'] });
    tenants.push({ key: company.liveKey, profileId: profile.id, from, domain });
  }
  // DNS is not part of the measurement: the domains are marked verified as a lookup would.
  await sql`update email_domains set status = 'verified', verified_at_ms = ${Date.now()}`;

  const client = fork(LOAD_CLIENT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  process.once('exit', () => client.kill());
  const session = new Session();
  session.connect();
  const run = (url: string, targets: LoadJob['targets'], count: number, idempotent: boolean) => new Promise<number>((resolve, reject) => {
    client.once('message', (r: LoadResult) => (r.ok ? resolve(r.perSecond) : reject(new Error(r.error))));
    client.send({ url, key: '', targets, count, concurrency, idempotent, body: {} } satisfies LoadJob);
  });
  const phase = async (name: string, path: string, body: (t: (typeof tenants)[number]) => Record<string, unknown>, count = requests) => {
    const targets = tenants.map((t) => ({ key: t.key, body: body(t) }));
    const idempotent = path !== '/v1/sms/quote';
    const pg = await backendsCpuMs(sql);
    const clientCpu = procCpuMs(client.pid!);
    if (PROFILE_DIR) {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const cpu = process.cpuUsage();
    const perSecond = await run(`${measured.base}${path}`, targets, count, idempotent);
    const used = process.cpuUsage(cpu);
    if (PROFILE_DIR) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(PROFILE_DIR, { recursive: true });
      writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    const postgresCpuMs = round2(backendsCpuSince(pg, await backendsCpuMs(sql)) / count);
    const clientCpuMs = round2((procCpuMs(client.pid!) - clientCpu) / count);
    const countedRequests = Math.ceil(count / 4);
    const before = counter.snapshot();
    await run(`${counted.base}${path}`, targets, countedRequests, idempotent);
    return { perSecond: Math.round(perSecond), serverCpuMs: round2((used.user + used.system) / 1000 / count), postgresCpuMs, clientCpuMs, statements: counter.since(before, countedRequests) };
  };
  // A short warm-up so the first phase does not pay for compiling the route stack.
  await phase('warmup', '/v1/sms/quote', () => ({ text: 'warm up' }), Math.min(requests, 1_000));
  const quote = await phase('quote', '/v1/sms/quote', () => ({ text: 'quote {i}' }));
  // The first send of each channel compiles its response serializer's validators: not part of a phase.
  await phase('warmup-sms', '/v1/sms', (t) => ({ profileId: t.profileId, from: t.from, to: '+4791000003', text: 'warm {i}' }), 40);
  await phase('warmup-email', '/v1/email', (t) => ({ profileId: t.profileId, from: `Butikken <post@${t.domain}>`, to: 'w{i}@mottaker.example.no', subject: 'Varm', text: 'Opp.' }), 40);
  const sms = await phase('sms', '/v1/sms', (t) => ({ profileId: t.profileId, from: t.from, to: '+4791000003', text: 'live {i}' }));
  const email = await phase('email', '/v1/email', (t) => ({ profileId: t.profileId, from: `Butikken <post@${t.domain}>`, to: 'r{i}@mottaker.example.no', subject: 'Kvittering', text: 'Takk for handelen.' }));
  client.kill();
  session.disconnect();

  const [stored] = await sql<{ n: number }[]>`select count(*)::int as n from messages`;
  const sent = 2 * (40 + 10 + requests + Math.ceil(requests / 4));
  if (stored!.n !== sent) throw new Error(`expected ${sent} messages stored, found ${stored!.n}`);
  const report = {
    machine: { cores: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadStart, loadEnd: loadavg() },
    requests, concurrency, companies, hotStore: REDIS_URL ? 'redis' : 'memory',
    quote, sms, email,
  };
  console.log(JSON.stringify(report, null, 2));
  mkdirSync(fileURLToPath(new URL('./results', import.meta.url)), { recursive: true });
  writeFileSync(fileURLToPath(new URL(`./results/accept-${requests}-${concurrency}${process.env.SENTRAL_BENCH_TAG ? `-${process.env.SENTRAL_BENCH_TAG}` : ''}.json`, import.meta.url)), `${JSON.stringify(report, null, 2)}\n`);
  for (const { app, pool } of [measured, counted]) {
    await app.close();
    await pool.end();
  }
  await hot.close();
  await sql.end();
  await db.drop();
}

await main();
