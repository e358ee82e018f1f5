import { performance } from 'node:perf_hooks';
import type { Clock, Timer } from './clock.js';

// setTimeout caps at 2^31-1 ms; longer timers are re-armed in steps.
const MAX_DELAY = 2_147_483_647;

/** The real clock: Date.now, performance.now and Node timers. */
export class RealClock implements Clock {
  now(): number {
    return Date.now();
  }

  monotonic(): number {
    return performance.now();
  }

  setTimer(delayMs: number, fn: () => void): Timer {
    return this.setTimerAt(Date.now() + Math.max(0, delayMs), fn);
  }

  setTimerAt(atMs: number, fn: () => void): Timer {
    let handle: NodeJS.Timeout | undefined;
    let cancelled = false;
    const arm = (): void => {
      const remaining = atMs - Date.now();
      if (remaining <= 0) {
        handle = setTimeout(() => !cancelled && fn(), 0);
        return;
      }
      // Node may fire a timer up to a millisecond before Date.now() reaches its deadline: arm again until it has.
      handle = setTimeout(() => !cancelled && (Date.now() < atMs ? arm() : fn()), Math.min(remaining, MAX_DELAY));
    };
    arm();
    return {
      cancel() {
        cancelled = true;
        if (handle) clearTimeout(handle);
      },
    };
  }
}

/** The process-wide real clock. */
export const realClock: Clock = new RealClock();
