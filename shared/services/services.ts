import type { Registry } from 'prom-client';
import type { Config } from '../config/config.js';
import type { Clock } from '../clock/clock.js';
import type { Logger } from '../log/log.js';
import type { Sql } from '../db/database.js';
import type { Bus } from '../bus/bus.js';
import type { HotStore } from '../kv/hot-store.js';

/** The backing services and process-wide parts every role is built from (real or embedded). */
export interface Services {
  config: Config;
  clock: Clock;
  log: Logger;
  sql: Sql;
  bus: Bus;
  hot: HotStore;
  /** The Prometheus registry of this process; parts register their metrics here. */
  metrics: Registry;
}
