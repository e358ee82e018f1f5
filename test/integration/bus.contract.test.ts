import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import type { Bus, BusMessage, KvWatchEvent } from '../../shared/bus/bus.js';
import { isBusError } from '../../shared/bus/bus-error.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { MAX_DELIVERIES } from '../../shared/bus/bus-defaults.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';

// One contract, two adapters: the in-process bus (standalone) and NATS JetStream (cluster).

interface Adapter {
  bus: Bus;
  cleanup(): Promise<void>;
}

const adapters: Array<[string, () => Promise<Adapter>]> = [
  [
    'memory',
    async () => {
      const bus = createMemoryBus({ prefix: uniquePrefix('bus') });
      return { bus, cleanup: () => bus.close() };
    },
  ],
  [
    'nats',
    async () => {
      const prefix = uniquePrefix('bus');
      const bus = await createNatsBus({ url: serviceUrls.nats, prefix, name: 'bus-contract-test' });
      return {
        bus,
        async cleanup() {
          await bus.close();
          await deleteNatsPrefix(prefix);
        },
      };
    },
  ],
];

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array | null): string | null => (b ? new TextDecoder().decode(b) : null);

/** A queue of things that arrive by callback; `next()` awaits the next one (failing after a guard time). */
function inbox<T>(): { push(item: T): void; next(guardMs?: number): Promise<T> } {
  const items: T[] = [];
  const waiters: Array<(item: T) => void> = [];
  return {
    push(item) {
      const waiter = waiters.shift();
      if (waiter) waiter(item);
      else items.push(item);
    },
    next(guardMs = 5_000) {
      if (items.length > 0) return Promise.resolve(items.shift() as T);
      return new Promise<T>((resolve, reject) => {
        const waiter = (item: T): void => {
          clearTimeout(guard);
          resolve(item);
        };
        const guard = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`nothing arrived within ${guardMs} ms`));
        }, guardMs);
        waiters.push(waiter);
      });
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe.each(adapters)('bus contract: %s', (_name, factory) => {
  let adapter: Adapter;
  let bus: Bus;
  let n = 0;

  /** A fresh workqueue or limits stream on its own subjects, so tests never see each other's messages. */
  async function freshStream(retention: 'workqueue' | 'limits' = 'workqueue'): Promise<{ stream: string; subject: string }> {
    n++;
    const stream = `s${n}`;
    await bus.ensureStream({ name: stream, subjects: [`s${n}.>`], retention });
    return { stream, subject: `s${n}` };
  }

  beforeAll(async () => {
    adapter = await factory();
    bus = adapter.bus;
  });

  afterAll(async () => {
    await adapter?.cleanup();
  });

  it('answers ping while connected', async () => {
    await expect(bus.ping()).resolves.toBeUndefined();
  });

  it('delivers in order with relative subjects, each message once when acked', async () => {
    const { stream, subject } = await freshStream();
    for (const body of ['a', 'b', 'c']) await bus.publish(`${subject}.call_1`, enc(body));
    const got = inbox<BusMessage>();
    const sub = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>` }, async (m) => {
      got.push(m);
      await m.ack();
    });
    const seen = [await got.next(), await got.next(), await got.next()];
    expect(seen.map((m) => dec(m.data))).toEqual(['a', 'b', 'c']);
    expect(seen.map((m) => m.subject)).toEqual([`${subject}.call_1`, `${subject}.call_1`, `${subject}.call_1`]);
    expect(seen.every((m) => m.deliveryCount === 1)).toBe(true);
    expect(seen[1]!.seq).toBeGreaterThan(seen[0]!.seq);
    await sub.stop();
  });

  it('drops a second publish with the same msgId and reports it as a duplicate', async () => {
    const { stream, subject } = await freshStream();
    const first = await bus.publish(`${subject}.x`, enc('one'), { msgId: 'cmd_1' });
    const again = await bus.publish(`${subject}.x`, enc('one again'), { msgId: 'cmd_1' });
    await bus.publish(`${subject}.x`, enc('two'), { msgId: 'cmd_2' });
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ seq: first.seq, duplicate: true });
    const got = inbox<string | null>();
    const sub = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>` }, async (m) => {
      got.push(dec(m.data));
      await m.ack();
    });
    expect([await got.next(), await got.next()]).toEqual(['one', 'two']);
    await sub.stop();
  });

  it('rejects a publish no stream takes with no_responders', async () => {
    const err = await rejection(bus.publish('nostream.here', enc('x')));
    expect(isBusError(err, 'no_responders')).toBe(true);
  });

  it('redelivers at once to the next consumer of the same durable when one stops without acking', async () => {
    const { stream, subject } = await freshStream();
    await bus.publish(`${subject}.x`, enc('work'));
    const first = inbox<BusMessage>();
    const sub1 = await bus.consume({ stream, durable: 'owner', filterSubject: `${subject}.>` }, (m) => first.push(m));
    const m1 = await first.next();
    await sub1.stop();
    const second = inbox<BusMessage>();
    const sub2 = await bus.consume({ stream, durable: 'owner', filterSubject: `${subject}.>` }, async (m) => {
      second.push(m);
      await m.ack();
    });
    const m2 = await second.next();
    expect(m2.seq).toBe(m1.seq);
    expect(m2.deliveryCount).toBe(2);
    expect(dec(m2.data)).toBe('work');
    await sub2.stop();
  });

  it('redelivers a message whose ack wait expired', async () => {
    const { stream, subject } = await freshStream();
    await bus.publish(`${subject}.x`, enc('slow'));
    const got = inbox<{ m: BusMessage; at: number }>();
    const sub = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>`, ackWaitMs: 500 }, async (m) => {
      got.push({ m, at: Date.now() });
      if (m.deliveryCount > 1) await m.ack();
    });
    const a = await got.next();
    const b = await got.next();
    expect(b.m.seq).toBe(a.m.seq);
    expect(b.m.deliveryCount).toBe(2);
    expect(b.at - a.at).toBeGreaterThanOrEqual(450);
    await sub.stop();
  });

  it('honours a nak delay: not redelivered before it, redelivered after it, ahead of newer messages', async () => {
    const { stream, subject } = await freshStream();
    await bus.publish(`${subject}.x`, enc('first'));
    const got = inbox<{ m: BusMessage; at: number }>();
    const sub = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>` }, async (m) => {
      got.push({ m, at: Date.now() });
      if (m.deliveryCount === 1 && dec(m.data) === 'first') await m.nak(800);
      else await m.ack();
    });
    const a = await got.next();
    await bus.publish(`${subject}.x`, enc('second'));
    const b = await got.next();
    expect(dec(b.m.data)).toBe('first');
    expect(b.m.deliveryCount).toBe(2);
    expect(b.at - a.at).toBeGreaterThanOrEqual(750);
    expect(dec((await got.next()).m.data)).toBe('second');
    await sub.stop();
  });

  it('redelivers a nak without delay at once', async () => {
    const { stream, subject } = await freshStream();
    await bus.publish(`${subject}.x`, enc('retry'));
    const got = inbox<BusMessage>();
    const sub = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>` }, async (m) => {
      got.push(m);
      if (m.deliveryCount === 1) await m.nak();
      else await m.ack();
    });
    await got.next();
    expect((await got.next(1_000)).deliveryCount).toBe(2);
    await sub.stop();
  });

  it('naks and later redelivers a message whose handler throws', async () => {
    const { stream, subject } = await freshStream();
    await bus.publish(`${subject}.x`, enc('boom'));
    const got = inbox<BusMessage>();
    const sub = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>` }, async (m) => {
      got.push(m);
      if (m.deliveryCount === 1) throw new Error('handler bug');
      await m.ack();
    });
    const a = await got.next();
    const b = await got.next();
    expect(b.seq).toBe(a.seq);
    expect(b.deliveryCount).toBe(2);
    await sub.stop();
  });

  it(`gives a message up after ${MAX_DELIVERIES} deliveries (the default maximum) and moves on to the next`, async () => {
    const { stream, subject } = await freshStream();
    await bus.publish(`${subject}.x`, enc('poison'));
    await bus.publish(`${subject}.x`, enc('next'));
    const poison: number[] = [];
    const next = inbox<BusMessage>();
    const sub = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>` }, async (m) => {
      if (dec(m.data) === 'poison') {
        poison.push(m.deliveryCount);
        await m.nak();
      } else {
        next.push(m);
        await m.ack();
      }
    });
    // With one message in flight, "next" comes only once "poison" is given up.
    expect(dec((await next.next(10_000)).data)).toBe('next');
    expect(poison).toEqual(Array.from({ length: MAX_DELIVERIES }, (_, i) => i + 1));
    // Nothing comes back: a marker published now is the next thing delivered.
    await bus.publish(`${subject}.x`, enc('marker'));
    expect(dec((await next.next()).data)).toBe('marker');
    expect(poison).toHaveLength(MAX_DELIVERIES);
    await sub.stop();
  });

  it('caps deliveries at the maxDeliveries a consumer asks for', async () => {
    const { stream, subject } = await freshStream();
    await bus.publish(`${subject}.x`, enc('poison'));
    await bus.publish(`${subject}.x`, enc('next'));
    const deliveries: number[] = [];
    const next = inbox<string | null>();
    const sub = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>`, maxDeliveries: 3 }, async (m) => {
      if (dec(m.data) === 'poison') {
        deliveries.push(m.deliveryCount);
        throw new Error('fails every time');
      }
      next.push(dec(m.data));
      await m.ack();
    });
    // A throwing handler's nak waits HANDLER_FAILURE_NAK_DELAY_MS between deliveries.
    expect(await next.next(10_000)).toBe('next');
    expect(deliveries).toEqual([1, 2, 3]);
    await sub.stop();
  });

  it('removes acked messages from a workqueue stream; a limits stream keeps them', async () => {
    for (const retention of ['workqueue', 'limits'] as const) {
      const { stream, subject } = await freshStream(retention);
      await bus.publish(`${subject}.x`, enc('done'));
      await bus.publish(`${subject}.x`, enc('pending'));
      const got = inbox<BusMessage>();
      const sub1 = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>` }, async (m) => {
        got.push(m);
        if (dec(m.data) === 'done') await m.ack();
      });
      expect(dec((await got.next()).data)).toBe('done');
      expect(dec((await got.next()).data)).toBe('pending');
      await sub1.stop();
      await bus.deleteConsumer(stream, 'd');
      const again = inbox<string | null>();
      const sub2 = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>` }, async (m) => {
        again.push(dec(m.data));
        await m.ack();
      });
      expect(await again.next()).toBe(retention === 'workqueue' ? 'pending' : 'done');
      await sub2.stop();
    }
  });

  it('reports a consumer\'s backlog: messages not acked, delivered or not, and when the oldest was stored', async () => {
    for (const retention of ['workqueue', 'limits'] as const) {
      const { stream, subject } = await freshStream(retention);
      const got = inbox<BusMessage>();
      const sub = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>` }, (m) => got.push(m));
      expect(await bus.backlog(stream)).toEqual([{ durable: 'd', pending: 0, oldestStoredAt: null }]);
      const before = Date.now();
      await bus.publish(`${subject}.a`, enc('1'));
      const between = Date.now();
      await bus.publish(`${subject}.b`, enc('2'));
      const after = Date.now();
      await bus.publish(`${subject}.a`, enc('3'));
      const first = await got.next();
      const [held] = await bus.backlog(stream);
      expect(held).toMatchObject({ durable: 'd', pending: 3 });
      expect(held!.oldestStoredAt).toBeGreaterThanOrEqual(before);
      expect(held!.oldestStoredAt).toBeLessThanOrEqual(between);
      await first.ack();
      await (await got.next()).ack();
      // The third delivered: the second's ack has been taken (one in flight at a time).
      const third = await got.next();
      const [rest] = await bus.backlog(stream);
      expect(rest!.pending).toBe(1);
      expect(rest!.oldestStoredAt).toBeGreaterThanOrEqual(after);
      await third.ack();
      await sub.stop();
    }
  });

  it('runs up to maxInFlight handlers at once', async () => {
    const { stream, subject } = await freshStream();
    await bus.publish(`${subject}.x`, enc('1'));
    await bus.publish(`${subject}.x`, enc('2'));
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const got = inbox<string | null>();
    const sub = await bus.consume({ stream, durable: 'd', filterSubject: `${subject}.>`, maxInFlight: 2 }, async (m) => {
      got.push(dec(m.data));
      // The first handler finishes only once the second has started: impossible with strict order.
      if (dec(m.data) === '1') await firstHeld;
      else releaseFirst();
      await m.ack();
    });
    expect([await got.next(), await got.next()]).toEqual(['1', '2']);
    await sub.stop();
  });

  it('answers a request and maps timeouts, missing responders and responder failures', async () => {
    const echo = await bus.serve('rpc.echo', (data) => enc(`echo:${dec(data)}`));
    const silent = await bus.serve('rpc.silent', () => new Promise<Uint8Array>(() => undefined));
    const broken = await bus.serve('rpc.broken', () => {
      throw new Error('responder bug');
    });
    expect(dec(await bus.request('rpc.echo', enc('hi'), { timeoutMs: 2_000 }))).toBe('echo:hi');
    expect(isBusError(await rejection(bus.request('rpc.silent', enc('x'), { timeoutMs: 200 })), 'request_timeout')).toBe(true);
    expect(isBusError(await rejection(bus.request('rpc.nobody', enc('x'), { timeoutMs: 2_000 })), 'no_responders')).toBe(true);
    expect(isBusError(await rejection(bus.request('rpc.broken', enc('x'), { timeoutMs: 2_000 })), 'handler_failed')).toBe(true);
    await echo.stop();
    expect(isBusError(await rejection(bus.request('rpc.echo', enc('x'), { timeoutMs: 2_000 })), 'no_responders')).toBe(true);
    await silent.stop();
    await broken.stop();
  });

  it('delivers each request to one member of a queue group', async () => {
    const counts = [0, 0, 0];
    const members = await Promise.all(
      counts.map((_, i) =>
        bus.serve(
          'rpc.q',
          (data) => {
            counts[i]!++;
            return data;
          },
          { queue: 'workers' },
        ),
      ),
    );
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => bus.request('rpc.q', enc(`r${i}`), { timeoutMs: 2_000 })));
    expect(replies.map(dec)).toEqual(Array.from({ length: 30 }, (_, i) => `r${i}`));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    await Promise.all(members.map((m) => m.stop()));
  });

  it('notifies subscribers matching a wildcard with the relative subject', async () => {
    const got = inbox<[string, string | null]>();
    const sub = await bus.subscribe('wake.*', (subject, data) => got.push([subject, dec(data)]));
    await bus.notify('other.a', enc('no'));
    await bus.notify('wake.dispatcher', enc('yes'));
    expect(await got.next()).toEqual(['wake.dispatcher', 'yes']);
    await sub.stop();
  });

  it('refuses a KV create of an existing key and allows it again after a delete', async () => {
    const kv = await bus.kv('leases');
    const rev = await kv.create('p.1', enc('w1'));
    expect(isBusError(await rejection(kv.create('p.1', enc('w2'))), 'kv_key_exists')).toBe(true);
    expect(dec((await kv.get('p.1'))!.value)).toBe('w1');
    expect((await kv.get('p.1'))!.revision).toBe(rev);
    await kv.delete('p.1');
    expect(await kv.get('p.1')).toBeNull();
    expect(await kv.create('p.1', enc('w2'))).toBeGreaterThan(rev);
  });

  it('refuses a KV update or delete at a stale revision', async () => {
    const kv = await bus.kv('cas');
    const r1 = await kv.put('k', enc('v1'));
    const r2 = await kv.update('k', enc('v2'), r1);
    expect(r2).toBeGreaterThan(r1);
    expect(isBusError(await rejection(kv.update('k', enc('v3'), r1)), 'kv_wrong_revision')).toBe(true);
    expect(isBusError(await rejection(kv.update('k', enc('v3'), 0)), 'kv_wrong_revision')).toBe(true);
    expect(isBusError(await rejection(kv.delete('k', { revision: r1 })), 'kv_wrong_revision')).toBe(true);
    expect(dec((await kv.get('k'))!.value)).toBe('v2');
    await kv.delete('k', { revision: r2 });
    expect(await kv.get('k')).toBeNull();
    expect(await kv.keys()).toEqual([]);
  });

  it('rejects invalid KV keys', async () => {
    const kv = await bus.kv('keys');
    for (const key of ['', 'a b', 'a.*', 'a.>', '.a', 'a..b', 'ä', 'a\nb']) {
      expect(isBusError(await rejection(kv.put(key, enc('x'))), 'invalid_key')).toBe(true);
    }
  });

  it('lists live KV keys', async () => {
    const kv = await bus.kv('list');
    await kv.put('node.a', enc('1'));
    await kv.put('node.b', enc('1'));
    await kv.put('node.c', enc('1'));
    await kv.delete('node.b');
    expect((await kv.keys()).sort()).toEqual(['node.a', 'node.c']);
  });

  it('expires KV entries after the bucket TTL', async () => {
    const kv = await bus.kv('ttl', { ttlMs: 1_000 });
    await kv.put('lease', enc('x'));
    expect(await kv.get('lease')).not.toBeNull();
    const deadline = Date.now() + 6_000;
    while ((await kv.get('lease')) !== null) {
      if (Date.now() > deadline) throw new Error('the entry did not expire');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await kv.keys()).toEqual([]);
    expect(await kv.create('lease', enc('y'))).toBeGreaterThan(0);
  });

  it('tells KV watchers about puts and deletes of matching keys', async () => {
    const kv = await bus.kv('watch');
    await kv.put('node.old', enc('before the watch'));
    const events = inbox<KvWatchEvent>();
    const watch = await kv.watch((e) => events.push(e), { key: 'node.*' });
    await kv.put('other.x', enc('not watched'));
    const rev = await kv.put('node.n1', enc('up'));
    await kv.delete('node.n1');
    const put = await events.next();
    expect(put).toMatchObject({ key: 'node.n1', revision: rev, operation: 'PUT' });
    expect(dec(put.value)).toBe('up');
    const del = await events.next();
    expect(del).toMatchObject({ key: 'node.n1', value: null, operation: 'DEL' });
    expect(del.revision).toBeGreaterThan(rev);
    await watch.stop();
  });
});
