/**
 * The group commit of the routes that are not set-based (POST /v1/email): one transaction for the batch,
 * each request in a savepoint, so a refused request leaves none of its writes behind and its neighbours
 * commit; an unexpected database error fails the batch as a whole (the batcher then runs each alone).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachInSavepoint } from '../../shared/db/savepoint-batch.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { createBatcher } from '../../shared/work/batcher.js';
import { freshDatabase } from '../support/services.js';
import type { ScratchDatabase } from '../support/scratch-database.js';

let db: ScratchDatabase;
let sql: Sql;

beforeAll(async () => {
  db = await freshDatabase();
  sql = openDatabase({ url: db.url, max: 4 });
  await sql`create table notes (n int primary key)`;
});
afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await db?.drop();
});

async function stored(): Promise<number[]> {
  return (await sql<{ n: number }[]>`select n from notes order by n`).map((r) => r.n);
}

it("rolls back a refused item's writes and commits its neighbours'", async () => {
  const run = eachInSavepoint<number, number>(sql, async (tx, n) => {
    await tx`insert into notes (n) values (${n})`;
    if (n === 2) throw new SentralError('insufficient_balance');
    return n * 10;
  });
  const outcomes = await run([1, 2, 3]);
  expect(outcomes.map((o) => (o instanceof SentralError ? o.code : o))).toEqual([10, 'insufficient_balance', 30]);
  expect(await stored()).toEqual([1, 3]);
});

it('fails the batch on a database error, and the batcher then keeps every good item', async () => {
  await sql`delete from notes`;
  const batcher = createBatcher(eachInSavepoint<number, number>(sql, async (tx, n) => {
    // 99 breaks the statement itself (not a SentralError): the batch fails, then each item runs alone.
    await tx`insert into notes (n) values (${n === 99 ? 'not a number' : n})`;
    return n;
  }), { maxBatch: 10 });
  const outcomes = await Promise.allSettled([4, 99, 5].map((n) => batcher.submit(n)));
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(await stored()).toEqual([4, 5]);
});
