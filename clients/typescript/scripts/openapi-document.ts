import { Registry } from 'prom-client';
import { buildApiServer } from '../../../control/api/server/server.js';
import type { Services } from '../../../shared/services/services.js';
import { createMemoryBus } from '../../../shared/bus/memory-bus.js';
import { realClock } from '../../../shared/clock/real-clock.js';
import { loadConfig } from '../../../shared/config/config.js';
import { openDatabase } from '../../../shared/db/database.js';
import { createMemoryStore } from '../../../shared/kv/memory-store.js';
import { createLogger } from '../../../shared/log/log.js';

/**
 * The OpenAPI document exactly as a running server serves it, built without one: the API server is
 * assembled (no database connection is made: the pool is lazy and no route is called) and asked for it.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const sql = openDatabase({ url: 'postgres://127.0.0.1:1/unused', max: 1 });
  const services: Services = {
    config: loadConfig({}),
    clock: realClock,
    log: createLogger({ level: 'silent' }),
    sql,
    bus: createMemoryBus({ clock: realClock }),
    hot: createMemoryStore({ clock: realClock }),
    metrics: new Registry(),
  };
  const app = await buildApiServer(services, { reaperIntervalMs: 0 });
  await app.ready();
  const doc = JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>;
  await app.close();
  await sql.end({ timeout: 0 });
  return doc;
}
