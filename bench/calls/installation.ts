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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { createScratchDatabase } from '../../test/support/scratch-database.js';
import { loadConfig } from '../../shared/config/config.js';
import { createLogger } from '../../shared/log/log.js';
import { openServices } from '../../control/app/open-services.js';
import { startParts, type Part } from '../../control/app/parts.js';
import { buildApiServer } from '../../control/api/server.js';
import { startClipServer } from '../../control/clips/clip-server.js';

/** What the installation tells its parent. */
export type FromInstallation = { type: 'ready'; api: string; adminToken: string } | { type: 'stopped' };
/** What the parent tells the installation. */
export type ToInstallation = { type: 'stop' };

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
process.on('message', (m: ToInstallation) => {
  if (m.type === 'stop') finish();
});
process.on('disconnect', finish);
process.send!({ type: 'ready', api, adminToken: ADMIN_TOKEN } satisfies FromInstallation);
