/** A cancellable timer handle returned by a clock. */
export interface Timer {
  cancel(): void;
}

/** The source of time for all code: real in production, manual in tests. */
export interface Clock {
  /** Wall-clock time in epoch milliseconds. */
  now(): number;
  /** Monotonic milliseconds (fractional), for measuring intervals. */
  monotonic(): number;
  /** Runs `fn` once `delayMs` has passed on this clock. */
  setTimer(delayMs: number, fn: () => void): Timer;
  /** Runs `fn` when this clock reaches the epoch time `atMs` (at once if it has passed). */
  setTimerAt(atMs: number, fn: () => void): Timer;
}
