/**
 * Webhooks benchmark, cluster mode: real PostgreSQL (a fresh database, dropped at the end), real NATS (a
 * unique prefix), `sentral dispatcher` child processes, and a receiver in its own process answering 200 at
 * once. Events are recorded through recordEvent in transactions of `burst` events, each commit followed by
 * the bus wake-up, as the API does. Measures deliveries per second and the latency from an event's commit
 * to its first attempt arriving at the receiver, with one and then two dispatcher processes.
 *
 * Three phases per dispatcher count, on a fresh database each: "drain" records `events` before the
 * dispatchers start (their throughput on a backlog), "live" records `events` back to back while they run
 * (one producer; rate and latency under load), "paced" records events/4 at `rate` events/s (latency below
 * capacity).
 *
 * Each phase also reports, per delivery, the dispatchers' CPU ms, the CPU ms of the database's PostgreSQL
 * backends (from /proc; the producer's backend included, idle in the drain), the receiver's CPU ms (from
 * /proc: whether it could be the ceiling) and the transactions committed
 * in the database (pg_stat_database: a statement outside a transaction counts as one; the producer's
 * included, none in the drain).
 *
 *   node --import tsx bench/webhooks/run.ts [events=20000] [burst=100] [rate=250]
 *
 * SENTRAL_BENCH_DISPATCHERS=1 (default 1,2) chooses the dispatcher counts; SENTRAL_BENCH_CPU_PROF=<dir> runs
 * the dispatchers with --cpu-prof into <dir> (summarise with bench/calls/profile-summary.ts).
 */
import { spawn, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { realClock } from '../../shared/clock/real-clock.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import type { Bus } from '../../shared/bus/bus.js';
import { newId } from '../../shared/ids/ids.js';
import { allScopes } from '../../protocol/api/scopes.js';
import { createEndpoint } from '../../control/events/webhook-endpoints.js';
import { recordEvent, wakeDispatcher } from '../../control/events/event-log.js';
import type { FromReceiver, ToReceiver } from './receiver.js';
import { createScratchDatabase, type ScratchDatabase } from '../../test/support/scratch-database.js';
import { backendsCpuMs, backendsCpuSince, procCpuMs } from '../support/proc-cpu.js';

const events = Number(process.argv[2] ?? 20_000);
const burst = Number(process.argv[3] ?? 100);
const rate = Number(process.argv[4] ?? 250);
const ADMIN_URL = process.env.SENTRAL_BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const COUNTS = (process.env.SENTRAL_BENCH_DISPATCHERS ?? '1,2').split(',').map(Number);
const CPU_PROF = process.env.SENTRAL_BENCH_CPU_PROF;
// No phase may take longer than this: the benchmark stops by itself even if deliveries stall.
const PHASE_LIMIT_MS = 300_000;
const CLI = fileURLToPath(new URL('../../scripts/sentral.js', import.meta.url));
const RECEIVER = fileURLToPath(new URL('./receiver.ts', import.meta.url));

const wallMs = (): number => performance.timeOrigin + performance.now();

/** The receiver process and what it last reported. */
interface Receiver {
  child: ChildProcess;
  url: string;
  distinct: number;
  onProgress: (() => void) | null;
  onDump: ((d: Extract<FromReceiver, { type: 'dump' }>) => void) | null;
}

async function startReceiver(): Promise<Receiver> {
  const child = fork(RECEIVER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const r: Receiver = { child, url: '', distinct: 0, onProgress: null, onDump: null };
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`receiver exited (${code})`)));
    child.on('message', (m: FromReceiver) => {
      if (m.type === 'listening') {
        r.url = m.url;
        resolve();
      } else if (m.type === 'progress') {
        r.distinct = m.distinct;
        r.onProgress?.();
      } else r.onDump?.(m);
    });
  });
  return r;
}

const tell = (r: Receiver, m: ToReceiver): void => void r.child.send(m);

