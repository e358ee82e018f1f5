/**
 * SMS benchmark: the API (over HTTP), the messaging role and the webhook dispatcher in this process on real
 * PostgreSQL (a fresh database, dropped at the end), the simulated SMSC as a process of its own
 * (`sentral smsc-sim`, SMPP over TCP), and the webhooks benchmark's receiver in its own process.
 *
 * - accept: `messages` live POST /v1/sms with `concurrency` requests in flight from a client process of its
 *   own (bench/sms/load-client.ts), the messaging role stopped (what the API and PostgreSQL take); baseline:
 *   POST /v1/sms/quote, the same route stack without a write. Then (after the paced phase, the messaging
 *   role stopped again) the same number of messages through POST /v1/sms/batches, BATCH_SIZE recipients
 *   per request. Each with this process's CPU time per message (API, dispatcher and all).
 * - drain: the messaging role started on that backlog: submits per second counted at the SMSC, and the
 *   time until every sms.status (accepted, sending, sent, delivered) reached the receiver; baseline: the
 *   same backlog under the test key (the simulated directory, no SMPP).
 * - paced: messages at fixed rates for `seconds` each with everything running; latency from the 201 to the
 *   submit_sm arriving at the SMSC (its trace line read by this process).
 *
 *   node --import tsx bench/sms/run.ts [messages=5000] [concurrency=32] [seconds=5]
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Registry } from 'prom-client';
import { buildApiServer } from '../../control/api/server/server.js';
import type { Services } from '../../shared/services/services.js';
import { startDispatcher } from '../../control/events/dispatcher.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { loadConfig } from '../../shared/config/config.js';
import { openDatabase } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createLogger } from '../../shared/log/log.js';
import { createScratchDatabase } from '../../test/support/scratch-database.js';
import type { FromReceiver } from '../webhooks/receiver.js';
import type { LoadJob, LoadResult } from './load-client.js';
import { backendsCpuMs, backendsCpuSince } from '../support/proc-cpu.js';
import { statementCounter, type StatementCounter, type StatementCounts } from '../support/statement-counter.js';

const messages = Number(process.argv[2] ?? 5_000);
const concurrency = Number(process.argv[3] ?? 32);
const seconds = Number(process.argv[4] ?? 5);
const RATES = [100, 200, 400];
// Recipients per POST /v1/sms/batches in the batch accept phase.
const BATCH_SIZE = 100;
const round2 = (n: number): number => Math.round(n * 100) / 100;
const ADMIN_URL = process.env.SENTRAL_BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLI = fileURLToPath(new URL('../../scripts/sentral.js', import.meta.url));
const RECEIVER = fileURLToPath(new URL('../webhooks/receiver.ts', import.meta.url));
const LOAD_CLIENT = fileURLToPath(new URL('./load-client.ts', import.meta.url));
const ADMIN_TOKEN = `sat_bench${randomBytes(16).toString('hex')}`;
const wallMs = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function until(check: () => boolean | Promise<boolean>, limitMs = 300_000, everyMs = 10): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('a phase did not finish in time');
    await sleep(everyMs);
  }
}

// --- the simulated SMSC, its own process; submits counted and timed by their text as its lines arrive.
const submitSeenAt = new Map<string, number>();
let submits = 0;
function startSmsc(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [CLI, 'smsc-sim'], { env: { ...process.env, SENTRAL_SMPP_PORT: '0', SENTRAL_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let buffer = '';
  return new Promise((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const at = wallMs();
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const port = /listening on port (\d+)/.exec(line);
        if (port) resolve({ child, port: Number(port[1]) });
        if (!line.startsWith('{"event":"submit"')) continue;
        submits++;
        const text = (JSON.parse(line) as { text: string }).text;
        if (!submitSeenAt.has(text)) submitSeenAt.set(text, at);
      }
    });
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadStart = loadavg();
  const db = await createScratchDatabase(ADMIN_URL, `sentral_bench_sms_${randomBytes(4).toString('hex')}`);
  const sql = openDatabase({ url: db.url, max: 20 });
  await migrate(sql);
  const smsc = await startSmsc();
  const receiver = fork(RECEIVER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // A phase that throws must not leave the SMSC and the receiver running.
  process.once('exit', () => {
    smsc.child.kill();
    receiver.kill();
  });
  let received = 0;
  const receiverUrl = await new Promise<string>((resolve) => receiver.on('message', (m: FromReceiver) => {
    if (m.type === 'listening') resolve(m.url);
    if (m.type === 'progress') received = m.distinct;
  }));
  const config = loadConfig({
    SENTRAL_ADMIN_TOKEN: ADMIN_TOKEN, SENTRAL_ALLOW_INSECURE_TARGETS: '1', SENTRAL_LOG_LEVEL: 'warn',
    SENTRAL_SMPP_HOST: '127.0.0.1', SENTRAL_SMPP_PORT: String(smsc.port), SENTRAL_SMPP_WINDOW: '50', SENTRAL_SMPP_RATE: '5000',
  });
  // Each role queries through a pool of its own with its own statement counter; the bench's own queries
  // (polls, CPU reads) go through `sql`, counted by none.
  const counters = { api: statementCounter(), messaging: statementCounter(), dispatcher: statementCounter() };
  const pools = Object.fromEntries(Object.entries(counters).map(([role, c]) => [role, openDatabase({ url: db.url, max: 20, applicationName: `bench-${role}`, onQuery: c.onQuery })])) as Record<keyof typeof counters, typeof sql>;
  const services: Services = { config, clock: realClock, log: createLogger({ level: 'warn' }), sql: pools.api, bus: createMemoryBus({ clock: realClock }), hot: createMemoryStore({ clock: realClock }), metrics: new Registry() };
  const roleServices = (role: keyof typeof counters): Services => ({ ...services, sql: pools[role] });
  const snapshot = () => ({ api: counters.api.snapshot(), messaging: counters.messaging.snapshot(), dispatcher: counters.dispatcher.snapshot() });
  // Statements and transactions per message of each role over a phase.
  const statementsSince = (before: Record<keyof typeof counters, StatementCounts>, n: number) =>
    Object.fromEntries((Object.entries(counters) as [keyof typeof counters, StatementCounter][]).map(([role, c]) => [role, c.since(before[role], n)]));
  // The per-key rate limit (100/s by default) is lifted: the benchmark measures the pipeline, not the limit.
  const unlimited = { capacity: 1_000_000, refillPerSecond: 1_000_000 };
  const app = await buildApiServer(services, { reaperIntervalMs: 0, rateLimit: unlimited, companyRateLimit: unlimited });
  const api = await app.listen({ host: '127.0.0.1', port: 0 });
  const dispatcher = await startDispatcher(roleServices('dispatcher'), { concurrency: 32 });

  const post = async (path: string, key: string, body: unknown, idempotent = true): Promise<{ status: number; body: any }> => {
    const res = await fetch(`${api}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(idempotent ? { 'idempotency-key': randomUUID() } : {}) }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  const company = (await post('/admin/v1/companies', ADMIN_TOKEN, { name: 'Bench', balanceOre: 1_000_000_000 }, false)).body;
  const profile = (await post('/v1/profiles', company.liveKey, { name: 'Bench', slug: 'bench', services: { sms: true } }, false)).body;
  const FROM = '+4790000901';
  await post('/admin/v1/numbers', ADMIN_TOKEN, { number: FROM, companyId: company.id, profileId: profile.id }, false);
  for (const key of [company.liveKey, company.testKey]) await post('/v1/webhook-endpoints', key, { url: receiverUrl, events: ['sms.*'] });

  // Runs `count` requests with `concurrency` in flight; returns requests per second.
  const load = async (count: number, request: (i: number) => Promise<{ status: number }>): Promise<number> => {
    let next = 0;
    const t0 = wallMs();
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const res = await request(next++);
        if (res.status >= 300) throw new Error(`request failed: ${res.status}`);
      }
    }));
    return count / ((wallMs() - t0) / 1000);
  };
  const send = (key: string, text: string) => post('/v1/sms', key, { profileId: profile.id, from: FROM, to: '+4791000003', text });

  // The accept phase's client is a process of its own, as a customer's is (sharing this process's event loop
  // would bill the server for the client's work).
  const client = fork(LOAD_CLIENT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  process.once('exit', () => client.kill());
  // Requests per second and this process's CPU ms per request.
  const remoteLoad = async (job: Omit<LoadJob, 'count' | 'concurrency'>, count = messages, perRequest = 1) => {
    const pg = await backendsCpuMs(sql);
    const statementsBefore = snapshot();
    const cpu = process.cpuUsage();
    const perSecond = await new Promise<number>((resolve, reject) => {
      client.once('message', (r: LoadResult) => (r.ok ? resolve(r.perSecond) : reject(new Error(r.error))));
      client.send({ ...job, count, concurrency } satisfies LoadJob);
    });
    const used = process.cpuUsage(cpu);
    return { perSecond, cpuMs: (used.user + used.system) / 1000 / count, pgCpuMs: backendsCpuSince(pg, await backendsCpuMs(sql)) / count, statements: statementsSince(statementsBefore, count * perRequest) };
  };
  const quote = await remoteLoad({ url: `${api}/v1/sms/quote`, key: company.liveKey, idempotent: false, body: { text: 'quote {i}' } });
  const single = await remoteLoad({ url: `${api}/v1/sms`, key: company.liveKey, idempotent: true, body: { profileId: profile.id, from: FROM, to: '+4791000003', text: 'live {i}' } });
  await until(() => received >= messages);
  // The tables grew from empty in seconds, faster than autovacuum's first pass: statistics (and the plans
  // cached from them) still describe near-empty tables. A running system's tables have statistics.
  await sql`analyze`;

  // drain: the backlog over SMPP, then the same under the test key without SMPP.
  const drain = async (key: 'live' | 'test') => {
    let messaging: Messaging | null = null;
    if (key === 'test') {
      const before = received;
      await load(messages, (i) => send(company.testKey, `test ${i}`));
      await until(() => received >= before + messages);
    }
    const base = received;
    const submitsBefore = submits;
    const t0 = wallMs();
    const pg = await backendsCpuMs(sql);
    const cpu = process.cpuUsage();
    const statementsBefore = snapshot();
    messaging = await startMessaging(roleServices('messaging'), { concurrency: 128 });
    const done = async () => Number((await sql<{ n: number }[]>`select count(*)::int as n from messages where mode = ${key} and state in ('accepted', 'sending')`)[0]!.n) === 0;
    // Every 100 ms (at most 1 % of a drain): the count reads every message (1.5-3 ms for 9,000), and every
    // 10 ms it took some 15-20 % of a PostgreSQL core from the drain it measures.
    await until(done, 300_000, 100);
    const sentAt = wallMs();
    const used = process.cpuUsage(cpu);
    const pgUsed = backendsCpuSince(pg, await backendsCpuMs(sql));
    await until(() => received >= base + 3 * messages).catch(async (e) => { console.error('receipts stalled: events received, expected base, submits, messages by state:', received, base, submits, await sql`select mode, state, count(*) from messages group by 1,2`); throw e; });
    const receiptsAt = wallMs();
    // Submits, their answers, receipts and the three webhooks of each message, through the last webhook.
    const statements = statementsSince(statementsBefore, messages);
    await messaging.stop();
    return { statementsPerSms: statements, submitRate: key === 'live' ? (submits - submitsBefore) / ((sentAt - t0) / 1000) : NaN, pipelineRate: messages / ((sentAt - t0) / 1000), receiptsSeconds: (receiptsAt - t0) / 1000, cpuMsPerSms: round2((used.user + used.system) / 1000 / messages), postgresCpuMsPerSms: round2(pgUsed / messages) };
  };
  const live = await drain('live');
  const test = await drain('test');

  // paced: accept → submit latency at fixed rates with everything running.
  const messaging = await startMessaging(roleServices('messaging'), { concurrency: 128 });
  const paced: { rate: number; p50: number; p90: number; p99: number; max: number }[] = [];
  for (const rate of RATES) {
    const answeredAt = new Map<string, number>();
    const t0 = wallMs();
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < rate * seconds; i++) {
      const due = t0 + (i * 1000) / rate;
      const wait = due - wallMs();
      if (wait > 0) await sleep(wait);
      const text = `paced ${rate} ${i}`;
      inflight.push(send(company.liveKey, text).then(() => void answeredAt.set(text, wallMs())));
    }
    await Promise.all(inflight);
    await until(() => [...answeredAt.keys()].every((t) => submitSeenAt.has(t)));
    const latencies = [...answeredAt].map(([t, at]) => Math.max(0, submitSeenAt.get(t)! - at)).sort((a, b) => a - b);
    paced.push({ rate, p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies.at(-1)! });
  }
  await messaging.stop();

  // accept through POST /v1/sms/batches: the same number of messages, BATCH_SIZE recipients per request.
  const recipients = Array.from({ length: BATCH_SIZE }, (_, k) => `+4792${String(k).padStart(6, '0')}`);
  const batches = Math.ceil(messages / BATCH_SIZE);
  const batchLoad = await remoteLoad({ url: `${api}/v1/sms/batches`, key: company.liveKey, idempotent: true, body: { profileId: profile.id, from: FROM, to: recipients, text: 'batch {i}' } }, batches, BATCH_SIZE);
  client.kill();

  const report = {
    machine: { cores: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadStart, loadEnd: loadavg() },
    messages, concurrency, seconds,
    accept: {
      single: { smsPerSecond: Math.round(single.perSecond), serverCpuMsPerSms: round2(single.cpuMs), postgresCpuMsPerSms: round2(single.pgCpuMs), statementsPerSms: single.statements },
      quoteBaseline: { perSecond: Math.round(quote.perSecond), serverCpuMsPerRequest: round2(quote.cpuMs), postgresCpuMsPerRequest: round2(quote.pgCpuMs), statementsPerRequest: quote.statements },
      batch: {
        recipientsPerRequest: BATCH_SIZE, requestsPerSecond: round2(batchLoad.perSecond), smsPerSecond: Math.round(batchLoad.perSecond * BATCH_SIZE),
        serverCpuMsPerSms: round2(batchLoad.cpuMs / BATCH_SIZE), postgresCpuMsPerSms: round2(batchLoad.pgCpuMs / BATCH_SIZE), statementsPerSms: batchLoad.statements,
      },
    },
    drain: { live, testBaseline: test },
    paced,
    totalSeconds: Math.round((Date.now() - started) / 1000),
  };
  console.log(JSON.stringify(report, null, 2));
  mkdirSync(fileURLToPath(new URL('./results', import.meta.url)), { recursive: true });
  writeFileSync(fileURLToPath(new URL(`./results/${messages}-${concurrency}${process.env.SENTRAL_BENCH_TAG ? `-${process.env.SENTRAL_BENCH_TAG}` : ''}.json`, import.meta.url)), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(fileURLToPath(new URL('./latency.svg', import.meta.url)), chart(paced));

  await dispatcher.stop();
  await app.close();
  receiver.kill();
  smsc.child.kill('SIGINT');
  await Promise.all([sql.end(), ...Object.values(pools).map((p) => p.end())]);
  await db.drop();
}

// p50 and p99 of accept → submit against the offered rate.
function chart(points: { rate: number; p50: number; p99: number }[]): string {
  const w = 480, h = 280, left = 50, bottom = 40, top = 20, right = 20;
  const maxX = Math.max(...points.map((p) => p.rate));
  const maxY = Math.max(10, ...points.map((p) => p.p99)) * 1.1;
  const x = (v: number) => left + (v / maxX) * (w - left - right);
  const y = (v: number) => h - bottom - (v / maxY) * (h - top - bottom);
  const line = (key: 'p50' | 'p99', color: string) =>
    `<polyline fill="none" stroke="${color}" stroke-width="2" points="${points.map((p) => `${x(p.rate).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' ')}"/>` +
    points.map((p) => `<circle cx="${x(p.rate).toFixed(1)}" cy="${y(p[key]).toFixed(1)}" r="3" fill="${color}"/><text x="${(x(p.rate) + 4).toFixed(1)}" y="${(y(p[key]) - 6).toFixed(1)}" font-size="10">${p[key].toFixed(1)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif">
<text x="${left}" y="14" font-size="12">accept → submit latency (ms) by offered rate (messages/s): p50 blue, p99 red</text>
<line x1="${left}" y1="${h - bottom}" x2="${w - right}" y2="${h - bottom}" stroke="#444"/><line x1="${left}" y1="${top}" x2="${left}" y2="${h - bottom}" stroke="#444"/>
${points.map((p) => `<text x="${x(p.rate) - 10}" y="${h - bottom + 16}" font-size="10">${p.rate}/s</text>`).join('')}
<text x="8" y="${y(maxY / 1.1).toFixed(1)}" font-size="10">${(maxY / 1.1).toFixed(0)}</text><text x="${left - 14}" y="${h - bottom}" font-size="10">0</text>
${line('p50', '#1f77b4')}${line('p99', '#d62728')}
</svg>
`;
}

await main();
