/**
 * Messaging benchmark (email and letters): this process runs the API (listening on loopback) on real
 * PostgreSQL (a fresh database, dropped at the end) and the real clock; the messaging role runs in it too
 * (`sentral start`'s shape, the in-process bus) or, with `apart`, as `sentral messaging` in a process of its
 * own (as an operator scales messaging apart from the control plane; the two then share NATS and Redis), so
 * the hand-over is not bounded by the API's event loop. The relay (a loopback SMTP server that takes and
 * counts everything, counting-relay.ts) and the email clients (bench/sms/load-client.ts) are processes of
 * their own, as they are in production. Phases:
 *
 * 1. baseline: `emails` messages from this process straight to the relay with nodemailer's pool (the
 *    relay's and the client's own ceiling, no API, no database), measured in the same run;
 * 2. email, single: `emails` POST /v1/email (live key, verified domain, DKIM-signed) from `concurrency`
 *    clients; accepted per second (201s) and handed to the relay per second (the relay counting what it took);
 * 3. email, batch: `emails` more through POST /v1/email/batch, BATCH_SIZE per request, concurrency / 8
 *    requests in flight; the same two rates;
 * 4. letters: `letters` POST /v1/letters at 20/s (a text rendered to PDF, to a registered recipient of the
 *    simulated mailbox service); latency from the request to `delivered` (the row's updated_at_ms minus the
 *    request's start), p50/p90/p99, and where it went: request → 201; request → stored (rendered, the
 *    row's created_at_ms), stored → claimed (`sending`), claimed → stored by the mailbox service, that →
 *    `delivered` recorded.
 *
 * Each phase also reports the CPU time (user + system, all threads) per message of this process and, when
 * apart, of the messaging process, figures that move less than the rates when the machine is shared, and
 * the share of the time this process's event loop was busy (near 1: the one thread is the limit).
 *
 *   node --import tsx bench/messaging/run.ts [emails=3000] [letters=300] [concurrency=32] [in|apart]
 *
 * Writes bench/messaging/results/<emails>-<letters>[-apart].json.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createTransport } from 'nodemailer';
import { benchServices } from './bench-services.js';
import type { RelayMessage } from './counting-relay.js';
import type { LoadJob, LoadResult } from '../sms/load-client.js';
import { openDatabase } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { buildApiServer } from '../../control/api/server/server.js';
import { startMessaging } from '../../control/messaging/outbox/messaging-role.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { createScratchDatabase } from '../../test/support/scratch-database.js';
import { statementCounter } from '../support/statement-counter.js';
import { backendsCpuMs, backendsCpuSince } from '../support/proc-cpu.js';

const emails = Number(process.argv[2] ?? 3000);
const letters = Number(process.argv[3] ?? 300);
const concurrency = Number(process.argv[4] ?? 32);
const apart = process.argv[5] === 'apart';
// Emails per POST /v1/email/batch in the batch phase, and such requests in flight.
const BATCH_SIZE = 100;
const BATCH_CONCURRENCY = Math.max(1, Math.ceil(concurrency / 8));
const NATS_URL = process.env.SENTRAL_BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.SENTRAL_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLI = fileURLToPath(new URL('../../scripts/sentral.js', import.meta.url));
const ADMIN_URL = process.env.SENTRAL_BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN_TOKEN = 'sat_benchAdminToken0123456789abcdefghij';
const HERE = fileURLToPath(new URL('.', import.meta.url));
const DOMAIN = 'bench.example.no';
const NATIONAL_ID = '15038510190';
const RELAY = fileURLToPath(new URL('./counting-relay.ts', import.meta.url));
const LOAD_CLIENT = fileURLToPath(new URL('../sms/load-client.ts', import.meta.url));

const now = (): number => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function summary(values: number[]): { n: number; p50: number; p90: number; p99: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
  const r = (x: number) => Math.round(x * 10) / 10;
  return { n: s.length, p50: r(at(50)), p90: r(at(90)), p99: r(at(99)), max: r(s.at(-1) ?? NaN) };
}

/** The counting relay, started as a process of its own: its port, and how many messages it has taken. */
async function countingRelay(): Promise<{ port: number; count(): Promise<number>; close(): void }> {
  const child = fork(RELAY, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  process.once('exit', () => child.kill());
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: RelayMessage) => ('port' in m ? resolve(m.port) : reject(new Error('the relay did not start'))));
    child.once('exit', () => reject(new Error('the relay exited')));
  });
  const count = () => new Promise<number>((resolve) => {
    child.once('message', (m: RelayMessage) => resolve('taken' in m ? m.taken : NaN));
    child.send('count');
  });
  return { port, count, close: () => child.disconnect() };
}

