import type { Config } from '../../shared/config/config.js';
import type { Logger } from '../../shared/log/log.js';
import { openMediaServices, openServices, type OpenMediaServices, type OpenServices } from './open-services.js';
import { checkReadiness } from './readiness.js';
import { startParts, type Part } from './parts.js';
import { startTracing } from '../../shared/tracing/tracing.js';

/** The commands that start long-running roles. `start` runs every role in one process. */
export type RoleName = 'start' | 'api' | 'worker' | 'dispatcher' | 'media' | 'messaging';

/**
 * Starts a role and runs it until SIGINT or SIGTERM, then stops taking work, lets in-flight work
 * finish, closes the services (PGlite flushes to disk) and resolves to exit code 0.
 */
export async function runRole(role: RoleName, config: Config, log: Logger): Promise<number> {
  const { endpoint, serviceName } = config.tracing;
  const tracing = endpoint ? await startTracing({ endpoint, serviceName: serviceName ?? `sentral-${role}` }) : null;
  try {
    return await runUntilStopped(role, config, log);
  } finally {
    // The spans still buffered go out before the process ends.
    await tracing?.stop().catch((err: unknown) => log.warn({ err }, 'sending the last spans failed'));
  }
}

async function runUntilStopped(role: RoleName, config: Config, log: Logger): Promise<number> {
  const signal = waitForSignal();
  const options = { log, migrate: true, defaultMetrics: true, applicationName: `sentral-${role}` };
  let services: OpenServices | OpenMediaServices;
  let start: () => Promise<Part[]>;
  try {
    if (role === 'media') {
      // A media node needs only the bus: no database, no hot store.
      const media = await openMediaServices(config, options);
      services = media;
      start = async () => {
        // Loaded only here and by a `start`: no other role loads the media node.
        const { startMediaPart } = await import('./media-role.js');
        const part = await startMediaPart(media);
        for (const line of part.listening) process.stdout.write(`sentral media (${config.mode} mode): ${line}\n`);
        return [part];
      };
    } else {
      const all = await openServices(config, options);
      services = all;
      start = () => startParts(role, all, () => checkReadiness(all));
    }
  } catch (err) {
    log.error({ err }, 'could not open the backing services');
    return 1;
  }
  let parts: Part[] = [];
  try {
    parts = await start();
  } catch (err) {
    log.error({ err }, `sentral ${role} failed to start`);
    await services.close();
    return 1;
  }
  const name = await signal;
  log.info(`${name} received: shutting down`);
  // A media node stopped with SIGTERM drains first (no new calls; its calls end after the grace); SIGINT
  // and every other role stop at once.
  if (role === 'media' && name === 'SIGTERM') {
    for (const part of parts) await part.drain?.().catch((err: unknown) => log.error({ err }, `draining ${part.name} failed`));
  }
  for (const part of [...parts].reverse()) {
    await part.stop().catch((err: unknown) => log.error({ err }, `stopping ${part.name} failed`));
  }
  await services.close();
  log.info('stopped');
  return 0;
}

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    const on = (name: string) => () => resolve(name);
    process.once('SIGINT', on('SIGINT'));
    process.once('SIGTERM', on('SIGTERM'));
  });
}
