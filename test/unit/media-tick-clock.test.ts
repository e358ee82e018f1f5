import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TickClock } from '../../media/clock/tick-clock.js';
import { LatenessWindow } from '../../media/clock/lateness-window.js';

/** Runs a TickClock until `count` ticks, calling `onTick(n)`; resolves with the tick times. */
function runTicks(clock: TickClock, count: number, onTick: (n: number) => void = () => {}): Promise<number[]> {
  const times: number[] = [];
  return new Promise((resolve) => {
    clock.start(() => {
      times.push(performance.now());
      onTick(times.length);
      if (times.length === count) {
        clock.stop();
        resolve(times);
      }
    });
  });
}

describe('the 20 ms tick', () => {
  it('keeps to a 20 ms grid without drift: tick n lands near start + 20·n', async () => {
    const clock = new TickClock();
    const start = performance.now();
    const times = await runTicks(clock, 25);
    // Deadlines are previous + 20 ms, so lateness never accumulates: the 25th tick is due at start + 500.
    expect(times[24]! - start).toBeGreaterThanOrEqual(499);
    expect(times[24]! - start).toBeLessThan(540);
    expect(clock.skipped).toBe(0);
    expect(clock.ticks).toBe(25);
    // It sleeps in timers that may wake a fraction early: an early wake sleeps again, no tick runs before its deadline.
    times.forEach((t, i) => expect(t - start).toBeGreaterThanOrEqual(20 * (i + 1)));
  });

  it('after a long pause it skips the lost frames and counts them instead of bursting', async () => {
    let offset = 0;
    const clock = new TickClock({ now: () => performance.now() + offset });
    await runTicks(clock, 6, (n) => {
      if (n === 3) offset += 400;
    });
    expect(clock.skipped).toBeGreaterThanOrEqual(19);
    expect(clock.skipped).toBeLessThanOrEqual(21);
    expect(clock.lateness.max()).toBeGreaterThanOrEqual(380);
  });

  it('a moderately late tick catches up on the grid without skipping', async () => {
    let offset = 0;
    const clock = new TickClock({ now: () => performance.now() + offset });
    await runTicks(clock, 8, (n) => {
      if (n === 2) offset += 70;
    });
    expect(clock.skipped).toBe(0);
  });
});

describe('a tick due while messages are being read', () => {
  // The clock's monotonic time, set by each test (its timers are vitest's fake ones).
  let now = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs from due() as soon as its deadline has passed, once, and the next one keeps to the grid', () => {
    const clock = new TickClock({ now: () => now });
    const ticks: number[] = [];
    clock.start(() => ticks.push(now));
    now = 19.9;
    clock.due();
    expect(ticks).toEqual([]);
    // The deadline (20) passes while the loop is still reading sockets: the next read runs the tick.
    now = 20.3;
    clock.due();
    expect(ticks).toEqual([20.3]);
    expect(clock.lateness.max()).toBeCloseTo(0.3, 5);
    // The timer armed for that deadline was cleared: one timer waits, for the next deadline, not two chains.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(5);
    now = 30;
    clock.due();
    vi.advanceTimersByTime(5);
    expect(ticks).toEqual([20.3]);
    now = 40;
    vi.advanceTimersByTime(20);
    expect(ticks).toEqual([20.3, 40]);
    expect(clock.ticks).toBe(2);
    expect(clock.skipped).toBe(0);
    clock.stop();
  });

  it('leaves a clock that is already behind to its turn of the loop, so reads are not starved by ticks', () => {
    const clock = new TickClock({ now: () => now });
    let ticks = 0;
    clock.start(() => {
      ticks++;
      // This tick's work ran past the next deadline too.
      now += 25;
    });
    now = 20;
    clock.due();
    expect(ticks).toBe(1);
    // The next deadline (40) has passed already: the clock waits one turn (setImmediate), due() does not jump it.
    clock.due();
    expect(ticks).toBe(1);
    vi.advanceTimersToNextTimer();
    expect(ticks).toBe(2);
    clock.stop();
  });

  it('does nothing once stopped', () => {
    const clock = new TickClock({ now: () => now });
    let ticks = 0;
    clock.start(() => ticks++);
    clock.stop();
    now = 100;
    clock.due();
    vi.runAllTimers();
    expect(ticks).toBe(0);
  });
});

describe('lateness window', () => {
  it('reports quantiles and the max of the latest samples only', () => {
    const w = new LatenessWindow(100);
    expect(w.quantile(0.5)).toBe(0);
    for (let i = 1; i <= 100; i++) w.record(i);
    expect(w.quantile(0.5)).toBe(51);
    expect(w.quantile(0.99)).toBe(100);
    expect(w.max()).toBe(100);
    for (let i = 0; i < 100; i++) w.record(1);
    expect(w.max()).toBe(1);
  });
});
