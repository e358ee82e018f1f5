import { Redis, ReplyError } from 'ioredis';
import type { Clock } from '../clock/clock.js';
import { realClock } from '../clock/real-clock.js';
import { SentralError } from '../errors/sentral-error.js';
import type { Logger } from '../log/log.js';
import type { HotStore, TokenBucketResult, TokenBucketSpec } from './hot-store.js';
import { checkInteger, checkTtl } from './hot-store-arguments.js';
import { bucketRefillMs, checkTokenBucket } from './token-bucket.js';

/** Options of the Redis hot store. */
export interface RedisStoreOptions {
  url: string;
  /** Put with `:` in front of every key (isolates clusters and test runs). */
  prefix: string;
  clock?: Clock;
  /** Where connection trouble is reported (once per outage). */
  log?: Logger;
}

// Expiry is decided by the injected clock (the `e` field); Redis's own PX only reclaims memory, so it
// is set a grace period later, which also absorbs clock differences between replicas and Redis.
const RECLAIM_GRACE_MS = 60_000;
// A command while Redis is away fails after one reconnect attempt or this long, never hangs.
const COMMAND_TIMEOUT_MS = 1_500;
const CONNECT_TIMEOUT_MS = 1_500;
const MAX_RECONNECT_WAIT_MS = 500;

// Every key is a hash: a value or counter is {v, e?}; a token bucket is {t, a, e}; `e` is the epoch ms
// at which the entry counts as gone. A key of the other kind counts as absent and writers replace it.
// Lua: whether KEYS[1] holds a value that has not expired at ARGV[now] (`live`; the value is r[1]).
function readLive(now: number): string {
  return `local r = redis.call('HMGET', KEYS[1], 'v', 'e')
local live = r[1] and not (r[2] and tonumber(r[2]) <= tonumber(ARGV[${now}]))`;
}

// Lua: replaces KEYS[1] by the value ARGV[value] that expires at ARGV[expiresAt] ('' = never), its memory
// reclaimed ARGV[reclaim] ms on.
function writeValue(value: number, expiresAt: number, reclaim: number): string {
  return `redis.call('DEL', KEYS[1])
if ARGV[${expiresAt}] == '' then
  redis.call('HSET', KEYS[1], 'v', ARGV[${value}])
else
  redis.call('HSET', KEYS[1], 'v', ARGV[${value}], 'e', ARGV[${expiresAt}])
  redis.call('PEXPIRE', KEYS[1], ARGV[${reclaim}])
end`;
}

const SCRIPTS = {
  // ARGV: now
  hotGet: `
${readLive(1)}
if not live then return false end
return r[1]`,
  // ARGV: value, expiresAt ('' = none), reclaim px
  hotSet: `
${writeValue(1, 2, 3)}
return 1`,
  // ARGV: now, value, expiresAt ('' = none), reclaim px
  hotSetIfAbsent: `
${readLive(1)}
if live then return 0 end
${writeValue(2, 3, 4)}
return 1`,
  // ARGV: now, by, expiresAt if created ('' = none), reclaim px, max ('' = none). Returns the new value or nil.
  hotIncr: `
${readLive(1)}
local base = 0
if live then
  if not string.match(r[1], '^-?%d+$') then return redis.error_reply('ERR the value is not an integer') end
  base = tonumber(r[1])
end
local by = tonumber(ARGV[2])
if ARGV[5] ~= '' and base + by > tonumber(ARGV[5]) then return false end
if live then return redis.call('HINCRBY', KEYS[1], 'v', by) end
${writeValue(2, 3, 4)}
return by`,
  // ARGV: now, capacity, refillPerSecond, cost, expiresAt, reclaim px. Mirrors takeFromBucket (token-bucket.ts).
  hotTakeToken: `
local r = redis.call('HMGET', KEYS[1], 't', 'a', 'e')
local now, cap, rate, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local tokens = cap
if r[1] and r[2] and not (r[3] and tonumber(r[3]) <= now) then
  tokens = math.min(cap, tonumber(r[1]) + math.max(0, now - tonumber(r[2])) * rate / 1000)
end
local allowed, retry = 0, 0
if tokens + 1e-9 >= cost then
  tokens = math.max(0, tokens - cost)
  allowed = 1
else
  retry = math.ceil((cost - tokens) * 1000 / rate - 1e-9)
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 't', string.format('%.17g', tokens), 'a', ARGV[1], 'e', ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return {allowed, math.floor(tokens + 1e-9), retry}`,
} as const;

