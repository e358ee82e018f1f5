import type { Clock, Timer } from './clock.js';

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/** A test clock that only moves when told to; timers fire in deadline order as it advances. */
export class ManualClock implements Clock {
  private current: number;
  private mono = 0;
  private seq = 0;
  private pending: Pending[] = [];

  constructor(startMs: number = Date.UTC(2026, 0, 1)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  monotonic(): number {
    return this.mono;
  }

  setTimer(delayMs: number, fn: () => void): Timer {
    return this.setTimerAt(this.current + Math.max(0, delayMs), fn);
  }

  setTimerAt(atMs: number, fn: () => void): Timer {
    const entry: Pending = { at: atMs, seq: this.seq++, fn, cancelled: false };
    this.pending.push(entry);
    return {
      cancel: () => {
        entry.cancelled = true;
      },
    };
  }

  /** Number of timers still waiting to fire. */
  get pendingTimers(): number {
    return this.pending.filter((p) => !p.cancelled).length;
  }

  /**
   * Moves time forward by `ms`, firing every timer due on the way in order.
   * Between firings it yields to the event loop so that async work started by a timer can settle
   * (and schedule further timers) before time moves on.
   */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      await settle();
      const next = this.nextDue(target);
      if (!next) break;
      this.mono += next.at - this.current > 0 ? next.at - this.current : 0;
      this.current = Math.max(this.current, next.at);
      next.cancelled = true;
      next.fn();
    }
    this.mono += target - this.current;
    this.current = target;
    await settle();
  }

  /** Moves time to the epoch time `atMs` (never backwards). */
  async advanceTo(atMs: number): Promise<void> {
    await this.advance(Math.max(0, atMs - this.current));
  }

  private nextDue(limit: number): Pending | undefined {
    this.pending = this.pending.filter((p) => !p.cancelled);
    let best: Pending | undefined;
    for (const p of this.pending) {
      if (p.at > limit) continue;
      if (!best || p.at < best.at || (p.at === best.at && p.seq < best.seq)) best = p;
    }
    return best;
  }
}

// A few macrotask turns let promise chains and I/O callbacks started by a timer run.
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((r) => setImmediate(r));
}
