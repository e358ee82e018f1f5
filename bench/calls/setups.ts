/**
 * Call setups through the API, standalone and cluster side by side. For each mode an installation runs in
 * its own process (installation.ts); this process is the customer: autocannon, the stream server and
 * the clock that measures. Loopback only; every run is bounded and stops by itself.
 *
 * 1. Setups per second: autocannon sends `requests` POST /v1/calls (test key, to +442079460001, each with
 *    its own Idempotency-Key) over `connections` connections; counted are 201s per second of the run.
 *    The calls stay up (the phone answers after 1 s and speaks) until all are sent, then are hung up.
 * 2. First media: `lanes` customers (one company each, so the 5-streams-per-company limit never bites)
 *    each run calls back to back until `streamCalls` are done: POST /v1/calls with a stream (started on
 *    answer) to a WebSocket server here; measured from the POST to the stream's `start` and to its first
 *    `media` frame (the simulated phone answers after 1 s). Then hang up.
 *
 * CPU per setup (created and hung up) is read over phase 1, after a warm-up of WARMUP_SETUPS setups: the installation's own (process.cpuUsage),
 * its PostgreSQL backends' and the NATS server's (port 4222) from /proc, with the statements it sent and
 * its write system calls (syscw of /proc/<pid>/io: socket writes to PostgreSQL, NATS and the customer).
 * SENTRAL_BENCH_CPU_PROF=<dir> runs the installation under `--cpu-prof` into <dir>/<mode> (one file per
 * thread; the main thread's is the largest; summarise it with profile-summary.ts);
 * SENTRAL_BENCH_SETUPS_PROF=<dir> takes one of the installation's main thread over the setups phase alone
 * (<dir>/<mode>-setups.cpuprofile), without the start, module loading and the first-media phase.
 *
 *   node --import tsx bench/calls/setups.ts [modes=standalone,cluster] [requests=400] [connections=20] [streamCalls=100] [lanes=5]
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import autocannon from 'autocannon';
import type { FromInstallation, InstallationStats, ToInstallation } from './installation.js';
import { pidsOf, procCpuMs } from '../support/proc-cpu.js';

const modes = (process.argv[2] ?? 'standalone,cluster').split(',');
const requests = Number(process.argv[3] ?? 400);
const connections = Number(process.argv[4] ?? 20);
const streamCalls = Number(process.argv[5] ?? 100);
const lanes = Number(process.argv[6] ?? 5);
const INSTALLATION = fileURLToPath(new URL('./installation.ts', import.meta.url));
// A call whose stream has not started this long after the POST counts as failed, so a run always ends.
const CALL_LIMIT_MS = 30_000;
// The start of an installation (migrations, embedded database) may take this long before the run gives up.
const START_LIMIT_MS = 120_000;
const TO = '+442079460001';
// Setups sent (and hung up) before the measured ones.
const WARMUP_SETUPS = 60;

const machine = (): string => `nproc ${availableParallelism()} (${cpus()[0]?.model ?? 'unknown CPU'}), load ${loadavg().map((l) => l.toFixed(2)).join(' ')}, node ${process.version}`;

/** A running installation as this process sees it. */
interface Installation {
  api: string;
  adminToken: string;
  /** The installation's process (every role, media workers as its threads). */
  pid: number;
  stats(): Promise<InstallationStats>;
  /** Starts a CPU profile of the installation's main thread, or stops it into `file`. */
  profile(file?: string): Promise<void>;
  stop(): Promise<void>;
}

const cpuProfDir = process.env.SENTRAL_BENCH_CPU_PROF;
const setupsProfDir = process.env.SENTRAL_BENCH_SETUPS_PROF;
const natsPids = pidsOf('nats-server', '-p 4222 ');
const natsCpuMs = (): number => natsPids.reduce((sum, pid) => sum + procCpuMs(pid), 0);
/** Write system calls (write, writev) process `pid` has made, all its threads together. */
const writeCalls = (pid: number): number => Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? NaN);

