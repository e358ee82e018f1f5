import type { Services } from '../../shared/services/services.js';
import type { Readiness } from './readiness.js';
import { startJobRunner } from '../transcription/job-runner.js';
import { startSessionSettler } from '../transcription/session-settler.js';
import type { RoleName } from './run-role.js';
import { buildApiServer } from '../api/server/server.js';
import { bootstrapStandalone } from './bootstrap.js';
import { signInLinkForKey } from '../accounts/console-sessions.js';
import { startDispatcher } from '../events/dispatcher.js';
import { startClipServer } from '../clips/clip-server.js';
import { ensureRoomKeys } from '../calls/room-keys.js';
import { startMediaPart } from './media-role.js';
import { startActorHost } from '../calls/host/actor-host.js';
import { FENCE_TIMEOUTS } from '../calls/host/fence.js';
import { callMachines } from '../calls/host/machine-registry.js';
import { callEffectHooks } from '../calls/host/call-effects.js';
import { backfillCallViews } from '../calls/store/call-views.js';
import { startReservationSweeper } from '../calls/host/reservation-sweeper.js';
import { startMediaWatcher } from '../calls/host/media-watcher.js';
import { startInboundConsumer } from '../calls/requests/inbound-calls.js';
import { startMessaging } from '../messaging/outbox/messaging-role.js';
import { startSmscSim } from '../../carriers/sms/smsc-sim.js';
import { startRentRunner } from '../numbers/rent-runner.js';
import { startCampaignRunner } from '../messaging/campaigns/campaign-runner.js';