function waitForDistinct(r: Receiver, n: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => reject(new Error(`only ${r.distinct} of ${n} events arrived within ${PHASE_LIMIT_MS} ms`)), PHASE_LIMIT_MS);
    const check = (): void => {
      if (r.distinct < n) return;
      clearTimeout(limit);
      r.onProgress = null;
      resolve();
    };
    r.onProgress = check;
    check();
  });
}

function dump(r: Receiver): Promise<Extract<FromReceiver, { type: 'dump' }>> {
  return new Promise((resolve) => {
    r.onDump = resolve;
    tell(r, { type: 'dump' });
  });
}

function startDispatcher(env: Record<string, string>): Promise<ChildProcess> {
  const profile = CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, CLI, 'dispatcher'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`sentral dispatcher exited (${code}):\n${text}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('sentral dispatcher (')) resolve(child);
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function createDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(ADMIN_URL, `sentral_bench_webhooks_${randomBytes(4).toString('hex')}`);
}

/** What one phase measured. */
interface PhaseResult {
  events: number;
  recordSeconds: number;
  deliverSeconds: number;
  deliveriesPerSecond: number;
  /** Commit to first attempt; null where events waited for dispatchers by design (drain). */
  latency: { p50: number; p90: number; p99: number; max: number } | null;
  duplicates: number;
  dispatcherCpuPercent: number;
  /** Per delivery: the dispatchers' CPU ms, the database backends' CPU ms, the receiver's CPU ms, transactions committed. */
  perDelivery: { dispatcherCpuMs: number; postgresCpuMs: number; receiverCpuMs: number; transactions: number };
}

/** Readings taken at a phase's start: the dispatchers' CPU, the backends' CPU, the commits so far. */
interface Readings {
  cpuBefore: number;
  receiverCpu: number;
  backends: Map<number, number>;
  commits: number;
}

async function commitsOf(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select xact_commit::int8 as n from pg_stat_database where datname = current_database()`;
  return Number(row!.n);
}

async function readings(sql: Sql, dispatchers: ChildProcess[], r: Receiver): Promise<Readings> {
  // pg_stat_database is a snapshot per transaction: cleared so this reading is current.
  await sql`select pg_stat_clear_snapshot()`;
  return { cpuBefore: cpuMsOfAll(dispatchers), receiverCpu: procCpuMs(r.child.pid!), backends: await backendsCpuMs(sql), commits: await commitsOf(sql) };
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const cpuMsOfAll = (children: ChildProcess[]): number => children.reduce((s, c) => s + procCpuMs(c.pid!), 0);
const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * Records `count` events in transactions of `size`, one every `intervalMs` (0: back to back), waking the
 * dispatchers after each commit; returns each event's commit time.
 */
async function produce(sql: Sql, bus: Bus, companyId: string, count: number, size: number, intervalMs: number): Promise<Map<string, number>> {
  const committed = new Map<string, number>();
  const start = wallMs();
  for (let done = 0, n = 0; done < count; n++) {
    if (intervalMs > 0) {
      const due = start + n * intervalMs - wallMs();
      if (due > 0) await new Promise((r) => setTimeout(r, due));
    }
    const take = Math.min(size, count - done);
    const ids = await sql.begin(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < take; i++) {
        const k = done + i;
        // 1,000 calls in flight, each with its events in order: realistic per-object ordering constraints.
        const e = await recordEvent(tx, realClock, {
          companyId, profileId: null, mode: 'test', type: 'call.participant.updated', data: { seq: k }, objectId: `call_${k % 1000}`,
        });
        out.push(e.id);
      }
      return out;
    });
    const at = wallMs();
    for (const id of ids) committed.set(id, at);
    await wakeDispatcher(bus);
    done += take;
  }
  return committed;
}

