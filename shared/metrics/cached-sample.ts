import type { Clock } from '../clock/clock.js';

/**
 * Wraps an expensive read so that callers within `ttlMs` of `clock` (and callers while it runs) share one
 * answer. A failure is not kept: the next caller reads again.
 */
export function cachedSample<T>(clock: Clock, ttlMs: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: T } | null = null;
  let running: Promise<T> | null = null;
  return () => {
    if (last && clock.now() - last.at < ttlMs) return Promise.resolve(last.value);
    running ??= read()
      .then((value) => {
        last = { at: clock.now(), value };
        return value;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
}
