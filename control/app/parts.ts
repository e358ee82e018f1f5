import type { Services } from './services.js';
import type { Readiness } from './readiness.js';
import type { RoleName } from './run-role.js';
import { buildApiServer } from '../api/server.js';
import { bootstrapStandalone } from '../accounts/bootstrap.js';
import { startDispatcher } from '../events/dispatcher.js';
import { startClipServer } from '../clips/clip-server.js';
import { ensureRoomKeys } from './room-keys.js';
import { startMediaPart } from './media-role.js';
import { startActorHost } from '../calls/host/actor-host.js';
import { callMachines } from '../calls/machines/machine-registry.js';
import { callEffectHooks } from '../calls/call-effects.js';
import { startReservationSweeper } from '../calls/reservation-sweeper.js';

/** A running part of a role, stopped in reverse order of start. */
export interface Part {
  name: string;
  stop(): Promise<void>;
}

/** Starts what `role` runs: `start` runs them all in one process. */
export async function startParts(role: RoleName, services: Services, readiness: () => Promise<Readiness>): Promise<Part[]> {
  const parts: Part[] = [];
  const runs = (r: RoleName): boolean => role === 'start' || role === r;
  const { config, log } = services;

  // Room tokens: the control plane holds the private key, media nodes get the public one over the bus.
  const roomKeys = runs('api') || runs('worker') ? await ensureRoomKeys(services.sql, services.bus) : null;

  if (runs('media')) parts.push(await startMediaPart(role, services, roomKeys?.publicKey));
  if (runs('worker')) {
    // Call actors: the partitions this worker owns (all of them standalone), with the call effect hooks.
    const hooks = callEffectHooks({ bus: services.bus, clock: services.clock, log, hot: services.hot, partitions: config.partitions });
    const host = await startActorHost(services, { machines: callMachines, ...hooks, ...(config.nodeId ? { workerId: config.nodeId } : {}) });
    parts.push({ name: 'worker', stop: () => host.stop() });
    // Money held by calls whose start was interrupted (no actor after the grace period) goes back.
    const sweeper = startReservationSweeper({ sql: services.sql, clock: services.clock, log, hot: services.hot, partitions: config.partitions });
    parts.push({ name: 'reservation-sweeper', stop: () => sweeper.stop() });
  }
  if (runs('dispatcher')) {
    const dispatcher = await startDispatcher(services);
    parts.push({ name: 'dispatcher', stop: () => dispatcher.stop() });
  }
  if (runs('api')) {
    // Media nodes have no database: they fetch audio clips from the API processes over the bus.
    const clipServer = await startClipServer({ bus: services.bus, sql: services.sql });
    parts.push({ name: 'clip-server', stop: () => clipServer.stop() });
    const first = role === 'start' ? await bootstrapStandalone(services) : {};
    const app = await buildApiServer(services, { readiness });
    const address = await app.listen({ host: config.host, port: config.apiPort });
    // Fastify's close stops taking requests and waits for in-flight ones.
    parts.push({ name: 'api', stop: () => app.close() });
    printWelcome(address, role, first);
  }
  log.info({ role, mode: config.mode }, `sentral ${role} running (${config.mode} mode)`);
  return parts;
}

function printWelcome(apiUrl: string, role: RoleName, first: Awaited<ReturnType<typeof bootstrapStandalone>>): void {
  const lines = [`sentral ${role}: control API listening on ${apiUrl}`, `  API reference ${apiUrl}/docs, softphone ${apiUrl}/phone`];
  if (first.adminToken) lines.push(`  admin token (shown once, keep it): ${first.adminToken}`);
  if (first.demo) {
    lines.push(
      `  demo company ${first.demo.companyId}, profile ${first.demo.profileId}`,
      `  demo test key (shown once): ${first.demo.testKey}`,
      `  demo live key (shown once): ${first.demo.liveKey}`,
      `  try: curl -H "Authorization: Bearer <test key>" ${apiUrl}/v1/profiles`,
    );
  } else if (role === 'start') {
    lines.push(
      '  keys were printed at first start; make more with',
      `  SENTRAL_ADMIN_TOKEN=<admin token> sentral admin company create --name Acme --balance-ore 100000 --json`,
    );
  }
  // The welcome goes to the terminal itself, never through the logger (which redacts and ships logs).
  process.stdout.write(`${lines.join('\n')}\n`);
}
