import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { RealClock } from '../../shared/clock/real-clock.js';
import { isId, newId } from '../../shared/ids/ids.js';

describe('the manual clock', () => {
  it('fires timers in deadline order as it advances, and only those due', async () => {
    const clock = new ManualClock(0);
    const fired: string[] = [];
    clock.setTimer(5000, () => fired.push('5s'));
    clock.setTimerAt(1000, () => fired.push('1s'));
    const cancelled = clock.setTimer(2000, () => fired.push('2s'));
    cancelled.cancel();
    await clock.advance(4999);
    expect(fired).toEqual(['1s']);
    await clock.advance(1);
    expect(fired).toEqual(['1s', '5s']);
    expect(clock.now()).toBe(5000);
  });

  it('runs a chain of timers scheduled by timers within one advance (hours in an instant)', async () => {
    const clock = new ManualClock(0);
    const at: number[] = [];
    const step = (): void => {
      at.push(clock.now());
      if (at.length < 5) clock.setTimer(3_600_000, step);
    };
    clock.setTimer(3_600_000, step);
    await clock.advance(10 * 3_600_000);
    expect(at).toEqual([1, 2, 3, 4, 5].map((h) => h * 3_600_000));
  });

  it('lets async work started by a timer settle before time moves on', async () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    clock.setTimer(10, () => {
      void Promise.resolve().then(() => clock.setTimer(10, () => seen.push(clock.now())));
    });
    await clock.advance(100);
    expect(seen).toEqual([20]);
  });
});

describe('the real clock', () => {
  it('never runs a timer before Date.now() reaches its deadline (Node may fire a millisecond early)', async () => {
    const clock = new RealClock();
    const start = Date.now();
    const early = await Promise.all(
      Array.from({ length: 40 }, (_, i) => new Promise<number>((resolve) => {
        const at = start + 2 + (i % 20);
        clock.setTimerAt(at, () => resolve(at - Date.now()));
      })),
    );
    expect(early.filter((ms) => ms > 0)).toEqual([]);
  });
});

describe('ids', () => {
  it('are prefixed and sort by creation time', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const first = newId('call', clock);
    await clock.advance(1);
    const second = newId('call', clock);
    expect(isId(first, 'call')).toBe(true);
    expect(first < second).toBe(true);
    expect(isId(first, 'evt')).toBe(false);
  });

  it('do not collide within the same millisecond', () => {
    const clock = new ManualClock(0);
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('evt', clock)));
    expect(ids.size).toBe(10_000);
  });
});
