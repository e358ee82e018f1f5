// Both adapters refuse the same bad arguments, so a caller's bug shows the same way in standalone and cluster.

/** Throws unless `ttlMs` is absent or a positive whole number of milliseconds. */
export function checkTtl(ttlMs: number | undefined): void {
  if (ttlMs !== undefined && !(Number.isSafeInteger(ttlMs) && ttlMs > 0)) throw new RangeError('ttlMs must be a positive whole number of milliseconds');
}

/** Throws unless `n` is a safe integer (counters are whole numbers). */
export function checkInteger(name: string, n: number): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${name} must be a safe integer`);
}