/** A running part of a role, stopped in reverse order of start. */
export interface Part {
  name: string;
  /** What it does before its stop when the process is asked to stop gently (SIGTERM on `sentral media`). */
  drain?(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts what `role` runs: `start` runs them all in one process. */
export async function startParts(role: RoleName, services: Services, readiness: () => Promise<Readiness>): Promise<Part[]> {
  const parts: Part[] = [];
  try {
    return await startEach(role, services, readiness, parts);
  } catch (err) {
    // A part that fails (a port already taken, say) stops those already running, so the process can exit
    // with one clear error instead of workers retrying against services that are closing.
    for (const part of [...parts].reverse()) await part.stop().catch(() => undefined);
    throw err;
  }
}

async function startEach(role: RoleName, services: Services, readiness: () => Promise<Readiness>, parts: Part[]): Promise<Part[]> {
  const runs = (r: RoleName): boolean => role === 'start' || role === r;
  const { config, log } = services;

  // Room tokens: the control plane holds the private key, media nodes get the public one over the bus.
  const roomKeys = runs('api') || runs('worker') ? await ensureRoomKeys(services.sql, services.bus) : null;

  const summary: string[] = [];
  if (runs('media')) {
    const media = await startMediaPart(services, roomKeys?.publicKey);
    parts.push(media);
    summary.push(...media.listening);
  }
  if (runs('worker')) {
    // Call actors: the partitions this worker owns (all of them standalone), with the call effect hooks.
    const hooks = callEffectHooks({ bus: services.bus, clock: services.clock, log, hot: services.hot, partitions: config.partitions, sql: services.sql });
    // Calls last committed before the read model existed get theirs before the API is asked about them.
    const backfilled = await backfillCallViews(services.sql, log, services.clock.now());
    if (backfilled > 0) log.info({ calls: backfilled }, 'call read model backfilled');
    // Calls on a media node that stopped heartbeating (or, standalone, live at the last stop) end. Started
    // before the host: after a restart their end is in the mailbox before the timers that fell due meanwhile.
    const mediaWatcher = await startMediaWatcher({ ...services, partitions: config.partitions, standalone: config.mode === 'standalone' });
    parts.push({ name: 'media-watcher', stop: () => mediaWatcher.stop() });
    const host = await startActorHost(services, {
      machines: callMachines,
      ...hooks,
      ...(config.nodeId ? { workerId: config.nodeId } : {}),
      ...(config.mode === 'cluster' ? { fenceTimeouts: FENCE_TIMEOUTS } : {}),
    });
    parts.push({ name: 'worker', stop: () => host.stop() });
    // Money held by calls whose start was interrupted (no actor after the grace period) goes back.
    const sweeper = startReservationSweeper({ sql: services.sql, clock: services.clock, log, hot: services.hot, partitions: config.partitions });
    parts.push({ name: 'reservation-sweeper', stop: () => sweeper.stop() });
    // Inbound calls offered by a carrier (the simulated network, the SIP trunk) become call actors here.
    const inbound = await startInboundConsumer(services);
    parts.push({ name: 'inbound-offers', stop: () => inbound.stop() });
    // Transcription jobs: claimed from PostgreSQL, transcribed by any media node.
    const jobs = await startJobRunner(services);
    parts.push({ name: 'transcription-jobs', stop: () => jobs.stop() });
    const settler = await startSessionSettler(services);
    parts.push({ name: 'transcription-sessions', stop: () => settler.stop() });
    // Numbers' monthly rent: renewed, suspended, resumed after a top-up, released after a delete.
    const rent = await startRentRunner(services);
    parts.push({ name: 'number-rent', stop: () => rent.stop() });
  }
  if (runs('dispatcher')) {
    const dispatcher = await startDispatcher(services);
    parts.push({ name: 'dispatcher', stop: () => dispatcher.stop() });
  }
  if (runs('messaging')) {
    // Messages: the outbox sender and the channels' carriers (SMPP binds, the simulated networks).
    // With no SMSC configured, `start` runs the simulated one in-process so that live SMS work on a fresh machine.
    let smpp = config.smpp;
    if (role === 'start' && smpp.host === null) {
      const sim = await startSmscSim({ host: '127.0.0.1', port: 0, systemId: smpp.systemId, password: smpp.password });
      parts.push({ name: 'smsc-sim', stop: () => sim.stop() });
      smpp = { ...smpp, host: '127.0.0.1', port: sim.port };
      summary.push(`simulated SMSC (SMPP) on 127.0.0.1:${sim.port}`);
    }
    const messaging = await startMessaging({ ...services, config: { ...config, smpp } });
    parts.push({ name: 'messaging', stop: () => messaging.stop() });
    // Campaigns: hand their recipients to the outbox at each campaign's rate.
    const campaigns = await startCampaignRunner(services);
    parts.push({ name: 'campaign-runner', stop: () => campaigns.stop() });
  }
  let first: FirstStart = {};
  let consoleLink: string | null = null;
  if (runs('api')) {
    // Media nodes have no database: they fetch audio clips from the API processes over the bus.
    const clipServer = await startClipServer({ bus: services.bus, sql: services.sql });
    parts.push({ name: 'clip-server', stop: () => clipServer.stop() });
    const app = await buildApiServer(services, { readiness });
    const address = await app.listen({ host: config.host, port: config.apiPort }).catch(async (err: unknown) => {
      await app.close();
      throw err;
    });
    // Fastify's close stops taking requests and waits for in-flight ones.
    parts.push({ name: 'api', stop: () => app.close() });
    // After the port is bound: a start that cannot listen must not make the shown-once keys and lose them.
    if (role === 'start') first = await bootstrapStandalone(services);
    // The console opens straight from the first start: a sign-in link of the demo test key.
    if (first.demo) consoleLink = await signInLinkForKey(services.sql, services.clock, first.demo.testKey, address);
    summary.unshift(`control API listening on ${address}`, `API reference ${address}/docs, softphone ${address}/phone, console ${address}/console`);
    if (role === 'start') summary.push(...firstSteps(address, first));
  }
  log.debug({ role, mode: config.mode }, `sentral ${role} running (${config.mode} mode)`);
  // The summary goes to the terminal itself, never through the logger (which redacts and ships logs); the
  // shown-once keys come last, framed, so they are what a person sees when the output stops.
  process.stdout.write(startSummary(role, config.mode, summary, first, consoleLink));
  return parts;
}

type FirstStart = Awaited<ReturnType<typeof bootstrapStandalone>>;

/** What to do next: on a later start, how to make more keys (the first start's are shown with the frame). */
function firstSteps(apiUrl: string, first: FirstStart): string[] {
  if (first.demo) return [`try: curl -H "Authorization: Bearer <demo test key>" ${apiUrl}/v1/profiles`];
  return [
    `console: open ${apiUrl}/console and sign in with an API key`,
    'keys were shown at the first start only; make a company with its keys:',
    `  SENTRAL_ADMIN_URL=${apiUrl} SENTRAL_ADMIN_TOKEN=<admin token> npx sentral admin company create --name Acme --balance-ore 100000`,
  ];
}

/** The start summary: role and mode, where each part listens, then the shown-once secrets, framed. */
export function startSummary(role: RoleName, mode: string, lines: string[], first: FirstStart, consoleLink: string | null = null): string {
  const out = [`sentral ${role} (${mode} mode)`, ...lines.map((l) => `  ${l}`)];
  const secrets: [string, string][] = [];
  if (first.adminToken) secrets.push(['admin token', first.adminToken]);
  if (consoleLink) secrets.push(['console', `${consoleLink} (test key; 10 min, once)`]);
  if (first.demo) {
    secrets.push(
      ['demo company', first.demo.companyId],
      ['demo profile', first.demo.profileId],
      ['demo test key', first.demo.testKey],
      ['demo live key', first.demo.liveKey],
    );
  }
  if (secrets.length > 0) {
    const rows = secrets.map(([name, value]) => `  ${name.padEnd(14)} ${value}`);
    const title = ' First start: copy these now. They are stored hashed and never shown again. ';
    const width = Math.max(title.length, ...rows.map((r) => r.length)) + 2;
    out.push('', `+${'='.repeat(width)}+`, `|${title.padEnd(width)}|`, `|${' '.repeat(width)}|`, ...rows.map((r) => `|${r.padEnd(width)}|`), `+${'='.repeat(width)}+`);
  }
  return `${out.join('\n')}\n`;
}
