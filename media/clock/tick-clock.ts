import { performance } from 'node:perf_hooks';
import { FRAME_MS, type TickSource } from './tick-source.js';
import { LatenessWindow } from './lateness-window.js';

/** Options of the real tick. */
export interface TickClockOptions {
  periodMs?: number;
  /** Further behind than this (a paused process, a long GC), the tick skips the lost frames. */
  maxBehindMs?: number;
  /**
   * Last stretch before a deadline spent yielding with setImmediate rather than sleeping in a timer: each
   * turn is a busy event-loop turn, so 0 (the default: sleep all the way) costs the least CPU.
   */
  fineMs?: number;
  /** Monotonic milliseconds (performance.now by default). */
  now?: () => number;
}

/**
 * The node's one 20 ms tick. Deadlines advance by exactly one period from the previous deadline on
 * the monotonic clock, so lateness never accumulates into drift. The wait is a setTimeout to the deadline
 * (Node timers are millisecond-grained and may wake a fraction early, measured from a loop time that lags;
 * an early wake sleeps again for the rest), with an optional `fineMs` of setImmediate turns before it
 * (bench/media-tick/clock-window.ts measured what each costs: RESULTS.md there). A tick that is late runs
 * at once and the next deadline stays on the grid, which catches up; beyond `maxBehindMs` the lost frames
 * are skipped and counted instead of played in a burst, so ticks + skipped = periods elapsed.
 */
export class TickClock implements TickSource {
  /** Lateness of recent ticks, milliseconds. */
  readonly lateness = new LatenessWindow(500);
  /** Frames skipped after falling far behind. */
  skipped = 0;
  /** Ticks run. */
  ticks = 0;

  private readonly periodMs: number;
  private readonly maxBehindMs: number;
  private readonly fineMs: number;
  private readonly now: () => number;
  private deadline = 0;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private onTick: () => void = () => {};
  private readonly wake = (): void => {
    this.timer = undefined;
    if (this.deadline - this.now() <= 0) this.fire();
    else this.schedule();
  };
  private readonly fireNow = (): void => {
    this.immediate = undefined;
    this.fire();
  };

  constructor(options: TickClockOptions = {}) {
    this.periodMs = options.periodMs ?? FRAME_MS;
    this.maxBehindMs = options.maxBehindMs ?? 200;
    this.fineMs = options.fineMs ?? 0;
    this.now = options.now ?? (() => performance.now());
  }

  start(onTick: () => void): void {
    if (this.running) return;
    this.running = true;
    this.onTick = onTick;
    this.deadline = this.now() + this.periodMs;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
  }

  /**
   * The tick, now, if its deadline has passed while it sleeps in its timer (the timer is cleared so the tick
   * does not run twice). A clock already behind, that waits one turn of the loop between two late ticks,
   * keeps that turn: the sockets' reads are not starved by ticks run from inside them.
   */
  due(): void {
    if (this.timer === undefined || this.deadline - this.now() > 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.fire();
  }

  private schedule(): void {
    if (!this.running) return;
    const wait = this.deadline - this.now();
    // Already due after a tick: one turn first, so the sockets' I/O runs between two late ticks.
    if (wait <= 0) this.immediate = setImmediate(this.fireNow);
    else if (wait > this.fineMs) this.timer = setTimeout(this.wake, wait - this.fineMs);
    else this.immediate = setImmediate(this.wake);
  }

  private fire(): void {
    if (!this.running) return;
    const late = this.now() - this.deadline;
    this.lateness.record(late);
    if (late > this.maxBehindMs) {
      const lost = Math.floor(late / this.periodMs);
      this.skipped += lost;
      this.deadline += lost * this.periodMs;
    }
    this.ticks++;
    this.onTick();
    this.deadline += this.periodMs;
    this.schedule();
  }
}
