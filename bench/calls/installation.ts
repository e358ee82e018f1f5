/**
 * One sentral installation for the call-setup benchmark, in its own process (forked by setups.ts) so the
 * load generator and the customer servers do not share its event loop. It runs what `sentral start` runs
 * (worker, media node, dispatcher, clip server, control API on a loopback port) in either shape:
 *
 * - `standalone`: embedded PGlite in a temporary data directory, the in-process bus and store;
 * - `cluster`: a fresh database on the real PostgreSQL, real NATS (a unique prefix) and Redis.
 *
 * The API's per-key rate limit is lifted (the benchmark measures the system, not the limiter). Reports
 * `{type: 'ready', api, adminToken}` over IPC; on `{type: 'stop'}` (or when the parent goes away) it
 * stops everything, drops what it created and exits.
 *
 *   (forked) node --import tsx bench/calls/installation.ts standalone|cluster
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createScratchDatabase } from '../../test/support/scratch-database.js';
import { loadConfig } from '../../shared/config/config.js';
import { createLogger } from '../../shared/log/log.js';
import { openServices } from '../../control/app/open-services.js';
import { startParts, type Part } from '../../control/app/parts.js';
import { buildApiServer } from '../../control/api/server/server.js';
import { procCpuMs } from '../support/proc-cpu.js';
import { countStatementsOnTheWire } from '../support/pg-wire-counter.js';
import { startClipServer } from '../../control/clips/clip-server.js';

/** CPU and statements of the installation so far (the parent takes the difference over a phase). */
export interface InstallationStats {
  /** This process's CPU (user + system), ms. */
  cpuMs: number;
  /** CPU of the PostgreSQL backends now serving this installation's database (cluster), ms. */
  pgCpuMs: number;
  /** Statements sent to the database, in all and by their first words. */
  statements: number;
  byStatement: Record<string, number>;
}
/** What the installation tells its parent. */
export type FromInstallation = { type: 'ready'; api: string; adminToken: string } | { type: 'stats'; stats: InstallationStats } | { type: 'profiled' } | { type: 'stopped' };
/** What the parent tells the installation: `profile` starts a CPU profile of its main thread, or stops it into `file`. */
export type ToInstallation = { type: 'stop' } | { type: 'stats' } | { type: 'profile'; file?: string };

const mode = process.argv[2] === 'cluster' ? 'cluster' : 'standalone';
const ADMIN_URL = process.env.SENTRAL_BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_TOKEN = `sat_bench${randomBytes(16).toString('hex')}`;

const name = `bench_setups_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'sentral-bench-setups-'));
const scratch = mode === 'cluster' ? await createScratchDatabase(ADMIN_URL, name) : null;
const env: Record<string, string> = {
  SENTRAL_ADMIN_TOKEN: ADMIN_TOKEN, SENTRAL_ALLOW_INSECURE_TARGETS: '1', SENTRAL_DATA_DIR: dataDir,
  SENTRAL_API_PORT: '0', SENTRAL_MEDIA_PORT: '0', SENTRAL_PARTITIONS: '16', SENTRAL_PREFIX: name,
};
if (scratch) Object.assign(env, { DATABASE_URL: scratch.url, NATS_URL, REDIS_URL });
const config = loadConfig(env);
const log = createLogger({ level: 'warn' });
const byStatement: Record<string, number> = {};
let statements = 0;
const onQuery = (text: string): void => {
  statements++;
  const shape = text.replace(/\s+/g, ' ').trim().slice(0, 70);
  byStatement[shape] = (byStatement[shape] ?? 0) + 1;
};
// Counted on the wire, not with postgres.js's hook, whose stack trace per query would be CPU of the bench's own.
countStatementsOnTheWire(onQuery);
const services = await openServices(config, { log, migrate: true, applicationName: 'sentral-bench' });
const ready = async () => ({ ok: true, failing: [] });
// Started as `sentral start` starts them: the worker first (it publishes the room key for the media node).
const byRole: Record<string, Part[]> = {};
for (const role of ['worker', 'media', 'dispatcher'] as const) byRole[role] = await startParts(role, services, ready);
// Stopped the worker before the media node, so no call's last operations meet a gone node.
const parts: Part[] = [...byRole.dispatcher!, ...byRole.worker!, ...byRole.media!];
const clipServer = await startClipServer({ bus: services.bus, sql: services.sql });
const app = await buildApiServer(services, { readiness: ready, rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 } });
const api = await app.listen({ host: '127.0.0.1', port: 0 });

let stopping: Promise<void> | null = null;
async function stop(): Promise<void> {
  await app.close();
  for (const part of parts) await part.stop().catch((err: unknown) => log.warn({ err }, `stopping ${part.name} failed`));
  await clipServer.stop();
  await services.close();
  if (scratch) {
    await scratch.drop();
    const nc = await connect({ servers: NATS_URL });
    const jsm = await jetstreamManager(nc);
    for await (const stream of jsm.streams.names()) if (stream.startsWith(`${name}_`) || stream.startsWith(`KV_${name}_`)) await jsm.streams.delete(stream);
    await nc.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
}
const finish = (): void => {
  stopping ??= stop().then(
    () => {
      process.send?.({ type: 'stopped' } satisfies FromInstallation);
      process.exit(0);
    },
    (err: unknown) => {
      console.error('installation did not stop cleanly', err);
      process.exit(1);
    },
  );
};
/** CPU of the PostgreSQL backends of this installation's database, from /proc (cluster mode; 0 standalone). */
async function backendsCpuMs(): Promise<number> {
  if (!scratch) return 0;
  const rows = await services.sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`;
  return rows.reduce((sum, { pid }) => sum + procCpuMs(pid), 0);
}
// The main thread's CPU profile over one phase (setups.ts, SENTRAL_BENCH_SETUPS_PROF): started and stopped on the
// parent's word, so the start and the other phases stay out of it.
const profiler = new Session();
async function profile(file: string | undefined): Promise<void> {
  if (file === undefined) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  } else {
    const { profile: taken } = await profiler.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(taken));
    profiler.disconnect();
  }
  process.send?.({ type: 'profiled' } satisfies FromInstallation);
}
process.on('message', (m: ToInstallation) => {
  if (m.type === 'stop') finish();
  else if (m.type === 'profile') void profile(m.file);
  else if (m.type === 'stats') {
    void backendsCpuMs().then((pgCpuMs) => {
      const { user, system } = process.cpuUsage();
      const stats: InstallationStats = { cpuMs: (user + system) / 1000, pgCpuMs, statements, byStatement: { ...byStatement } };
      process.send?.({ type: 'stats', stats } satisfies FromInstallation);
    });
  }
});
process.on('disconnect', finish);
process.send!({ type: 'ready', api, adminToken: ADMIN_TOKEN } satisfies FromInstallation);
