/**
 * The HotStore contract: the Redis adapter (cluster) and the memory adapter (standalone) must behave
 * the same, with expiry following the injected clock. A ManualClock moves time; nothing here sleeps.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';
import type { HotStore } from '../../shared/kv/hot-store.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createRedisStore } from '../../shared/kv/redis-store.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';
import { retryUntil } from '../support/eventually.js';

const raw = new Redis(serviceUrls.redis, { lazyConnect: true });
const usedPrefixes: string[] = [];

afterAll(async () => {
  // Keys written without a ttl would stay in the shared Redis for ever.
  for (const prefix of usedPrefixes) {
    const keys = await raw.keys(`${prefix}:*`);
    if (keys.length > 0) await raw.del(...keys);
  }
  raw.disconnect();
});

const adapters: { name: string; make(clock: ManualClock): HotStore }[] = [
  { name: 'memory', make: (clock) => createMemoryStore({ clock }) },
  {
    name: 'redis',
    make: (clock) => {
      const prefix = uniquePrefix('hot');
      usedPrefixes.push(prefix);
      return createRedisStore({ url: serviceUrls.redis, prefix, clock });
    },
  },
];

describe.each(adapters)('HotStore contract: $name', ({ make }) => {
  let clock: ManualClock;
  let store: HotStore;

  beforeEach(() => {
    clock = new ManualClock();
    store = make(clock);
  });
  afterEach(async () => {
    await store.close();
  });

  it('answers ping when it is up', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('reads back what was set, overwrites, and forgets on del', async () => {
    expect(await store.get('a')).toBeNull();
    await store.set('a', 'one');
    expect(await store.get('a')).toBe('one');
    await store.set('a', 'two ✓ with unicode and spaces');
    expect(await store.get('a')).toBe('two ✓ with unicode and spaces');
    await store.del('a');
    expect(await store.get('a')).toBeNull();
    await expect(store.del('never-set')).resolves.toBeUndefined();
  });

  it('keeps a value until its ttl has passed on the clock, then reports it absent', async () => {
    await store.set('session', 'x', { ttlMs: 10_000 });
    await clock.advance(9_999);
    expect(await store.get('session')).toBe('x');
    await clock.advance(1);
    expect(await store.get('session')).toBeNull();
  });

  it('keeps a value set without ttl however far the clock moves', async () => {
    await store.set('forever', 'x');
    await clock.advance(365 * 24 * 3600_000);
    expect(await store.get('forever')).toBe('x');
  });

  it('drops the old ttl when a value is set again without one', async () => {
    await store.set('k', 'short', { ttlMs: 1_000 });
    await store.set('k', 'long');
    await clock.advance(5_000);
    expect(await store.get('k')).toBe('long');
  });

  it('setIfAbsent sets only the first time, and again once the value expired', async () => {
    expect(await store.setIfAbsent('lock', 'first', { ttlMs: 1_000 })).toBe(true);
    expect(await store.setIfAbsent('lock', 'second', { ttlMs: 1_000 })).toBe(false);
    expect(await store.get('lock')).toBe('first');
    await clock.advance(1_000);
    expect(await store.setIfAbsent('lock', 'third')).toBe(true);
    expect(await store.get('lock')).toBe('third');
  });

  it('incr counts from zero, by any step, including down', async () => {
    expect(await store.incr('n')).toBe(1);
    expect(await store.incr('n', 5)).toBe(6);
    expect(await store.incr('n', -2)).toBe(4);
    expect(await store.get('n')).toBe('4');
  });

  it('incr gives a new counter its ttl and never extends it', async () => {
    expect(await store.incr('window', 1, { ttlMs: 60_000 })).toBe(1);
    await clock.advance(30_000);
    expect(await store.incr('window', 1, { ttlMs: 60_000 })).toBe(2);
    await clock.advance(29_999);
    expect(await store.get('window')).toBe('2');
    await clock.advance(1);
    expect(await store.get('window')).toBeNull();
    expect(await store.incr('window', 1, { ttlMs: 60_000 })).toBe(1);
  });

  it('incr without ttl keeps the expiry a counter already has', async () => {
    await store.incr('c', 1, { ttlMs: 1_000 });
    await store.incr('c');
    await clock.advance(1_000);
    expect(await store.get('c')).toBeNull();
  });

  it('incr refuses a value that is not a whole number', async () => {
    await store.set('text', 'hello');
    await expect(store.incr('text')).rejects.toThrow();
    expect(await store.get('text')).toBe('hello');
  });

  it('incrUpTo counts up to max, then refuses without changing the counter', async () => {
    for (let i = 1; i <= 3; i++) expect(await store.incrUpTo('slots', 3)).toBe(i);
    expect(await store.incrUpTo('slots', 3)).toBeNull();
    expect(await store.get('slots')).toBe('3');
    expect(await store.incr('slots', -1)).toBe(2);
    expect(await store.incrUpTo('slots', 3)).toBe(3);
  });

  it('incrUpTo lets exactly max of 50 concurrent callers through', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => store.incrUpTo('streams', 5, { ttlMs: 60_000 })));
    const granted = results.filter((r) => r !== null);
    expect(granted.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await store.get('streams')).toBe('5');
  });

  it('incrUpTo gives a new counter its ttl', async () => {
    expect(await store.incrUpTo('per-minute', 2, { ttlMs: 60_000 })).toBe(1);
    expect(await store.incrUpTo('per-minute', 2, { ttlMs: 60_000 })).toBe(2);
    expect(await store.incrUpTo('per-minute', 2, { ttlMs: 60_000 })).toBeNull();
    await clock.advance(60_000);
    expect(await store.incrUpTo('per-minute', 2, { ttlMs: 60_000 })).toBe(1);
  });

  it('a token bucket allows a burst up to capacity, then refuses with the wait until the next token', async () => {
    const bucket = { capacity: 5, refillPerSecond: 1 };
    for (let left = 4; left >= 0; left--) expect(await store.takeToken('api', bucket)).toEqual({ allowed: true, remaining: left, retryAfterMs: 0 });
    expect(await store.takeToken('api', bucket)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 1_000 });
    await clock.advance(999);
    expect(await store.takeToken('api', bucket)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 1 });
    await clock.advance(1);
    expect(await store.takeToken('api', bucket)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
  });

  it('a token bucket refills continuously and never above capacity', async () => {
    const bucket = { capacity: 10, refillPerSecond: 4 };
    for (let i = 0; i < 10; i++) await store.takeToken('b', bucket);
    await clock.advance(500);
    expect(await store.takeToken('b', bucket)).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
    await clock.advance(3_600_000);
    expect(await store.takeToken('b', bucket)).toEqual({ allowed: true, remaining: 9, retryAfterMs: 0 });
  });

  it('a token bucket takes a cost above one and says how long until that many are back', async () => {
    const bucket = { capacity: 10, refillPerSecond: 2 };
    expect(await store.takeToken('cost', bucket, 7)).toEqual({ allowed: true, remaining: 3, retryAfterMs: 0 });
    expect(await store.takeToken('cost', bucket, 5)).toEqual({ allowed: false, remaining: 3, retryAfterMs: 1_000 });
    // A refused take consumed nothing: a single token still goes through.
    expect(await store.takeToken('cost', bucket, 1)).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0 });
    expect(await store.takeToken('cost', bucket, 5)).toEqual({ allowed: false, remaining: 2, retryAfterMs: 1_500 });
    await clock.advance(1_500);
    expect(await store.takeToken('cost', bucket, 5)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
  });

  it('a token bucket with a slow refill rounds the wait up to the whole millisecond', async () => {
    const bucket = { capacity: 1, refillPerSecond: 3 };
    await store.takeToken('slow', bucket);
    expect(await store.takeToken('slow', bucket)).toEqual({ allowed: false, remaining: 0, retryAfterMs: 334 });
    await clock.advance(333);
    expect((await store.takeToken('slow', bucket)).allowed).toBe(false);
    await clock.advance(1);
    expect((await store.takeToken('slow', bucket)).allowed).toBe(true);
  });

  it('a token bucket lets exactly capacity of 30 concurrent takes through', async () => {
    const bucket = { capacity: 10, refillPerSecond: 1 };
    const results = await Promise.all(Array.from({ length: 30 }, () => store.takeToken('rush', bucket)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('buckets of different keys are independent, and del resets one', async () => {
    const bucket = { capacity: 1, refillPerSecond: 1 };
    expect((await store.takeToken('k1', bucket)).allowed).toBe(true);
    expect((await store.takeToken('k2', bucket)).allowed).toBe(true);
    expect((await store.takeToken('k1', bucket)).allowed).toBe(false);
    await store.del('k1');
    expect((await store.takeToken('k1', bucket)).allowed).toBe(true);
  });

  it('a key holding a bucket reads as absent and a set replaces it', async () => {
    const bucket = { capacity: 2, refillPerSecond: 1 };
    await store.takeToken('mixed', bucket, 2);
    expect(await store.get('mixed')).toBeNull();
    await store.set('mixed', 'v');
    expect(await store.get('mixed')).toBe('v');
    expect(await store.takeToken('mixed', bucket, 2)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
  });

  it('refuses arguments no counter or bucket can serve', async () => {
    await expect(store.set('k', 'v', { ttlMs: 0 })).rejects.toThrow(RangeError);
    await expect(store.set('k', 'v', { ttlMs: 1.5 })).rejects.toThrow(RangeError);
    await expect(store.incr('k', 0.5)).rejects.toThrow(RangeError);
    await expect(store.incrUpTo('k', Number.NaN)).rejects.toThrow(RangeError);
    await expect(store.takeToken('k', { capacity: 2, refillPerSecond: 1 }, 3)).rejects.toThrow(RangeError);
    await expect(store.takeToken('k', { capacity: 0, refillPerSecond: 1 })).rejects.toThrow(RangeError);
    await expect(store.takeToken('k', { capacity: 1, refillPerSecond: -1 })).rejects.toThrow(RangeError);
    expect(await store.get('k')).toBeNull();
  });
});

describe('Redis hot store specifics', () => {
  it('puts the prefix in front of every key and lets Redis reclaim expiring keys', async () => {
    const prefix = uniquePrefix('hot');
    usedPrefixes.push(prefix);
    const store = createRedisStore({ url: serviceUrls.redis, prefix, clock: new ManualClock() });
    await store.set('a', '1', { ttlMs: 5_000 });
    await store.takeToken('b', { capacity: 1, refillPerSecond: 1 });
    await store.set('c', '1');
    expect((await raw.keys(`${prefix}:*`)).sort()).toEqual([`${prefix}:a`, `${prefix}:b`, `${prefix}:c`]);
    expect(await raw.pttl(`${prefix}:a`)).toBeGreaterThan(5_000);
    expect(await raw.pttl(`${prefix}:b`)).toBeGreaterThan(1_000);
    expect(await raw.pttl(`${prefix}:c`)).toBe(-1);
    await store.close();
  });

  it('two prefixes never see each other’s keys', async () => {
    const [p1, p2] = [uniquePrefix('hot'), uniquePrefix('hot')];
    usedPrefixes.push(p1, p2);
    const one = createRedisStore({ url: serviceUrls.redis, prefix: p1 });
    const two = createRedisStore({ url: serviceUrls.redis, prefix: p2 });
    await one.set('shared-name', 'one');
    expect(await two.get('shared-name')).toBeNull();
    await Promise.all([one.close(), two.close()]);
  });

  it('rejects fast with service_unavailable while Redis is away and recovers when it returns', async () => {
    const proxy = await startProxy(0);
    const prefix = uniquePrefix('hot');
    usedPrefixes.push(prefix);
    const store = createRedisStore({ url: `redis://127.0.0.1:${proxy.port}`, prefix });
    let back: Proxy | undefined;
    try {
      await store.set('k', 'v');
      await proxy.stop();

      for (let i = 0; i < 2; i++) {
        const started = performance.now();
        const err = await store.ping().then(() => null, (e: unknown) => e);
        expect(isSentralError(err, 'service_unavailable')).toBe(true);
        expect(performance.now() - started).toBeLessThan(2_000);
      }
      await expect(store.get('k')).rejects.toSatisfy((e) => isSentralError(e, 'service_unavailable'));

      back = await startProxy(proxy.port);
      await retryUntil(() => store.ping(), 5_000);
      expect(await store.get('k')).toBe('v');
    } finally {
      await store.close();
      await back?.stop();
    }
  });
});

interface Proxy {
  port: number;
  stop(): Promise<void>;
}

// A TCP relay in front of the shared Redis, so a test can take "Redis" away without stopping the real one.
async function startProxy(port: number): Promise<Proxy> {
  const target = new URL(serviceUrls.redis);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

