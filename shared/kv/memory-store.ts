import type { Clock } from '../clock/clock.js';
import { realClock } from '../clock/real-clock.js';
import type { HotStore, TokenBucketResult, TokenBucketSpec } from './hot-store.js';
import { checkInteger, checkTtl } from './hot-store-arguments.js';
import { bucketRefillMs, checkTokenBucket, takeFromBucket, type TokenBucketState } from './token-bucket.js';

type Entry =
  | { kind: 'value'; value: string; expiresAt: number | undefined }
  | { kind: 'bucket'; state: TokenBucketState; expiresAt: number };

// Sweeping every write would be O(n²); sweeping once the writes since the last sweep reach the map's
// size keeps the cost O(1) per write while bounding the memory held by keys nobody reads again.
const MIN_WRITES_BETWEEN_SWEEPS = 1000;

/**
 * The in-process hot store of standalone mode. Every operation runs synchronously inside one call, so
 * each is atomic like the Redis scripts. A key holding another kind (a bucket read as a value) is absent.
 */
export function createMemoryStore(options: { clock?: Clock } = {}): HotStore {
  const clock = options.clock ?? realClock;
  const entries = new Map<string, Entry>();
  let writesSinceSweep = 0;
  let closed = false;

  const live = (key: string, now: number): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && now >= entry.expiresAt) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const liveValue = (key: string, now: number): Extract<Entry, { kind: 'value' }> | undefined => {
    const entry = live(key, now);
    return entry?.kind === 'value' ? entry : undefined;
  };
  const write = (key: string, entry: Entry, now: number): void => {
    entries.set(key, entry);
    if (++writesSinceSweep < Math.max(MIN_WRITES_BETWEEN_SWEEPS, entries.size)) return;
    writesSinceSweep = 0;
    for (const [k, e] of entries) if (e.expiresAt !== undefined && now >= e.expiresAt) entries.delete(k);
  };
  const open = (): number => {
    if (closed) throw new Error('the hot store is closed');
    return clock.now();
  };
  const expiry = (now: number, ttlMs: number | undefined): number | undefined => (ttlMs === undefined ? undefined : now + ttlMs);
  const add = (key: string, by: number, ttlMs: number | undefined, max: number | undefined): number | null => {
    const now = open();
    const current = liveValue(key, now);
    const base = current ? parseCounter(current.value) : 0;
    const next = base + by;
    if (max !== undefined && next > max) return null;
    write(key, { kind: 'value', value: String(next), expiresAt: current ? current.expiresAt : expiry(now, ttlMs) }, now);
    return next;
  };

  return {
    async get(key) {
      return liveValue(key, open())?.value ?? null;
    },
    async set(key, value, opts) {
      checkTtl(opts?.ttlMs);
      const now = open();
      write(key, { kind: 'value', value, expiresAt: expiry(now, opts?.ttlMs) }, now);
    },
    async setIfAbsent(key, value, opts) {
      checkTtl(opts?.ttlMs);
      const now = open();
      if (liveValue(key, now)) return false;
      write(key, { kind: 'value', value, expiresAt: expiry(now, opts?.ttlMs) }, now);
      return true;
    },
    async del(key) {
      open();
      entries.delete(key);
    },
    async incr(key, by = 1, opts) {
      checkInteger('by', by);
      checkTtl(opts?.ttlMs);
      return add(key, by, opts?.ttlMs, undefined) as number;
    },
    async incrUpTo(key, max, opts) {
      checkInteger('max', max);
      checkTtl(opts?.ttlMs);
      return add(key, 1, opts?.ttlMs, max);
    },
    async takeToken(key: string, bucket: TokenBucketSpec, cost = 1): Promise<TokenBucketResult> {
      checkTokenBucket(bucket, cost);
      const now = open();
      const current = live(key, now);
      const taken = takeFromBucket(current?.kind === 'bucket' ? current.state : undefined, bucket, cost, now);
      write(key, { kind: 'bucket', state: taken.state, expiresAt: now + bucketRefillMs(bucket) }, now);
      return taken.result;
    },
    async ping() {
      open();
    },
    async close() {
      closed = true;
      entries.clear();
    },
  };
}

// Same refusal as Redis's HINCRBY on a value that is not a whole number.
function parseCounter(value: string): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n)) throw new Error('the value is not an integer');
  return n;
}
