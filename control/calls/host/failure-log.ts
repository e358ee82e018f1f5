/**
 * Logging of messages that keep failing: the first failure of a message is one warning with its stack,
 * then at most one line a minute for it (with the number of tries since), so a long outage does not
 * flood the log.
 */
import type { Clock } from '../../../shared/clock/clock.js';
import type { Logger } from '../../../shared/log/log.js';

/** At most one line per failing message within this long (after its first warning). */
export const FAILURE_LOG_INTERVAL_MS = 60_000;

interface Seen {
  lastLineAt: number;
  tries: number;
  suppressed: number;
}

/** Throttled warnings for messages failing again and again. */
export class FailureLog {
  private readonly seen = new Map<string, Seen>();

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Notes one failed try of message `key`; logs if this is its first or a minute has passed. */
  failed(key: string, err: unknown, fields: Record<string, unknown>, message: string): void {
    const now = this.clock.now();
    const seen = this.seen.get(key);
    if (!seen) {
      this.seen.set(key, { lastLineAt: now, tries: 1, suppressed: 0 });
      this.log.warn({ ...fields, err }, message);
      return;
    }
    seen.tries++;
    if (now - seen.lastLineAt < FAILURE_LOG_INTERVAL_MS) {
      seen.suppressed++;
      return;
    }
    const suppressed = seen.suppressed;
    seen.lastLineAt = now;
    seen.suppressed = 0;
    this.log.warn({ ...fields, tries: seen.tries, suppressed, error: err instanceof Error ? err.message : String(err) }, `${message} (still failing)`);
  }

  /** The message is done with (handled, failed for good, or handed on): forget it. */
  settled(key: string): void {
    this.seen.delete(key);
  }
}
