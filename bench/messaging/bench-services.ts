import { Registry } from 'prom-client';
import type { Services } from '../../shared/services/services.js';
import type { Bus } from '../../shared/bus/bus.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { loadConfig } from '../../shared/config/config.js';
import type { Sql } from '../../shared/db/database.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createLogger } from '../../shared/log/log.js';

/** The services a messaging benchmark runs its API on: real PostgreSQL, the given bus (else the in-process one), the in-process store, the real clock. */
export function benchServices(sql: Sql, env: Record<string, string>, bus: Bus = createMemoryBus()): Services {
  return {
    config: loadConfig(env),
    clock: realClock,
    log: createLogger({ level: 'warn' }),
    sql,
    bus,
    hot: createMemoryStore(),
    metrics: new Registry(),
  };
}
