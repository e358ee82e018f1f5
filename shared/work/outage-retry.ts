/**
 * Writing down something that already happened outside (a carrier took a message, a receipt came in) while
 * the database is away: the fact cannot be asked for again, so its write is tried again until the database
 * is back (a PostgreSQL restart, or a failover to a promoted standby) instead of being dropped.
 */
import type { Clock } from '../clock/clock.js';
import { dependencyOutage } from '../errors/dependency-outage.js';

/** First wait after a failed try; each further one doubles up to OUTAGE_RETRY_MAX_MS. */
export const OUTAGE_RETRY_FIRST_MS = 100;
/** The longest wait between two tries: a write goes through within a second of the database returning. */
export const OUTAGE_RETRY_MAX_MS = 1_000;

/**
 * Runs `attempt` until it succeeds; while it fails because a dependency is away and the clock is before
 * `untilMs`, it waits and tries again. Any other failure, and the last one at `untilMs`, is thrown.
 */
export async function retryThroughOutage<T>(clock: Clock, untilMs: number, attempt: () => Promise<T>): Promise<T> {
  for (let wait = OUTAGE_RETRY_FIRST_MS; ; wait = Math.min(wait * 2, OUTAGE_RETRY_MAX_MS)) {
    try {
      return await attempt();
    } catch (err) {
      if (dependencyOutage(err) === null || clock.now() + wait > untilMs) throw err;
      await new Promise<void>((resolve) => clock.setTimer(wait, resolve));
    }
  }
}
