/**
 * The host's hourly pruning of what it keeps about messages: outcomes of processed messages (a sender's
 * retry finds them) for a day, records of messages that failed for good (for operators) for 30 days.
 */
import type { Clock, Timer } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import type { Logger } from '../../../shared/log/log.js';
import { pruneFailures, pruneOutcomes } from './actor-store.js';

// Outcomes of processed messages are kept this long: far beyond any sender's retry.
const OUTCOME_RETENTION_MS = 24 * 3600_000;
/** Records of messages that failed for good are kept this long for operators (docs/actors.md). */
export const FAILURE_RETENTION_MS = 30 * 24 * 3600_000;
const PRUNE_INTERVAL_MS = 3600_000;

/** Prunes every hour from an hour from now; cancel the returned timer to stop. */
export function startMessagePruning(sql: Sql, clock: Clock, log: Logger): Timer {
  let timer: Timer;
  const prune = (): void => {
    pruneOutcomes(sql, new Date(clock.now() - OUTCOME_RETENTION_MS)).catch((err: unknown) => log.warn({ err }, 'pruning processed messages failed'));
    pruneFailures(sql, new Date(clock.now() - FAILURE_RETENTION_MS)).catch((err: unknown) => log.warn({ err }, 'pruning failed-message records failed'));
    timer = clock.setTimer(PRUNE_INTERVAL_MS, prune);
  };
  timer = clock.setTimer(PRUNE_INTERVAL_MS, prune);
  return { cancel: () => timer.cancel() };
}
