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

it('does not claim into slots held for items claimed elsewhere, runs them when filled and claims into what was left', async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 28));
  const rooms: number[] = [];
  const finishers = new Map<string, () => void>();
  let due = 0;
  const loop = await startClaimLoop<string>({
    name: 'test loop', clock, log: createLogger({ level: 'silent' }), bus: createMemoryBus({ clock }), wakeSubject: 'test.wake',
    concurrency: 8, pollIntervalMs: 60_000,
    claim: async (room) => {
      rooms.push(room);
      const claimed = Array.from({ length: Math.min(room, due) }, (_, i) => `due-${due - i}`);
      due -= claimed.length;
      return claimed;
    },
    idOf: (id) => id,
    run: (id) => new Promise<void>((resolve) => finishers.set(id, resolve)),
  });
  await loop.whenIdle();
  const held = await loop.hold(5);
  expect(held.count).toBe(5);
  // While they are held, a wake-up claims only into the 3 other slots.
  due = 10;
  loop.wake();
  await new Promise((resolve) => setImmediate(resolve));
  expect(rooms.at(-1)).toBe(3);
  expect((await loop.hold(5)).count).toBe(0);
  // Two of the five are filled: they run; the three left over go back to the loop, which claims into them.
  held.fill(['elsewhere-1', 'elsewhere-2']);
  await new Promise((resolve) => setImmediate(resolve));
  expect(finishers.has('elsewhere-1') && finishers.has('elsewhere-2')).toBe(true);
  expect(rooms.at(-1)).toBe(3);
  expect(finishers.size).toBe(8);
  expect(() => held.fill([])).toThrow();
  due = 0;
  for (const finish of finishers.values()) finish();
  await new Promise((resolve) => setImmediate(resolve));
  await loop.stop();
});

it('holds slots only once a claim under way has answered, and then only those it left free', async () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 28));
  const rooms: number[] = [];
  let answer: ((ids: string[]) => void) | undefined;
  const loop = await startClaimLoop<string>({
    name: 'test loop', clock, log: createLogger({ level: 'silent' }), bus: createMemoryBus({ clock }), wakeSubject: 'test.wake',
    concurrency: 8, pollIntervalMs: 60_000,
    claim: (room) => {
      rooms.push(room);
      return new Promise<string[]>((resolve) => (answer = resolve));
    },
    idOf: (id) => id,
    run: () => new Promise<void>(() => undefined),
  });
  // The first claim (room 8) has not answered: it may fill all 8 slots, so the hold waits for it.
  expect(rooms).toEqual([8]);
  let held: number | undefined;
  const holding = loop.hold(8).then((slots) => (held = slots.count));
  await new Promise((resolve) => setImmediate(resolve));
  expect(held).toBeUndefined();
  answer!(['a', 'b']);
  await holding;
  // It took 2: the other 6 are held.
  expect(held).toBe(6);
});
