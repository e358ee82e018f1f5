import { Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../../shared/config/config.js';
import type { Clock } from '../../shared/clock/clock.js';
import { realClock } from '../../shared/clock/real-clock.js';
import type { Logger } from '../../shared/log/log.js';
import { EMBEDDED_CONNECT_TIMEOUT_SECONDS, openDatabase } from '../../shared/db/database.js';
import { startEmbeddedPostgres } from '../../shared/db/embedded-postgres.js';
import { migrate } from '../../shared/db/migrate.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { createRedisStore } from '../../shared/kv/redis-store.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import type { Services } from '../../shared/services/services.js';
import type { Bus } from '../../shared/bus/bus.js';
import type { MediaServices } from './media-role.js';
import { reportPoolWaiting } from '../../shared/metrics/pool-metrics.js';
import { busRoundTrips } from '../../shared/metrics/latency-metrics.js';

/** Services plus the way to close them in order. */
export interface OpenServices extends Services {
  close(): Promise<void>;
}

/** Options of openServices. */
export interface OpenServicesOptions {
  log: Logger;
  clock?: Clock;
  /** Apply pending migrations (under the advisory lock) before returning. */
  migrate?: boolean;
  /** Process-wide metrics such as CPU and memory (off in tests that open many). */
  defaultMetrics?: boolean;
  applicationName?: string;
  /** Told the text of every statement sent to the database (benchmarks). */
  onQuery?: (text: string) => void;
}

/**
 * Opens the backing services the configuration names: PostgreSQL, NATS JetStream and Redis in cluster
 * mode; embedded PGlite, the in-process bus and the in-memory store in standalone mode.
 */
export async function openServices(config: Config, options: OpenServicesOptions): Promise<OpenServices> {
  const clock = options.clock ?? realClock;
  const metrics = processRegistry(options);
  const closers: (() => Promise<void>)[] = [];
  try {
    let databaseUrl = config.databaseUrl;
    if (config.mode === 'standalone') {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, host: '127.0.0.1' });
      closers.unshift(() => embedded.close());
      databaseUrl = embedded.url;
    }
    const sql = openDatabase({
      url: databaseUrl!,
      applicationName: options.applicationName ?? 'sentral',
      ...(options.onQuery ? { onQuery: options.onQuery } : {}),
      ...(config.mode === 'standalone' ? { connectTimeoutSeconds: EMBEDDED_CONNECT_TIMEOUT_SECONDS } : {}),
    });
    closers.unshift(() => sql.end({ timeout: 5 }));
    reportPoolWaiting(metrics, sql);
    if (options.migrate) await migrate(sql);

    const bus = await openBus(config, options.log, clock, options.applicationName, metrics);
    closers.unshift(() => bus.close());

    const hot =
      config.mode === 'cluster'
        ? createRedisStore({ url: config.redisUrl!, prefix: config.prefix, clock })
        : createMemoryStore({ clock });
    closers.unshift(() => hot.close());

    return {
      config,
      clock,
      log: options.log,
      sql,
      bus,
      hot,
      metrics,
      async close() {
        for (const close of closers) await close().catch((err: unknown) => options.log.warn({ err }, 'closing a service failed'));
      },
    };
  } catch (err) {
    for (const close of closers) await close().catch(() => {});
    throw err;
  }
}

/** What a media node runs on: no database and no hot store (it keeps its state in memory). */
export interface OpenMediaServices extends MediaServices {
  close(): Promise<void>;
}

/** Opens only the bus: `sentral media` needs neither PostgreSQL nor Redis. */
export async function openMediaServices(config: Config, options: OpenServicesOptions): Promise<OpenMediaServices> {
  const clock = options.clock ?? realClock;
  const metrics = processRegistry(options);
  const bus = await openBus(config, options.log, clock, options.applicationName, metrics);
  return { config, clock, log: options.log, bus, metrics, close: () => bus.close() };
}

function openBus(config: Config, log: Logger, clock: Clock, name: string | undefined, metrics: Registry): Promise<Bus> {
  return config.mode === 'cluster'
    ? createNatsBus({ url: config.natsUrl!, prefix: config.prefix, replicas: config.natsReplicas, log, roundTrips: busRoundTrips(metrics), ...(name ? { name } : {}) })
    : Promise.resolve(createMemoryBus({ prefix: config.prefix, clock }));
}

function processRegistry(options: OpenServicesOptions): Registry {
  const metrics = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: metrics });
  return metrics;
}