/** Waits until every event arrived and turns the receiver's notes into figures. */
async function measure(
  r: Receiver,
  committed: Map<string, number>,
  sql: Sql,
  timing: { started: number; recorded: number; before: Readings; dispatchers: ChildProcess[]; drain: boolean },
): Promise<PhaseResult> {
  await waitForDistinct(r, committed.size);
  const d = await dump(r);
  const cpuMs = cpuMsOfAll(timing.dispatchers) - timing.before.cpuBefore;
  const receiverCpuMs = procCpuMs(r.child.pid!) - timing.before.receiverCpu;
  const postgresCpuMs = backendsCpuSince(timing.before.backends, await backendsCpuMs(sql));
  await sql`select pg_stat_clear_snapshot()`;
  const transactions = (await commitsOf(sql)) - timing.before.commits;
  const n = committed.size;
  const cpuWindow = wallMs() - timing.started;
  const latencies: number[] = [];
  const arrivals: number[] = [];
  for (const [id, arrived] of d.first) {
    const at = committed.get(id);
    if (at === undefined) continue;
    latencies.push(arrived - at);
    arrivals.push(arrived);
  }
  latencies.sort((a, b) => a - b);
  arrivals.sort((a, b) => a - b);
  const firstCommit = Math.min(...committed.values());
  const deliverSeconds = (arrivals.at(-1)! - (timing.drain ? timing.started : firstCommit)) / 1000;
  // Drain: the steady rate between the 10th and 90th percentile arrivals (start-up and tail left out).
  const deliveriesPerSecond = timing.drain
    ? (0.8 * arrivals.length) / ((percentile(arrivals, 90) - percentile(arrivals, 10)) / 1000)
    : arrivals.length / deliverSeconds;
  return {
    events: committed.size,
    recordSeconds: (timing.recorded - (timing.drain ? firstCommit : timing.started)) / 1000,
    deliverSeconds,
    deliveriesPerSecond,
    latency: timing.drain ? null : { p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies.at(-1)! },
    duplicates: d.requests - d.first.length,
    dispatcherCpuPercent: (100 * cpuMs) / cpuWindow,
    perDelivery: { dispatcherCpuMs: round2(cpuMs / n), postgresCpuMs: round2(postgresCpuMs / n), receiverCpuMs: round2(receiverCpuMs / n), transactions: round2(transactions / n) },
  };
}

/** The three phases, on a fresh database, with `count` dispatcher processes. */
interface RunResult {
  drain: PhaseResult;
  live: PhaseResult;
  paced: PhaseResult;
}

async function runWith(r: Receiver, count: number): Promise<RunResult> {
  const db = await createDatabase();
  const sql = openDatabase({ url: db.url, max: 4, applicationName: 'bench-webhooks' });
  const prefix = `bwh${randomBytes(4).toString('hex')}`;
  const dispatchers: ChildProcess[] = [];
  let bus: Bus | undefined;
  try {
    await migrate(sql);
    bus = await createNatsBus({ url: NATS_URL, prefix, name: 'bench-webhooks' });
    const companyId = newId('co');
    await sql`insert into companies (id, name, created_at_ms) values (${companyId}, 'Bench', ${realClock.now()})`;
    const caller = { kind: 'key' as const, keyId: 'key_bench', companyId, profileId: null, mode: 'test' as const, scopes: new Set(allScopes) };
    await createEndpoint(sql, realClock, caller, { url: r.url, events: ['*'] }, { allowInsecure: true });
    const env = { DATABASE_URL: db.url, NATS_URL, REDIS_URL, SENTRAL_PREFIX: prefix, SENTRAL_ALLOW_INSECURE_TARGETS: '1', SENTRAL_LOG_LEVEL: 'info' };

    // Drain: a backlog recorded before any dispatcher runs, then the dispatchers start together.
    tell(r, { type: 'reset' });
    r.distinct = 0;
    const backlog = await produce(sql, bus, companyId, events, burst, 0);
    const recorded = wallMs();
    const beforeDrain = await readings(sql, [], r);
    dispatchers.push(...(await Promise.all(Array.from({ length: count }, () => startDispatcher(env)))));
    // The dispatchers' start-up is not the drain's: their CPU counts from here.
    const ready = { started: wallMs(), recorded, before: { ...beforeDrain, cpuBefore: cpuMsOfAll(dispatchers) }, dispatchers };
    const drain = await measure(r, backlog, sql, { ...ready, drain: true });

    const live = await phaseWhileRunning(r, sql, bus, companyId, dispatchers, events, burst, 0);
    const pacedBurst = Math.max(1, Math.round(burst / 10));
    const paced = await phaseWhileRunning(r, sql, bus, companyId, dispatchers, Math.round(events / 4), pacedBurst, (1000 * pacedBurst) / rate);
    const states = await sql<{ state: string; n: number }[]>`select state, count(*)::int as n from webhook_deliveries group by state order by state`;
    console.error(`  ${count} dispatcher(s): delivery states ${states.map((s) => `${s.state}=${s.n}`).join(', ')}`);
    return { drain, live, paced };
  } finally {
    await Promise.all(dispatchers.map(stopChild));
    await bus?.close();
    await sql.end({ timeout: 5 });
    await db.drop();
  }
}

