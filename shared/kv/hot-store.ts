/**
 * Hot, loss-tolerant state (rate-limit buckets, concurrent-stream counters, key cache): Redis in a
 * cluster, memory standalone. One contract suite runs against both. Keys are relative: the adapter
 * prefixes them. Expiry follows the injected clock in both adapters, so tests move time without sleeping.
 */
export interface HotStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, options?: { ttlMs?: number }): Promise<void>;
  /** Sets only if absent; true when it was set. */
  setIfAbsent(key: string, value: string, options?: { ttlMs?: number }): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Atomic add; a counter created by this call gets `ttlMs` (an existing one keeps its expiry). */
  incr(key: string, by?: number, options?: { ttlMs?: number }): Promise<number>;
  /** Atomic add that refuses to go above `max`: returns the new value, or null when it would exceed. */
  incrUpTo(key: string, max: number, options?: { ttlMs?: number }): Promise<number | null>;
  /** Takes `cost` tokens from a bucket of `capacity` refilled at `refillPerSecond`. */
  takeToken(key: string, bucket: TokenBucketSpec, cost?: number): Promise<TokenBucketResult>;
  /** Resolves when the store answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface TokenBucketSpec {
  capacity: number;
  refillPerSecond: number;
}

export interface TokenBucketResult {
  allowed: boolean;
  /** Whole tokens left after this take. */
  remaining: number;
  /** When not allowed: milliseconds until enough tokens are back. 0 when allowed. */
  retryAfterMs: number;
}
