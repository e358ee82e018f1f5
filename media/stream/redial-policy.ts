/**
 * When a dropped stream dials again: after each of `delaysMs` in turn (the last one repeats), for as long as
 * the next dial would still fall within `windowMs` of the drop.
 */
export class RedialPolicy {
  private attempt = 0;
  private droppedAt = 0;

  constructor(
    private readonly delaysMs: readonly number[],
    private readonly windowMs: number,
  ) {}

  /** The connection dropped at `now`: the window starts, and the delays from the first. */
  dropped(now: number): void {
    this.droppedAt = now;
    this.attempt = 0;
  }

  /** The connection is up again: the next drop starts with the first delay. */
  connected(): void {
    this.attempt = 0;
  }

  /** How long to wait before the next dial, counting it; null when it would fall outside the window (give up). */
  nextDelay(now: number): number | null {
    const delay = this.delaysMs[Math.min(this.attempt, this.delaysMs.length - 1)] ?? 1000;
    if (now + delay - this.droppedAt > this.windowMs) return null;
    this.attempt++;
    return delay;
  }
}
