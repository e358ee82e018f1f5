/**
 * What to do when handling a mailbox message fails. Transient failures (a dependency is away, the
 * partition's lease or fence was lost) are retried with a capped backoff: the message stays where it is,
 * and nothing behind it could do better meanwhile. Anything else is permanent (data the database refuses,
 * a message too large or unreadable, a bug): the same message would fail the same way on every
 * delivery, so it is answered with an error, recorded, acked, and the partition moves on.
 */
import postgres from 'postgres';
import type { ErrorCode } from '../../../shared/errors/catalogue.js';
import { dependencyOutage } from '../../../shared/errors/dependency-outage.js';
import { isStaleEpochError } from './fence.js';

/** How a failure is handled. */
export type FailureClass = { transient: true; cause: 'database' | 'bus' | 'redis' | 'fence' | 'race' } | { transient: false; code: ErrorCode };

/** A call got a snapshot while its actor was being created (marked as never started meanwhile): decided again, the creation meets it. */
export class CreationRaceError extends Error {
  constructor(callId: string) {
    super(`call ${callId} got a snapshot while its actor was being created`);
    this.name = 'CreationRaceError';
  }
}

/** First retry delay of a transient failure; each retry doubles it up to TRANSIENT_RETRY_MAX_MS. */
export const TRANSIENT_RETRY_FIRST_MS = 100;
/**
 * The longest wait between two tries of a message that fails transiently: short, so a partition goes on
 * within a second of its dependency returning (a try against a database or bus that is away fails at once).
 */
export const TRANSIENT_RETRY_MAX_MS = 1_000;

// SQLSTATE classes of data the database refuses (22: data exception, e.g. a lone surrogate or NUL in
// JSON; 54: program limit exceeded, e.g. nesting or size).
const UNSTORABLE_SQLSTATE = /^(22|54)/;

/** Classifies a failure of handling a message. */
export function classifyFailure(err: unknown): FailureClass {
  if (isStaleEpochError(err)) return { transient: true, cause: 'fence' };
  if (err instanceof CreationRaceError) return { transient: true, cause: 'race' };
  const outage = dependencyOutage(err);
  if (outage) return { transient: true, cause: outage };
  if (err instanceof postgres.PostgresError && typeof err.code === 'string' && UNSTORABLE_SQLSTATE.test(err.code)) {
    return { transient: false, code: 'actor_message_unstorable' };
  }
  return { transient: false, code: 'actor_failed' };
}

/** The wait before try `attempt + 1` of a message whose try `attempt` (from 1) failed transiently. */
export function transientRetryDelay(attempt: number): number {
  return Math.min(TRANSIENT_RETRY_MAX_MS, TRANSIENT_RETRY_FIRST_MS * 2 ** Math.min(Math.max(0, attempt - 1), 16));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` made safe to store: well-formed, no NUL, at most `max` characters. */
export function storableText(text: string, max: number): string {
  const safe = text.replace(LONE_SURROGATE, '\ufffd').replace(/\u0000/g, '\\0');
  return safe.length > max ? `${safe.slice(0, max - 3)}...` : safe;
}

/** The error as text safe to store and log: well-formed, no NUL, at most `max` characters. */
export function errorText(err: unknown, max = 2_000): string {
  const e = err as { name?: unknown; message?: unknown; detail?: unknown } | null;
  const base = e instanceof Error ? `${e.name}: ${e.message}` : String(err);
  const detail = typeof e?.detail === 'string' ? ` (${e.detail})` : '';
  return storableText(`${base}${detail}`, max);
}
