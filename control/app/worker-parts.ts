/**
 * The worker role's parts: call actors and what keeps them honest (media watcher, reservation sweeper,
 * inbound offers), transcription jobs and sessions, numbers' rent. Loaded by parts.ts only in a process
 * that runs the role, so an API process never loads a chart, a verb or the actor host.
 */
import type { Services } from '../../shared/services/services.js';
import type { Part } from './parts.js';
import { startJobRunner } from '../transcription/job-runner.js';
import { startSessionSettler } from '../transcription/session-settler.js';
import { startActorHost } from '../calls/host/actor-host.js';
import { FENCE_TIMEOUTS } from '../calls/host/fence.js';
import { callMachines } from '../calls/host/machine-registry.js';
import { callEffectHooks } from '../calls/host/call-effects.js';
import { backfillCallViews } from '../calls/store/call-views.js';
import { startReservationSweeper } from '../calls/host/reservation-sweeper.js';
import { startMediaWatcher } from '../calls/host/media-watcher.js';
import { startInboundConsumer } from '../calls/requests/inbound-calls.js';
import { startRentRunner } from '../numbers/rent-runner.js';

/** Starts the worker role's parts in order, pushing each onto `parts` as it runs (so a failure stops those started). */
export async function startWorkerParts(services: Services, parts: Part[]): Promise<void> {
  const { config, log } = services;
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
