import type { ObjectStore } from './object-store.js';

/** What happened to each object of a copy. */
export type CopyOutcome =
  | { name: string; outcome: 'copied' | 'present'; size: number; removed: boolean }
  | { name: string; outcome: 'failed'; error: string };

/**
 * Copies every object of `from` that `to` does not hold yet (an object of the same name and size counts as
 * held: recordings never change once stored), streaming each; with `remove`, deletes an object from `from`
 * once `to` holds it at its size. A failed object is reported and the copy goes on with the next.
 */
export async function copyObjects(
  from: ObjectStore,
  to: ObjectStore,
  options: { remove?: boolean; onObject?: (outcome: CopyOutcome) => void } = {},
): Promise<CopyOutcome[]> {
  const outcomes: CopyOutcome[] = [];
  for (const { name, size } of await from.list()) {
    let outcome: CopyOutcome;
    try {
      let copied = false;
      if ((await to.info(name))?.size !== size) {
        const object = await from.get(name);
        if (object === null) continue;
        const stored = await to.put(name, object.data);
        if (stored.size !== size) throw new Error(`stored ${stored.size} bytes of ${size}`);
        copied = true;
      }
      const removed = options.remove === true && (await from.delete(name));
      outcome = { name, outcome: copied ? 'copied' : 'present', size, removed };
    } catch (err) {
      outcome = { name, outcome: 'failed', error: err instanceof Error ? err.message : String(err) };
    }
    outcomes.push(outcome);
    options.onObject?.(outcome);
  }
  return outcomes;
}