function startInstallation(mode: string): Promise<Installation> {
  const execArgv = ['--import', 'tsx', ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}/${mode}`] : [])];
  const child = fork(INSTALLATION, [mode], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${mode} installation did not start within ${START_LIMIT_MS} ms`));
    }, START_LIMIT_MS);
    void exited.then((code) => {
      clearTimeout(limit);
      reject(new Error(`${mode} installation exited (${code}) before it was ready`));
    });
    child.on('message', (m: FromInstallation) => {
      if (m.type !== 'ready') return;
      clearTimeout(limit);
      resolve({
        api: m.api,
        adminToken: m.adminToken,
        pid: child.pid!,
        stats: () =>
          new Promise((resolveStats) => {
            const onStats = (reply: FromInstallation): void => {
              if (reply.type !== 'stats') return;
              child.off('message', onStats);
              resolveStats(reply.stats);
            };
            child.on('message', onStats);
            child.send({ type: 'stats' } satisfies ToInstallation);
          }),
        profile: (file) =>
          new Promise((resolveProfile) => {
            const onProfiled = (reply: FromInstallation): void => {
              if (reply.type !== 'profiled') return;
              child.off('message', onProfiled);
              resolveProfile();
            };
            child.on('message', onProfiled);
            child.send({ type: 'profile', ...(file === undefined ? {} : { file }) } satisfies ToInstallation);
          }),
        async stop() {
          child.send({ type: 'stop' } satisfies ToInstallation);
          const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
          await exited;
          clearTimeout(guard);
        },
      });
    });
  });
}

async function call(api: string, key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

let customerSeq = 0;
/** A company with a test key, a profile with the phone service and a number. */
async function customer(inst: Installation): Promise<{ key: string; profileId: string; from: string }> {
  const n = ++customerSeq;
  const company = await call(inst.api, inst.adminToken, 'POST', '/admin/v1/companies', { name: `Bench ${n}`, balanceOre: 1_000_000 });
  if (company.status !== 201) throw new Error(`company: ${company.status} ${JSON.stringify(company.body)}`);
  const key: string = company.body.testKey;
  const profile = await call(inst.api, key, 'POST', '/v1/profiles', { name: 'Bench', slug: `bench-${n}`, services: { sms: false, email: false, letters: false, phone: true } }, { 'idempotency-key': `profile-${n}` });
  const from = `+4723${String(900_000 + n)}`;
  const number = await call(inst.api, inst.adminToken, 'POST', '/admin/v1/numbers', { number: from, companyId: company.body.id, profileId: profile.body.id });
  if (number.status !== 201) throw new Error(`number: ${number.status} ${JSON.stringify(number.body)}`);
  return { key, profileId: profile.body.id, from };
}

/** Hangs up `ids`, `concurrency` at a time. */
async function hangUpAll(inst: Installation, key: string, ids: string[], concurrency = 20): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < ids.length) await call(inst.api, key, 'POST', `/v1/calls/${ids[next++]}/hangup`).catch(() => undefined);
  }));
}

/** Result of the setups phase. */
interface SetupsResult {
  created: number;
  seconds: number;
  statuses: Record<string, number>;
  errors: number;
  latency: { p50: number; p90: number; p99: number; max: number };
  /** Per call created and hung up: CPU ms of sentral, PostgreSQL and NATS, and statements sent. */
  perCall: { sentral: number; postgres: number; nats: number; statements: number; writes: number };
  /** The statements sent most often, per call created and hung up. */
  topStatements: Array<[string, number]>;
}

/** Sends `amount` setups over `connections` connections; the ids of the calls created, and autocannon's result. */
async function sendSetups(inst: Installation, c: { key: string; profileId: string; from: string }, tag: string, amount: number) {
  const body = JSON.stringify({ profileId: c.profileId, to: TO, from: c.from, maxMinutes: 1 });
  const ids: string[] = [];
  let seq = 0;
  const result = await autocannon({
    url: inst.api,
    connections,
    amount,
    timeout: 30,
    requests: [{
      method: 'POST',
      path: '/v1/calls',
      headers: { authorization: `Bearer ${c.key}`, 'content-type': 'application/json' },
      body,
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': `${tag}-${++seq}` } }),
      onResponse: (status, text) => {
        if (status === 201) ids.push((JSON.parse(text) as { id: string }).id);
      },
    }],
  });
  return { ids, result };
}

