/**
 * Delays before each retry of a failed delivery, in ms (the interface's schedule): after the first
 * attempt fails the next comes 5 s later, then 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; 8 attempts in all.
 */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

/** Attempts a delivery gets in one run before it gives up. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * The delay before the next attempt after the `failedAttempts`-th failure of a run, or null when the
 * delivery gives up. `jitter` (0 to 1) spreads retries by up to ± that fraction; `random` is in [0, 1).
 */
export function nextRetryDelay(failedAttempts: number, jitter = 0, random: number = Math.random()): number | null {
  const base = RETRY_DELAYS_MS[failedAttempts - 1];
  if (base === undefined || failedAttempts < 1) return null;
  return Math.round(base * (1 + jitter * (2 * random - 1)));
}
