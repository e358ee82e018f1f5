import type { Clock } from '../../shared/clock/clock.js';

/** Error messages a stream sends per second at most; the rest are counted, not sent. */
export const DEFAULT_ERRORS_PER_SECOND = 5;

/**
 * Limits how many error messages a stream sends back, so a customer flooding bad frames is not flooded in
 * return: at most `perSecond` per one-second window of the clock.
 */
export class ErrorThrottle {
  private windowStart = Number.NEGATIVE_INFINITY;
  private sentInWindow = 0;
  private suppressed = 0;

  constructor(
    private readonly clock: Clock,
    private readonly perSecond: number = DEFAULT_ERRORS_PER_SECOND,
  ) {}

  /**
   * Whether an error may be sent now; when it may, `suppressed` is the number of errors left unsent since
   * the last one that was sent (and the count starts again).
   */
  admit(): { send: true; suppressed: number } | { send: false } {
    const now = this.clock.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.sentInWindow = 0;
    }
    if (this.sentInWindow >= this.perSecond) {
      this.suppressed++;
      return { send: false };
    }
    this.sentInWindow++;
    const suppressed = this.suppressed;
    this.suppressed = 0;
    return { send: true, suppressed };
  }

  /** Errors not sent since the last one that was. */
  get pending(): number {
    return this.suppressed;
  }
}
