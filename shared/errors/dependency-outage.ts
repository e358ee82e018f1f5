/**
 * Telling a dependency outage from everything else. An outage (the database, the bus or Redis cannot be
 * reached, or refuses for a reason that passes) is worth a retry and is a 503 to an API client; any
 * other error (data the database refuses, a bug) fails the same way again.
 */
import postgres from 'postgres';
import { BusError, type BusErrorCode } from '../bus/bus-error.js';

/** Which dependency is away, or null when `err` is not an outage. */
export type Dependency = 'database' | 'bus' | 'redis';

// Socket-level failures, whoever raised them (postgres.js and ioredis pass node's codes on).
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
// postgres.js's own connection errors (TARGET_SESSION_ATTRS_UNMET: of several hosts none takes writes yet,
// e.g. the primary is gone and the standby not yet promoted).
const POSTGRES_CONNECTION_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'TARGET_SESSION_ATTRS_UNMET']);
// SQLSTATEs that pass: connection exceptions (08), insufficient resources (53), shutdown, start-up and
// cancel (57P0x, 57014), system errors (58), the conflicts a retry resolves (40001, 40P01, 55P03), and a
// write refused by a server that has just turned read-only (25006: a primary being demoted in a switchover).
const TRANSIENT_SQLSTATE = /^(08|53|58|57P0|57014$|40001$|40P01$|55P03$|25006$)/;
const BUS_OUTAGE_CODES = new Set<BusErrorCode>(['unavailable', 'closed', 'request_timeout', 'no_responders']);
// ioredis's errors while it has no connection (maxRetriesPerRequest spent, offline queue off, closed).
const REDIS_OUTAGE_MESSAGES = /^(Connection is closed|Stream isn't writeable|Reached the max retries per request|Command timed out)/;

/** The dependency whose outage `err` is (looking through `cause`), or null when it is something else. */
export function dependencyOutage(err: unknown): Dependency | null {
  for (let e: unknown = err, depth = 0; e !== null && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const found = outageOf(e as Error & { code?: unknown });
    if (found) return found;
  }
  return null;
}

function outageOf(e: Error & { code?: unknown }): Dependency | null {
  if (e instanceof BusError) return BUS_OUTAGE_CODES.has(e.code) ? 'bus' : null;
  if (e instanceof postgres.PostgresError) return typeof e.code === 'string' && TRANSIENT_SQLSTATE.test(e.code) ? 'database' : null;
  if (e.name === 'MaxRetriesPerRequestError' || (typeof e.message === 'string' && REDIS_OUTAGE_MESSAGES.test(e.message))) return 'redis';
  if (typeof e.code !== 'string') return null;
  if (POSTGRES_CONNECTION_CODES.has(e.code)) return 'database';
  // A bare socket error: ioredis marks its own (`command` or a Redis stack frame); the rest is the database's.
  if (SOCKET_CODES.has(e.code)) return /ioredis/.test(e.stack ?? '') ? 'redis' : 'database';
  return null;
}
