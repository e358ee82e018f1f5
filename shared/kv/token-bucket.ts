import type { TokenBucketResult, TokenBucketSpec } from './hot-store.js';

/** The stored state of a token bucket: fractional tokens at a point in time. */
export interface TokenBucketState {
  tokens: number;
  /** Epoch ms the tokens were counted at. */
  at: number;
}

// Absorbs float noise so that 4.999999999 tokens after a refill counts as 5 (the Redis Lua script uses the same).
const EPSILON = 1e-9;

/** Rejects a bucket or cost the arithmetic cannot serve (a cost above capacity could never be allowed). */
export function checkTokenBucket(bucket: TokenBucketSpec, cost: number): void {
  if (!(Number.isFinite(bucket.capacity) && bucket.capacity > 0)) throw new RangeError('token bucket capacity must be a positive number');
  if (!(Number.isFinite(bucket.refillPerSecond) && bucket.refillPerSecond > 0)) throw new RangeError('token bucket refillPerSecond must be a positive number');
  if (!(Number.isFinite(cost) && cost >= 0 && cost <= bucket.capacity)) throw new RangeError('token bucket cost must be between 0 and the capacity');
}

/**
 * Takes `cost` tokens from a continuously refilled bucket at time `now`. A missing state is a full
 * bucket; a clock that went backwards refills nothing. Returns the result and the state to store.
 */
export function takeFromBucket(
  state: TokenBucketState | undefined,
  bucket: TokenBucketSpec,
  cost: number,
  now: number,
): { result: TokenBucketResult; state: TokenBucketState } {
  let tokens = bucket.capacity;
  if (state) tokens = Math.min(bucket.capacity, state.tokens + (Math.max(0, now - state.at) * bucket.refillPerSecond) / 1000);
  if (tokens + EPSILON >= cost) {
    tokens = Math.max(0, tokens - cost);
    return { result: { allowed: true, remaining: Math.floor(tokens + EPSILON), retryAfterMs: 0 }, state: { tokens, at: now } };
  }
  const retryAfterMs = Math.ceil(((cost - tokens) * 1000) / bucket.refillPerSecond - EPSILON);
  return { result: { allowed: false, remaining: Math.floor(tokens + EPSILON), retryAfterMs }, state: { tokens, at: now } };
}

/** Milliseconds an untouched bucket needs to be full again: after that its state can be forgotten. */
export function bucketRefillMs(bucket: TokenBucketSpec): number {
  return Math.ceil((bucket.capacity * 1000) / bucket.refillPerSecond);
}
