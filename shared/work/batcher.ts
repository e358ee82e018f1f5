/**
 * Group commit for requests that each write a little: items submitted while a batch runs wait and go
 * together in the next one, so N concurrent requests cost one transaction (and one lock hold, one commit)
 * instead of N. A lone request waits for nothing but the current turn of the event loop.
 *
 * `run` answers each item with its result or its own error, in order. When a batch of several fails as a
 * whole (a database error), each item is run again alone, so one bad item cannot fail its neighbours.
 */
export interface Batcher<I, O> {
  /** Queues an item for the next batch; settles with its own outcome. */
  submit(item: I): Promise<O>;
}

/** Runs a batch: one outcome per item, in order (an Error is that item's failure). */
export type BatchRun<I, O> = (items: readonly I[]) => Promise<ReadonlyArray<O | Error>>;

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(err: unknown): void;
}

/** A batcher running one batch at a time of at most `maxBatch` items. */
export function createBatcher<I, O>(run: BatchRun<I, O>, options: { maxBatch: number }): Batcher<I, O> {
  let queue: Pending<I, O>[] = [];
  let running = false;

  const settle = (pending: readonly Pending<I, O>[], outcomes: ReadonlyArray<O | Error>): void => {
    pending.forEach((p, i) => {
      const outcome = outcomes[i];
      if (outcome instanceof Error) p.reject(outcome);
      else if (outcome === undefined) p.reject(new Error('the batch gave this item no outcome'));
      else p.resolve(outcome);
    });
  };

  const runBatch = async (batch: Pending<I, O>[]): Promise<void> => {
    try {
      settle(batch, await run(batch.map((p) => p.item)));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      for (const one of batch) {
        try {
          settle([one], await run([one.item]));
        } catch (alone) {
          one.reject(alone);
        }
      }
    }
  };

  const drain = async (): Promise<void> => {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      await runBatch(batch);
    }
    running = false;
  };

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // The first item of an idle batcher waits for this turn's other submits.
        if (!running && queue.length === 1) setImmediate(() => void drain());
      });
    },
  };
}