async function measureSetups(inst: Installation, mode: string): Promise<SetupsResult> {
  const c = await customer(inst);
  // A warm-up through the same path first, so what is measured is the steady state: the API's response
  // serializers are compiled on first use, each statement is prepared once per connection, the JIT warms.
  const warm = await sendSetups(inst, c, `warmup-${mode}`, WARMUP_SETUPS);
  await hangUpAll(inst, c.key, warm.ids);
  const before = await inst.stats();
  const natsBefore = natsCpuMs();
  const writesBefore = writeCalls(inst.pid);
  if (setupsProfDir) await inst.profile();
  const { ids, result } = await sendSetups(inst, c, `setup-${mode}`, requests);
  await hangUpAll(inst, c.key, ids);
  const after = await inst.stats();
  const writes = writeCalls(inst.pid) - writesBefore;
  // Stopped after the readings: writing the profile out is not the phase's work.
  if (setupsProfDir) await inst.profile(`${setupsProfDir}/${mode}-setups.cpuprofile`);
  const n = Math.max(1, ids.length);
  const perCall = {
    sentral: (after.cpuMs - before.cpuMs) / n,
    postgres: (after.pgCpuMs - before.pgCpuMs) / n,
    nats: (natsCpuMs() - natsBefore) / n,
    statements: (after.statements - before.statements) / n,
    writes: writes / n,
  };
  const topStatements = Object.entries(after.byStatement)
    .map(([text, count]): [string, number] => [text, (count - (before.byStatement[text] ?? 0)) / n])
    .filter(([, perOne]) => perOne >= 0.05)
    .sort((a, b) => b[1] - a[1]);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([s, v]) => [s, v.count]));
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  return { created: statuses['201'] ?? 0, seconds, statuses, errors: result.errors + result.timeouts, latency: result.latency, perCall, topStatements };
}

/** The customer's stream server: when each call's stream sent `start` and its first `media`. */
class StreamServer {
  private readonly seen = new Map<string, { start?: number; media?: number }>();
  private readonly waiters = new Map<string, () => void>();
  private constructor(
    private readonly wss: WebSocketServer,
    readonly url: string,
  ) {}

  static async start(): Promise<StreamServer> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => wss.once('listening', resolve));
    const server = new StreamServer(wss, `http://127.0.0.1:${(wss.address() as AddressInfo).port}/stream`);
    wss.on('connection', (socket) => {
      let callId = '';
      socket.on('message', (data) => {
        const at = performance.now();
        const m = JSON.parse(data.toString()) as { event: string; start?: { svc?: { callId?: string } } };
        if (m.event === 'start') {
          callId = m.start?.svc?.callId ?? '';
          server.note(callId).start ??= at;
        } else if (m.event === 'media' && callId !== '' && server.note(callId).media === undefined) {
          server.note(callId).media = at;
          server.waiters.get(callId)?.();
        }
      });
    });
    return server;
  }

  private note(callId: string): { start?: number; media?: number } {
    let n = this.seen.get(callId);
    if (!n) this.seen.set(callId, (n = {}));
    return n;
  }

  /** Resolves with the arrival times of the call's `start` and first `media` (performance.now()). */
  firstMedia(callId: string): Promise<{ start: number; media: number }> {
    const done = (): { start: number; media: number } | null => {
      const n = this.seen.get(callId);
      return n?.start !== undefined && n.media !== undefined ? { start: n.start, media: n.media } : null;
    };
    const now = done();
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const guard = setTimeout(() => {
        this.waiters.delete(callId);
        reject(new Error(`no media from the stream of ${callId} within ${CALL_LIMIT_MS} ms`));
      }, CALL_LIMIT_MS);
      this.waiters.set(callId, () => {
        clearTimeout(guard);
        this.waiters.delete(callId);
        resolve(done()!);
      });
    });
  }

  close(): Promise<void> {
    for (const socket of this.wss.clients) socket.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }
}

/** Result of the first-media phase. */
interface FirstMediaResult {
  toStart: number[];
  toMedia: number[];
  failed: number;
}

