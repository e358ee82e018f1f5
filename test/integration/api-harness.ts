import { Writable } from 'node:stream';
import { Registry } from 'prom-client';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../shared/config/config.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { createLogger } from '../../shared/log/log.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import type { Clock } from '../../shared/clock/clock.js';
import type { Bus } from '../../shared/bus/bus.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import type { HotStore } from '../../shared/kv/hot-store.js';
import type { Services } from '../../shared/services/services.js';
import { buildApiServer, type ApiServerOptions } from '../../control/api/server/server.js';
import { registeredRoutes, type RegisteredRoute } from '../../control/api/plugins/openapi.js';
import { runDatabaseUrl } from '../support/services.js';
import { recordedEventMismatches } from '../support/event-check.js';

/** The admin token every API test server is configured with. */
export const TEST_ADMIN_TOKEN = 'sat_testAdminToken0123456789abcdefghij';

/** An API server on the run's real Postgres, with a memory hot store and captured logs. */
export interface ApiHarness {
  app: FastifyInstance;
  services: Services;
  clock: Clock;
  sql: Sql;
  /** Every log line written so far. */
  logs(): string;
  /** Every route registered: method, path (:params) and config. */
  routes(): readonly RegisteredRoute[];
  close(): Promise<void>;
}

/** Applies this part's migrations (001 and 010-019); already applied ones are skipped. */
export function migrateApi(sql: Sql): Promise<unknown> {
  return migrate(sql);
}

/** Builds an API server over real Postgres. Pass `sql` to share a pool, `clock` for a ManualClock. */
export async function startApi(
  options: ApiServerOptions & {
    clock?: Clock;
    sql?: Sql;
    hot?: HotStore;
    bus?: Bus;
    /** Extra environment for loadConfig (e.g. SENTRAL_ALLOW_INSECURE_TARGETS). */
    env?: Record<string, string>;
    adminToken?: string | null;
    /** Adds test routes before the server is ready. */
    beforeReady?: (app: FastifyInstance, services: Services) => Promise<void>;
    /**
     * Whether close() fails on an event of the companies made through this server that the event catalogue
     * does not describe (default true; false for a test that records made-up events itself).
     */
    checkEvents?: boolean;
  } = {},
): Promise<ApiHarness> {
  const sql = options.sql ?? openDatabase({ url: runDatabaseUrl(), max: 10 });
  await migrateApi(sql);
  const clock = options.clock ?? new ManualClock(Date.UTC(2026, 2, 15, 12));
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const env = { ...options.env, ...(options.adminToken === null ? {} : { SENTRAL_ADMIN_TOKEN: options.adminToken ?? TEST_ADMIN_TOKEN }) };
  const services: Services = {
    config: loadConfig(env),
    clock,
    log: createLogger({ level: 'info', destination }),
    sql,
    bus: options.bus ?? createMemoryBus({ clock }),
    hot: options.hot ?? createMemoryStore({ clock }),
    metrics: new Registry(),
  };
  const app = await buildApiServer(services, { reaperIntervalMs: 0, ...options });
  // The companies made through this server: close() checks their events against the catalogue.
  const companies: string[] = [];
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'POST' && req.url === '/admin/v1/companies' && reply.statusCode === 201 && typeof payload === 'string') {
      companies.push((JSON.parse(payload) as { id: string }).id);
    }
    return payload;
  });
  await options.beforeReady?.(app, services);
  await app.ready();
  return {
    app,
    services,
    clock,
    sql,
    logs: () => lines.join(''),
    routes: () => registeredRoutes(app),
    async close() {
      await app.close();
      const mismatches = options.checkEvents === false ? [] : (await Promise.all(companies.map((id) => recordedEventMismatches(sql, id)))).flat();
      if (!options.sql) await sql.end();
      if (mismatches.length > 0) throw new Error(`events the event catalogue does not describe:\n${mismatches.join('\n')}`);
    },
  };
}

/** A company made through the admin API, with its two company keys. */
export interface TestCompany {
  id: string;
  liveKey: string;
  testKey: string;
}

/** Creates a company through the admin API. */
export async function createTestCompany(app: FastifyInstance, balanceOre = 100_000): Promise<TestCompany> {
  const res = await app.inject({ method: 'POST', url: '/admin/v1/companies', headers: admin(), payload: { name: 'Test company', balanceOre } });
  if (res.statusCode !== 201) throw new Error(`company create failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { id: string; liveKey: string; testKey: string };
  return { id: body.id, liveKey: body.liveKey, testKey: body.testKey };
}

/** Authorization header of the admin token. */
export function admin(token = TEST_ADMIN_TOKEN): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Authorization header of an API key (plus any extra headers). */
export function bearer(key: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${key}`, ...extra };
}

/** Sends a request and returns the response with its JSON body parsed. */
export async function call(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse & { data: any }> {
  const res = await app.inject(options);
  let data: unknown = undefined;
  try {
    data = res.body === '' ? undefined : JSON.parse(res.body);
  } catch {
    data = res.body;
  }
  return Object.assign(res, { data });
}