type ScriptName = keyof typeof SCRIPTS;

/**
 * The Redis hot store of cluster mode. Reads and writes are Lua scripts taking `now` from the injected
 * clock, so expiry, counters and buckets are atomic and follow the clock. While Redis is away every call
 * rejects quickly with `service_unavailable` and the client keeps reconnecting in the background.
 */
export function createRedisStore(options: RedisStoreOptions): HotStore {
  const clock = options.clock ?? realClock;
  const client = new Redis(options.url, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_WAIT_MS),
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
  });
  let outage = false;
  client.on('error', (err: Error) => {
    if (outage) return;
    outage = true;
    options.log?.warn({ err }, 'redis hot store: connection lost, reconnecting');
  });
  client.on('ready', () => {
    if (outage) options.log?.info('redis hot store: connection back');
    outage = false;
  });
  for (const [name, lua] of Object.entries(SCRIPTS)) client.defineCommand(name, { numberOfKeys: 1, lua });

  const k = (key: string): string => `${options.prefix}:${key}`;
  const run = async <T>(name: ScriptName, key: string, ...args: (string | number)[]): Promise<T> => {
    const command = (client as unknown as Record<ScriptName, (...a: (string | number)[]) => Promise<T>>)[name];
    try {
      return await command.call(client, k(key), ...args);
    } catch (err) {
      throw toStoreError(err);
    }
  };
  const expiresAt = (ttlMs: number | undefined): string => (ttlMs === undefined ? '' : String(clock.now() + ttlMs));
  const reclaimPx = (ttlMs: number | undefined): number => (ttlMs ?? 0) + RECLAIM_GRACE_MS;

  return {
    async get(key) {
      return run<string | null>('hotGet', key, clock.now());
    },
    async set(key, value, opts) {
      checkTtl(opts?.ttlMs);
      await run('hotSet', key, value, expiresAt(opts?.ttlMs), reclaimPx(opts?.ttlMs));
    },
    async setIfAbsent(key, value, opts) {
      checkTtl(opts?.ttlMs);
      return (await run<number>('hotSetIfAbsent', key, clock.now(), value, expiresAt(opts?.ttlMs), reclaimPx(opts?.ttlMs))) === 1;
    },
    async del(key) {
      try {
        await client.del(k(key));
      } catch (err) {
        throw toStoreError(err);
      }
    },
    async incr(key, by = 1, opts) {
      checkInteger('by', by);
      checkTtl(opts?.ttlMs);
      return run<number>('hotIncr', key, clock.now(), by, expiresAt(opts?.ttlMs), reclaimPx(opts?.ttlMs), '');
    },
    async incrUpTo(key, max, opts) {
      checkInteger('max', max);
      checkTtl(opts?.ttlMs);
      return run<number | null>('hotIncr', key, clock.now(), 1, expiresAt(opts?.ttlMs), reclaimPx(opts?.ttlMs), max);
    },
    async takeToken(key: string, bucket: TokenBucketSpec, cost = 1): Promise<TokenBucketResult> {
      checkTokenBucket(bucket, cost);
      const now = clock.now();
      const refillMs = bucketRefillMs(bucket);
      const [allowed, remaining, retryAfterMs] = await run<[number, number, number]>(
        'hotTakeToken', key, now, bucket.capacity, bucket.refillPerSecond, cost, now + refillMs, refillMs + RECLAIM_GRACE_MS,
      );
      return { allowed: allowed === 1, remaining, retryAfterMs };
    },
    async ping() {
      try {
        await client.ping();
      } catch (err) {
        throw toStoreError(err);
      }
    },
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

// A reply error is a caller's bug and passes through; anything else means Redis is not reachable.
function toStoreError(err: unknown): unknown {
  if (err instanceof ReplyError) return err;
  return new SentralError('service_unavailable', { message: 'The hot store (Redis) is unavailable.', cause: err });
}