/** Runs a load job in the load client, a process of its own; requests per second. */
async function remoteLoad(job: LoadJob): Promise<number> {
  const client = fork(LOAD_CLIENT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    return await new Promise<number>((resolve, reject) => {
      client.once('message', (r: LoadResult) => (r.ok ? resolve(r.perSecond) : reject(new Error(r.error))));
      client.send(job);
    });
  } finally {
    client.kill();
  }
}

async function pool<T>(items: T[], width: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await run(items[next++]!);
  }));
}

/** `sentral messaging` as a process of its own on the bench's database, NATS and Redis; resolves once it started. */
async function messagingProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'messaging'], { env: { ...process.env, SENTRAL_LOG_LEVEL: 'warn', SENTRAL_API_PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  process.once('exit', () => child.kill());
  await new Promise<void>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('sentral messaging (')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`sentral messaging exited (${code}): ${text}`)));
  });
  return child;
}

// CPU milliseconds a process of this machine has used so far (/proc/<pid>/stat fields 14 and 15, in clock
// ticks of 10 ms).
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// CPU milliseconds this process used since `since` (all its threads).
function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

// The share of wall time this process's event loop was busy since `since` (0 to 1).
function busySince(since: EventLoopUtilization): number {
  return Math.round(performance.eventLoopUtilization(since).utilization * 100) / 100;
}

