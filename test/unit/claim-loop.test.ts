/**
 * The claim loop behind the webhook dispatcher and the outboxes: with `minClaim`, runs finishing one by one
 * do not each cost a claim; the loop claims a batch once enough room is free, and never stalls below it.
 */
import { expect, it } from 'vitest';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { createLogger } from '../../shared/log/log.js';
import { startClaimLoop } from '../../shared/work/claim-loop.js';

it('claims in batches of at least minClaim while runs are in flight, and drains every item', async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 27));
  let next = 0;
  const total = 40;
  const rooms: number[] = [];
  const finishers: (() => void)[] = [];
  const done: number[] = [];
  const loop = await startClaimLoop<number>({
    name: 'test loop', clock, log: createLogger({ level: 'silent' }), bus: createMemoryBus({ clock }), wakeSubject: 'test.wake',
    concurrency: 8, minClaim: 4, pollIntervalMs: 60_000,
    claim: async (room) => {
      if (next < total) rooms.push(room);
      return Array.from({ length: Math.min(room, total - next) }, () => next++);
    },
    idOf: (n) => String(n),
    run: (n) => new Promise<void>((resolve) => finishers.push(() => { done.push(n); resolve(); })),
  });
  // Finish runs one at a time, oldest first, until every item ran.
  while (done.length < total) {
    await new Promise((resolve) => setImmediate(resolve));
    finishers.shift()?.();
  }
  await loop.whenIdle();
  await loop.stop();
  expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i));
  // The first claim fills all 8 slots; every later one waits for at least 4 free: 9 claims, not 33.
  expect(rooms[0]).toBe(8);
  expect(rooms.slice(1).every((room) => room >= 4)).toBe(true);
  expect(rooms.length).toBe(1 + (total - 8) / 4);
});
