/**
 * The group commit behind POST /v1/sms: concurrent submits share a batch, each gets its own outcome, and a
 * batch that fails as a whole is run again item by item so one bad item cannot fail its neighbours.
 */
import { expect, it } from 'vitest';
import { createBatcher } from '../../shared/work/batcher.js';

it('puts the submits of one turn in one batch and the submits made while it runs in the next', async () => {
  const batches: number[][] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const batcher = createBatcher<number, number>(async (items) => {
    batches.push([...items]);
    if (batches.length === 1) await held;
    return items.map((n) => n * 10);
  }, { maxBatch: 100 });
  const first = [1, 2, 3].map((n) => batcher.submit(n));
  await new Promise((resolve) => setImmediate(resolve));
  const second = [4, 5].map((n) => batcher.submit(n));
  release();
  expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
  expect(batches).toEqual([[1, 2, 3], [4, 5]]);
});

it('never puts more than maxBatch items in a batch', async () => {
  const sizes: number[] = [];
  const batcher = createBatcher<number, number>(async (items) => {
    sizes.push(items.length);
    return [...items];
  }, { maxBatch: 4 });
  await Promise.all(Array.from({ length: 10 }, (_, i) => batcher.submit(i)));
  expect(sizes).toEqual([4, 4, 2]);
});

it("gives each item its own error without failing the batch's others", async () => {
  const batcher = createBatcher<number, number>(async (items) => items.map((n) => (n % 2 === 0 ? new Error(`odd one out ${n}`) : n)), { maxBatch: 10 });
  const outcomes = await Promise.allSettled([1, 2, 3].map((n) => batcher.submit(n)));
  expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([1, 'odd one out 2', 3]);
});

it('runs a failed batch again item by item, so only the item that fails alone fails', async () => {
  const runs: number[][] = [];
  const batcher = createBatcher<number, number>(async (items) => {
    runs.push([...items]);
    if (items.includes(13)) throw new Error('the database refused 13');
    return [...items];
  }, { maxBatch: 10 });
  const outcomes = await Promise.allSettled([12, 13, 14].map((n) => batcher.submit(n)));
  expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([12, 'the database refused 13', 14]);
  expect(runs).toEqual([[12, 13, 14], [12], [13], [14]]);
});

it('goes on with the next batch after a failure', async () => {
  let fail = true;
  const batcher = createBatcher<number, number>(async (items) => {
    if (fail) {
      fail = false;
      throw new Error('once');
    }
    return [...items];
  }, { maxBatch: 10 });
  await expect(batcher.submit(1)).rejects.toThrow('once');
  expect(await batcher.submit(2)).toBe(2);
});
