/** The API role's parts, loaded by parts.ts only in a process that runs the role. */
import type { Services } from '../../shared/services/services.js';
import type { Readiness } from './readiness.js';
import type { Part } from './parts.js';
import { buildApiServer } from '../api/server/server.js';
import { bootstrapStandalone, type BootstrapResult } from './bootstrap.js';
import { signInLinkForKey } from '../accounts/console-sessions.js';
import { startClipServer } from '../clips/clip-server.js';

/** What the API part tells the start summary: where it listens, and on a first start the shown-once secrets. */
export interface ApiStarted {
  address: string;
  first: BootstrapResult;
  consoleLink: string | null;
}

/**
 * Starts the clip server and the API, pushing each onto `parts`; `bootstrap` (`start`) makes the first
 * start's company and keys once the port is bound.
 */
export async function startApiParts(services: Services, parts: Part[], readiness: () => Promise<Readiness>, bootstrap: boolean): Promise<ApiStarted> {
  const { config } = services;
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
  const first = bootstrap ? await bootstrapStandalone(services) : {};
  // The console opens straight from the first start: a sign-in link of the demo test key.
  const consoleLink = first.demo ? await signInLinkForKey(services.sql, services.clock, first.demo.testKey, address) : null;
  return { address, first, consoleLink };
}