/** Records events while the dispatchers run (back to back, or paced) and measures their delivery. */
async function phaseWhileRunning(
  r: Receiver, sql: Sql, bus: Bus, companyId: string, dispatchers: ChildProcess[], count: number, size: number, intervalMs: number,
): Promise<PhaseResult> {
  tell(r, { type: 'reset' });
  r.distinct = 0;
  const before = await readings(sql, dispatchers, r);
  const started = wallMs();
  const committed = await produce(sql, bus, companyId, count, size, intervalMs);
  return measure(r, committed, sql, { started, recorded: wallMs(), before, dispatchers, drain: false });
}

const ms = (v: number): string => (v < 10 ? v.toFixed(1) : Math.round(v).toString());

function table(title: string, results: PhaseResult[]): string {
  const row = (label: string, f: (p: PhaseResult) => string): string => `| ${label} | ${results.map(f).join(' | ')} |`;
  const lines = [
    `${title}`,
    '',
    `| measure | ${COUNTS.map((c) => `${c} dispatcher${c === 1 ? '' : 's'}`).join(' | ')} |`,
    `|---|${COUNTS.map(() => '---|').join('')}`,
    row('events', (p) => String(p.events)),
    row('recording time (s)', (p) => p.recordSeconds.toFixed(1)),
    row('start to last delivery (s)', (p) => p.deliverSeconds.toFixed(1)),
    row('deliveries / s', (p) => Math.round(p.deliveriesPerSecond).toString()),
  ];
  if (results.every((p) => p.latency)) {
    lines.push(
      row('commit to first attempt p50 (ms)', (p) => ms(p.latency!.p50)),
      row('p90 (ms)', (p) => ms(p.latency!.p90)),
      row('p99 (ms)', (p) => ms(p.latency!.p99)),
      row('max (ms)', (p) => ms(p.latency!.max)),
    );
  }
  lines.push(
    row('duplicate requests', (p) => String(p.duplicates)),
    row('dispatcher CPU (% of one core, all processes)', (p) => Math.round(p.dispatcherCpuPercent).toString()),
    row('per delivery: dispatcher CPU ms / PostgreSQL CPU ms / transactions', (p) => `${p.perDelivery.dispatcherCpuMs} / ${p.perDelivery.postgresCpuMs} / ${p.perDelivery.transactions}`),
    row('per delivery: the receiver\'s CPU ms', (p) => String(p.perDelivery.receiverCpuMs)),
  );
  return lines.join('\n');
}

const receiver = await startReceiver();
try {
  console.error(`webhooks benchmark: ${events} events (flood, bursts of ${burst}), ${Math.round(events / 4)} paced at ${rate}/s`);
  const results = [];
  console.error(`load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const count of COUNTS) results.push(await runWith(receiver, count));
  console.error(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(table(`Drain: ${events} events recorded before the dispatchers start`, results.map((x) => x.drain)));
  console.log(`\n${table(`Live: ${events} events recorded back to back while the dispatchers run`, results.map((x) => x.live))}`);
  console.log(`\n${table(`Paced: ${Math.round(events / 4)} events at ${rate}/s`, results.map((x) => x.paced))}`);
} finally {
  tell(receiver, { type: 'close' });
}
