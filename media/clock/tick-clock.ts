import { performance } from 'node:perf_hooks';
import { FRAME_MS, type TickSource } from './tick-source.js';
import { LatenessWindow } from './lateness-window.js';

/** Options of the real tick. */
export interface TickClockOptions {
  periodMs?: number;
  /** Further behind than this (a paused process, a long GC), the tick skips the lost frames. */
  maxBehindMs?: number;
  /** Last stretch before a deadline spent yielding with setImmediate rather than a coarse timer. */
  fineMs?: number;
  /** Monotonic milliseconds (performance.now by default). */
  now?: () => number;
}

/**
 * The node's one 20 ms tick. Deadlines advance by exactly one period from the previous deadline on
 * the monotonic clock, so lateness never accumulates into drift: a setTimeout covers the coarse wait
 * (Node timers are only millisecond-grained and fire late), then setImmediate turns cover the last
 * `fineMs` so I/O keeps flowing while it waits. A tick that is late runs at once and the next
 * deadline stays on the grid, which catches up; beyond `maxBehindMs` the lost frames are skipped
 * and counted instead of played in a burst.
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

  constructor(options: TickClockOptions = {}) {
    this.periodMs = options.periodMs ?? FRAME_MS;
    this.maxBehindMs = options.maxBehindMs ?? 200;
    this.fineMs = options.fineMs ?? 1.5;
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

  private schedule(): void {
    if (!this.running) return;
    const wait = this.deadline - this.now();
    if (wait > this.fineMs) {
      this.timer = setTimeout(() => this.schedule(), wait - this.fineMs);
    } else if (wait > 0) {
      this.immediate = setImmediate(() => this.schedule());
    } else {
      this.immediate = setImmediate(() => this.fire());
    }
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
