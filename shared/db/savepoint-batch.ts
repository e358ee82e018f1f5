import { SentralError } from '../errors/sentral-error.js';
import type { BatchRun } from '../work/batcher.js';
import type { Sql, Tx } from './database.js';

/**
 * A batch run for writers that are not set-based: one transaction for the batch, each item in a savepoint
 * of its own, so an item refused with a SentralError (bad input, no money) rolls back only its own writes
 * and answers with that error while the others commit together. Any other error fails the batch (the
 * batcher then runs its items one by one).
 */
export function eachInSavepoint<I, O>(sql: Sql, each: (tx: Tx, item: I) => Promise<O>): BatchRun<I, O> {
  return async (items) => {
    const outcomes: (O | SentralError)[] = [];
    await sql.begin(async (tx) => {
      for (const item of items) {
        try {
          const outcome: O = await tx.savepoint((sp) => each(sp as Tx, item)) as O;
          outcomes.push(outcome);
        } catch (err) {
          if (!(err instanceof SentralError)) throw err;
          outcomes.push(err);
        }
      }
    });
    return outcomes;
  };
}