async function main(): Promise<void> {
  const loadAverageAtStart = loadavg().map((x) => Math.round(x * 10) / 10);
  const db = await createScratchDatabase(ADMIN_URL, `sentral_bench_messaging_${randomBytes(4).toString('hex')}`);
  const sql = openDatabase({ url: db.url, max: 20 });
  // The API and the messaging role (when it runs here) query through a pool of their own, its statements
  // counted; the benchmark's own queries (setup, waiting for the answers) go through `sql`.
  const counter = statementCounter();
  const served = openDatabase({ url: db.url, max: 20, applicationName: 'bench-served', onQuery: counter.onQuery });
  const dataDir = mkdtempSync(join(tmpdir(), 'sentral-bench-messaging-'));
  const relay = await countingRelay();
  const env: Record<string, string> = {
    SENTRAL_ADMIN_TOKEN: ADMIN_TOKEN, SENTRAL_DATA_DIR: dataDir, SENTRAL_SMTP_URL: `smtp://127.0.0.1:${relay.port}`, SENTRAL_EMAIL_DOMAIN_RATE: '100000',
    // The relay pool's width is the run's to choose (default 5).
    ...(process.env.SENTRAL_SMTP_CONNECTIONS === undefined ? {} : { SENTRAL_SMTP_CONNECTIONS: process.env.SENTRAL_SMTP_CONNECTIONS }),
  };
  const prefix = `benchmsg${randomBytes(4).toString('hex')}`;
  // Apart, the API wakes the messaging process's outbox over NATS, as in a cluster.
  const bus = apart ? await createNatsBus({ url: NATS_URL, prefix, name: 'bench-messaging-api' }) : undefined;
  const services = benchServices(served, env, bus);
  const stops: Array<() => Promise<unknown>> = [];
  try {
    await migrate(sql);
    const app = await buildApiServer(services, { reaperIntervalMs: 0, rateLimit: { capacity: 1e6, refillPerSecond: 1e6 }, bodyLimit: 16 * 1024 * 1024 });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    stops.push(() => app.close());
    // The messaging role's CPU so far: this process's own when it runs here, the child's when apart.
    let messagingCpuMs: () => number = () => 0;
    if (apart) {
      const child = await messagingProcess({ ...env, DATABASE_URL: db.url, NATS_URL, REDIS_URL, SENTRAL_PREFIX: prefix });
      messagingCpuMs = () => processCpuMs(child.pid!);
      stops.push(() => new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }));
    } else {
      const messaging = await startMessaging(services);
      stops.push(() => messaging.stop());
    }
    stops.push(async () => bus?.close());
    const api = async (method: string, path: string, key: string, body?: unknown): Promise<any> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(method === 'POST' && path.startsWith('/v1/') ? { 'idempotency-key': randomUUID() } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
      return text === '' ? undefined : JSON.parse(text);
    };
    const company = await api('POST', '/admin/v1/companies', ADMIN_TOKEN, { name: 'Bench AS', balanceOre: emails * 3 + letters * 600 });
    const profile = await api('POST', '/v1/profiles', company.liveKey, { name: 'Bench', slug: 'bench', services: { email: true, letters: true } });
    await api('POST', '/v1/profiles/bench/email-domains', company.liveKey, { domain: DOMAIN });
    // DNS is not part of the measurement: the domain is marked verified as a lookup would.
    await sql`update email_domains set status = 'verified', verified_at_ms = ${Date.now()} where domain = ${DOMAIN}`;
    await api('POST', '/admin/v1/sim/mailboxes', ADMIN_TOKEN, { nationalId: NATIONAL_ID });

    // 1. Baseline: nodemailer's pool straight to the same relay.
    const direct = createTransport({ host: '127.0.0.1', port: relay.port, pool: true, maxConnections: 5, secure: false, ignoreTLS: true } as never);
    const before = await relay.count();
    let t0 = now();
    await pool([...Array(emails).keys()], concurrency, async (i) => {
      await direct.sendMail({ from: `post@${DOMAIN}`, to: `r${i}@mottaker.example.no`, subject: 'Kvittering', text: 'Takk for handelen.' });
    });
    const baselineSeconds = (now() - t0) / 1000;
    direct.close();
    if ((await relay.count()) - before !== emails) throw new Error('the baseline lost messages');

    // Every email stored so far recorded as sent (the relay's answers written back).
    const emailsSettled = async () => {
      for (const t = now(); now() - t < 120_000; await sleep(50)) {
        const [open] = await sql<{ n: number }[]>`select count(*)::int as n from messages where channel = 'email' and state <> 'sent'`;
        if (open!.n === 0) return;
      }
    };
    // One email phase: `load` accepts `emails` messages; accepted per second, and handed to the relay per
    // second (from the first request to the relay's last take), with the CPU both roles used per email.
    const emailPhase = async (load: () => Promise<number>) => {
      const taken = await relay.count();
      const cpu = process.cpuUsage();
      const messagingCpu = messagingCpuMs();
      const loop = performance.eventLoopUtilization();
      const statementsBefore = counter.snapshot();
      const pg = await backendsCpuMs(sql);
      const t0 = now();
      const acceptedPerSecond = await load();
      while ((await relay.count()) - taken < emails && now() - t0 < 600_000) await sleep(20);
      const handOffSeconds = (now() - t0) / 1000;
      const apiCpuMs = cpuMsSince(cpu);
      const result = {
        acceptedPerSecond: Math.round(acceptedPerSecond),
        handedToRelayPerSecond: Math.round(((await relay.count()) - taken) / handOffSeconds),
        cpuMsPerEmail: Math.round((apiCpuMs / emails) * 100) / 100,
        ...(apart ? { messagingCpuMsPerEmail: Math.round(((messagingCpuMs() - messagingCpu) / emails) * 100) / 100 } : {}),
        eventLoopBusy: busySince(loop),
      };
      // The relay's answers are recorded before the next phase starts: it measures itself alone.
      await emailsSettled();
      // Accept, hand-over and the recorded answer, per email (the messaging process's statements not counted when apart).
      const statements = counter.since(statementsBefore, emails);
      return { ...result, postgresCpuMsPerEmail: Math.round((backendsCpuSince(pg, await backendsCpuMs(sql)) / emails) * 100) / 100, statementsPerEmail: statements };
    };
    const email = { profileId: profile.id, from: `Butikken <post@${DOMAIN}>`, subject: 'Kvittering', text: 'Takk for handelen.' };

    // 2. Email through the API and the pipeline, one per request.
    const single = await emailPhase(() => remoteLoad({
      url: `${base}/v1/email`, key: company.liveKey, count: emails, concurrency, idempotent: true, body: { ...email, to: 'r{i}@mottaker.example.no' },
    }));

    // 3. The same number through POST /v1/email/batch, BATCH_SIZE per request.
    const requests = Math.ceil(emails / BATCH_SIZE);
    const batch = await emailPhase(async () => BATCH_SIZE * await remoteLoad({
      url: `${base}/v1/email/batch`, key: company.liveKey, count: requests, concurrency: BATCH_CONCURRENCY, idempotent: true,
      body: { messages: Array.from({ length: BATCH_SIZE }, (_, k) => ({ ...email, to: `b{i}-${k}@mottaker.example.no` })) },
    }));
    // The tables grew from empty in seconds, faster than autovacuum's first pass: a running system's tables
    // have statistics (as bench/sms does), and autovacuum's first pass would otherwise fall in the letters.
    await sql`vacuum analyze`;
    const [sent] = await sql<{ n: number }[]>`select count(*)::int as n from messages where channel = 'email' and state = 'sent'`;

    // 3. Letters at 20 per second.
    const started = new Map<string, number>();
    const answered = new Map<string, number>();
    const order = new Map<string, number>();
    const cpu = process.cpuUsage();
    const messagingCpu = messagingCpuMs();
    const loop = performance.eventLoopUtilization();
    t0 = now();
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < letters; i++) {
      const due = t0 + i * 50;
      if (due > now()) await sleep(due - now());
      inflight.push((async () => {
        const at = Date.now();
        const letter = await api('POST', '/v1/letters', company.liveKey, {
          profileId: profile.id, recipient: { nationalId: NATIONAL_ID, name: 'Åse Ødegård' }, subject: `Brev ${i}: årsoppgjør`,
          document: { text: `Hei Åse!\nDette er brev nummer ${i}, med æ, ø og å.\n${'Linje med tekst. '.repeat(40)}` },
        });
        started.set(letter.id, at);
        answered.set(letter.id, Date.now());
        order.set(letter.id, i);
      })());
    }
    await Promise.all(inflight);
    for (;;) {
      const [open] = await sql<{ n: number }[]>`select count(*)::int as n from messages where channel = 'letter' and state <> 'delivered'`;
      if (open!.n === 0 || now() - t0 > 120_000) break;
      await sleep(50);
    }
    const lettersCpuMs = cpuMsSince(cpu);
    const lettersMessagingCpuMs = messagingCpuMs() - messagingCpu;
    const lettersLoopBusy = busySince(loop);
    const rows = await sql<{ id: string; created_at_ms: number; updated_at_ms: number; state: string; claimed_ms: number | null; stored_ms: number | null }[]>`
      select m.id, m.created_at_ms, m.updated_at_ms, m.state,
        (select min(e.occurred_at_ms) from events e where e.object_id = m.id and e.type = 'letter.status' and e.body::jsonb->'data'->>'state' = 'sending') as claimed_ms,
        (select s.delivered_at_ms from sim_mailbox_letters s where s.message_id = m.id) as stored_ms
      from messages m where m.channel = 'letter'`;
    const delivered = rows.filter((r) => r.state === 'delivered');
    const latencies = delivered.map((r) => Number(r.updated_at_ms) - started.get(r.id)!);
    const stage = (from: (r: (typeof rows)[number]) => number | null, to: (r: (typeof rows)[number]) => number | null) =>
      summary(delivered.flatMap((r) => (from(r) === null || to(r) === null ? [] : [Number(to(r)) - Number(from(r))])));
    const results = {
      command: `node --import tsx bench/messaging/run.ts ${emails} ${letters} ${concurrency} ${apart ? 'apart' : 'in'}`,
      messagingRole: apart ? 'a process of its own (sentral messaging)' : 'in the API process',
      smtpConnections: services.config.email.smtpConnections,
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadAverageAtStart, loadAverageAtEnd: loadavg().map((x) => Math.round(x * 10) / 10) },
      email: {
        messages: emails,
        baselineNodemailerPerSecond: Math.round(emails / baselineSeconds),
        single,
        batch: { perRequest: BATCH_SIZE, requestsInFlight: BATCH_CONCURRENCY, ...batch },
        sentRows: sent!.n,
      },
      letters: {
        sent: letters,
        ratePerSecond: 20,
        delivered: latencies.length,
        acceptToDeliveredMs: summary(latencies),
        stagesMs: {
          requestTo201: stage((r) => started.get(r.id)!, (r) => answered.get(r.id)!),
          requestToStored: stage((r) => started.get(r.id)!, (r) => r.created_at_ms),
          storedToClaimed: stage((r) => r.created_at_ms, (r) => r.claimed_ms),
          claimedToStoredByMailbox: stage((r) => r.claimed_ms, (r) => r.stored_ms),
          mailboxToDeliveredRecorded: stage((r) => r.stored_ms, (r) => r.updated_at_ms),
        },
        // The three slowest: which letter of the run (0 the first) and each stage's share.
        slowest: [...delivered].sort((a, b) => Number(b.updated_at_ms) - started.get(b.id)! - (Number(a.updated_at_ms) - started.get(a.id)!)).slice(0, 3).map((r) => ({
          letter: order.get(r.id), ms: Number(r.updated_at_ms) - started.get(r.id)!, rendered: Number(r.created_at_ms) - started.get(r.id)!,
          claimed: Number(r.claimed_ms) - Number(r.created_at_ms), mailbox: Number(r.stored_ms) - Number(r.claimed_ms), recorded: Number(r.updated_at_ms) - Number(r.stored_ms),
        })),
        cpuMsPerLetter: Math.round((lettersCpuMs / Math.max(letters, 1)) * 100) / 100,
        ...(apart ? { messagingCpuMsPerLetter: Math.round((lettersMessagingCpuMs / Math.max(letters, 1)) * 100) / 100 } : {}),
        eventLoopBusy: lettersLoopBusy,
      },
    };
    mkdirSync(`${HERE}results`, { recursive: true });
    writeFileSync(`${HERE}results/${emails}-${letters}${apart ? '-apart' : ''}.json`, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    relay.close();
    await served.end();
    await sql.end();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
