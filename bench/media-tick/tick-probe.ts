import { performance } from 'node:perf_hooks';
import { TickClock } from '../../media/clock/tick-clock.js';
import { FRAME_MS, type TickSource } from '../../media/clock/tick-source.js';
import { Samples } from './samples.js';

/** Lateness (ms) above which a tick is kept in `late` (issue 29's p99 target). */
export const LATE_MS = 1.5;

/**
 * The node's real TickClock, watched: every tick's lateness against the ideal grid (first deadline + k × 20 ms,
 * computed here independently of the clock) and the time its work took, kept in full rather than in the
 * clock's 10 s window, so a bench reads exact percentiles and would see any drift as growing lateness.
 */
export class TickProbe implements TickSource {
  /** The clock being measured. */
  readonly clock: TickClock;
  /** Lateness of each tick, milliseconds, since the last reset. */
  readonly lateness = new Samples();
  /** Work done in each tick, milliseconds, since the last reset. */
  readonly work = new Samples();
  /** Ticks later than LATE_MS since the last reset: their deadline (monotonic) and lateness, milliseconds. */
  readonly late: { deadline: number; ms: number }[] = [];
  /** Monotonic time of the clock's latest start (its first deadline is this + 20 ms). */
  startedAt = Number.NaN;
  /** Ticks run and frames skipped before the latest start (the node stops its clock while it has no session). */
  private framesBefore = 0;
  /** Monotonic time of the latest tick. */
  lastTickAt = Number.NaN;

  constructor() {
    this.clock = new TickClock({
      now: () => {
        const t = performance.now();
        if (Number.isNaN(this.startedAt)) this.startedAt = t;
        return t;
      },
    });
  }

  /** Ticks run plus frames skipped since the latest start. */
  get frames(): number {
    return this.clock.ticks + this.clock.skipped - this.framesBefore;
  }

  start(onTick: () => void): void {
    this.startedAt = Number.NaN;
    this.framesBefore = this.clock.ticks + this.clock.skipped;
    this.clock.start(() => {
      const t0 = performance.now();
      const index = this.frames;
      const deadline = this.startedAt + index * FRAME_MS;
      this.lateness.add(t0 - deadline);
      if (t0 - deadline > LATE_MS) this.late.push({ deadline, ms: t0 - deadline });
      this.lastTickAt = t0;
      onTick();
      this.work.add(performance.now() - t0);
    });
  }

  stop(): void {
    this.clock.stop();
  }

  due(): void {
    this.clock.due();
  }

  /** Starts a new measuring window. */
  reset(): void {
    this.lateness.reset();
    this.work.reset();
    this.late.length = 0;
  }
}