async function measureFirstMedia(inst: Installation, mode: string): Promise<FirstMediaResult> {
  const server = await StreamServer.start();
  const out: FirstMediaResult = { toStart: [], toMedia: [], failed: 0 };
  let next = 0;
  try {
    await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
      const c = await customer(inst);
      const endpoint = await call(inst.api, c.key, 'POST', '/v1/webhook-endpoints', { url: server.url, events: ['sms.status'] }, { 'idempotency-key': `ep-${mode}-${lane}` });
      if (endpoint.status !== 201) throw new Error(`endpoint: ${endpoint.status} ${JSON.stringify(endpoint.body)}`);
      while (next < streamCalls) {
        const i = next++;
        let callId: string | undefined;
        try {
          const t0 = performance.now();
          const res = await call(inst.api, c.key, 'POST', '/v1/calls', {
            profileId: c.profileId, to: TO, from: c.from, maxMinutes: 1, stream: { endpointId: endpoint.body.id },
          }, { 'idempotency-key': `media-${mode}-${i}` });
          if (res.status !== 201) throw new Error(`create ${res.status} ${JSON.stringify(res.body)}`);
          callId = res.body.id as string;
          const first = await server.firstMedia(callId);
          out.toStart.push(first.start - t0);
          out.toMedia.push(first.media - t0);
        } catch (err) {
          out.failed++;
          console.error(String(err));
        } finally {
          if (callId) await call(inst.api, c.key, 'POST', `/v1/calls/${callId}/hangup`).catch(() => undefined);
        }
      }
    }));
  } finally {
    await server.close();
  }
  return out;
}

const pct = (values: number[], p: number): string => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN).toFixed(0);
};

const results: Record<string, { setups: SetupsResult; media: FirstMediaResult; before: string; after: string }> = {};
console.log(`machine: ${machine()}`);
for (const mode of modes) {
  if (mode !== 'standalone' && mode !== 'cluster') throw new Error(`unknown mode ${mode}: standalone or cluster`);
  const inst = await startInstallation(mode);
  try {
    const before = `load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;
    console.log(`${mode}: installation at ${inst.api}; ${before}`);
    const setups = await measureSetups(inst, mode);
    console.log(`${mode}: ${setups.created} × 201 in ${setups.seconds.toFixed(1)} s; statuses ${JSON.stringify(setups.statuses)}, errors ${setups.errors}`);
    for (const [text, perOne] of setups.topStatements) console.log(`${mode}:   ${perOne.toFixed(2)} × ${text}`);
    const media = await measureFirstMedia(inst, mode);
    console.log(`${mode}: ${media.toMedia.length} streams measured, ${media.failed} failed`);
    results[mode] = { setups, media, before, after: `load ${loadavg().map((l) => l.toFixed(2)).join(' ')}` };
  } finally {
    await inst.stop();
  }
}

const shown = Object.keys(results);
const row = (label: string, cell: (r: (typeof results)[string]) => string): string => `| ${label} | ${shown.map((m) => cell(results[m]!)).join(' | ')} |`;
console.log(`\nmachine at the end: ${machine()}\n`);
console.log(`| | ${shown.join(' | ')} |\n|---|${shown.map(() => '---').join('|')}|`);
console.log(row('load averages (1/5/15 min) before → after', (r) => `${r.before.slice(5)} → ${r.after.slice(5)}`));
console.log(row(`call setups: 201s per second (${requests} POSTs, ${connections} connections)`, (r) => (r.setups.created / r.setups.seconds).toFixed(1)));
console.log(row('call setups: other answers / errors', (r) => `${JSON.stringify(Object.fromEntries(Object.entries(r.setups.statuses).filter(([s]) => s !== '201')))} / ${r.setups.errors}`));
console.log(row('CPU ms per call created and hung up: sentral / PostgreSQL backends / NATS', (r) => `${r.setups.perCall.sentral.toFixed(1)} / ${r.setups.perCall.postgres.toFixed(1)} / ${r.setups.perCall.nats.toFixed(1)}`));
console.log(row('statements per call created and hung up', (r) => r.setups.perCall.statements.toFixed(1)));
console.log(row("write system calls of sentral's process per call created and hung up", (r) => r.setups.perCall.writes.toFixed(1)));
console.log(row('POST /v1/calls latency p50 / p90 / p99 / max (ms)', (r) => `${r.setups.latency.p50} / ${r.setups.latency.p90} / ${r.setups.latency.p99} / ${r.setups.latency.max}`));
console.log(row(`POST → stream start p50 / p99 (ms; ${streamCalls} calls, ${lanes} at a time)`, (r) => `${pct(r.media.toStart, 0.5)} / ${pct(r.media.toStart, 0.99)}`));
console.log(row('POST → first media frame p50 / p90 / p99 / max (ms)', (r) => `${pct(r.media.toMedia, 0.5)} / ${pct(r.media.toMedia, 0.9)} / ${pct(r.media.toMedia, 0.99)} / ${pct(r.media.toMedia, 1)}`));
console.log(row('first-media calls failed', (r) => String(r.media.failed)));
