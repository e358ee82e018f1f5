import { describe, expect, it } from 'vitest';
import type { BusMessage, KvWatchEvent } from '../../shared/bus/bus.js';
import { isBusError } from '../../shared/bus/bus-error.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';

// The in-process bus on a manual clock: the long schedules (default ack wait, duplicate window, TTLs)
// that the contract suite cannot wait out in real time.

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array | null): string | null => (b ? new TextDecoder().decode(b) : null);

function setup() {
  const clock = new ManualClock();
  const bus = createMemoryBus({ clock });
  return { clock, bus };
}

describe('memory bus on a manual clock', () => {
  it('redelivers an unacked message after the default 30 s ack wait, not before', async () => {
    const { clock, bus } = setup();
    await bus.ensureStream({ name: 'cmd', subjects: ['cmd.>'], retention: 'workqueue' });
    await bus.publish('cmd.1', enc('x'));
    const got: BusMessage[] = [];
    await bus.consume({ stream: 'cmd', durable: 'w', filterSubject: 'cmd.>' }, (m) => void got.push(m));
    await clock.advance(0);
    expect(got.map((m) => m.deliveryCount)).toEqual([1]);
    await clock.advance(29_999);
    expect(got).toHaveLength(1);
    await clock.advance(1);
    expect(got.map((m) => m.deliveryCount)).toEqual([1, 2]);
    await bus.close();
  });

  it('holds back newer messages while the only in-flight message is unacked (strict order)', async () => {
    const { clock, bus } = setup();
    await bus.ensureStream({ name: 'cmd', subjects: ['cmd.>'], retention: 'workqueue' });
    await bus.publish('cmd.1', enc('first'));
    await bus.publish('cmd.1', enc('second'));
    const got: BusMessage[] = [];
    await bus.consume({ stream: 'cmd', durable: 'w', filterSubject: 'cmd.>', ackWaitMs: 1_000 }, (m) => void got.push(m));
    await clock.advance(500);
    expect(got.map((m) => dec(m.data))).toEqual(['first']);
    await got[0]!.nak(5_000);
    await clock.advance(4_999);
    expect(got.map((m) => dec(m.data))).toEqual(['first']);
    await clock.advance(1);
    expect(got.map((m) => dec(m.data))).toEqual(['first', 'first']);
    await got[1]!.ack();
    await clock.advance(0);
    expect(got.map((m) => dec(m.data))).toEqual(['first', 'first', 'second']);
    await bus.close();
  });

  it('working() pushes the ack wait back', async () => {
    const { clock, bus } = setup();
    await bus.ensureStream({ name: 'cmd', subjects: ['cmd.>'], retention: 'workqueue' });
    await bus.publish('cmd.1', enc('x'));
    const got: BusMessage[] = [];
    await bus.consume({ stream: 'cmd', durable: 'w', filterSubject: 'cmd.>', ackWaitMs: 1_000 }, (m) => void got.push(m));
    await clock.advance(800);
    await got[0]!.working();
    await clock.advance(800);
    expect(got).toHaveLength(1);
    await clock.advance(200);
    expect(got).toHaveLength(2);
    await bus.close();
  });

  it('never redelivers a terminated message and drops it from a workqueue stream', async () => {
    const { clock, bus } = setup();
    await bus.ensureStream({ name: 'cmd', subjects: ['cmd.>'], retention: 'workqueue' });
    await bus.publish('cmd.1', enc('poison'));
    await bus.publish('cmd.1', enc('next'));
    const got: BusMessage[] = [];
    const sub = await bus.consume({ stream: 'cmd', durable: 'w', filterSubject: 'cmd.>', ackWaitMs: 1_000 }, async (m) => {
      got.push(m);
      if (dec(m.data) === 'poison') await m.term();
      else await m.ack();
    });
    await clock.advance(10_000);
    expect(got.map((m) => dec(m.data))).toEqual(['poison', 'next']);
    await sub.stop();
    await bus.deleteConsumer('cmd', 'w');
    const again: BusMessage[] = [];
    await bus.consume({ stream: 'cmd', durable: 'w', filterSubject: 'cmd.>' }, (m) => void again.push(m));
    await clock.advance(0);
    expect(again).toEqual([]);
    await bus.close();
  });

  it('stores a repeated msgId again once the duplicate window has passed', async () => {
    const { clock, bus } = setup();
    await bus.ensureStream({ name: 'cmd', subjects: ['cmd.>'], retention: 'limits', duplicateWindowMs: 60_000 });
    const a = await bus.publish('cmd.1', enc('x'), { msgId: 'm' });
    await clock.advance(59_999);
    expect(await bus.publish('cmd.1', enc('x'), { msgId: 'm' })).toEqual({ seq: a.seq, duplicate: true });
    await clock.advance(1);
    expect(await bus.publish('cmd.1', enc('x'), { msgId: 'm' })).toEqual({ seq: a.seq + 1, duplicate: false });
    await bus.close();
  });

  it('drops stream messages older than maxAgeMs', async () => {
    const { clock, bus } = setup();
    await bus.ensureStream({ name: 'ev', subjects: ['ev.>'], retention: 'limits', maxAgeMs: 10_000 });
    await bus.publish('ev.1', enc('old'));
    await clock.advance(6_000);
    await bus.publish('ev.1', enc('young'));
    await clock.advance(5_000);
    const got: string[] = [];
    await bus.consume({ stream: 'ev', durable: 'r', filterSubject: 'ev.>' }, async (m) => {
      got.push(dec(m.data) ?? '');
      await m.ack();
    });
    await clock.advance(0);
    expect(got).toEqual(['young']);
    await bus.close();
  });

  it('times out a request on the clock', async () => {
    const { clock, bus } = setup();
    await bus.serve('media.n1', () => new Promise<Uint8Array>(() => undefined));
    const pending = bus.request('media.n1', enc('op'), { timeoutMs: 5_000 }).catch((e: unknown) => e);
    await clock.advance(5_000);
    expect(isBusError(await pending, 'request_timeout')).toBe(true);
    await bus.close();
  });

  it('expires a KV entry at its TTL and tells watchers with a DEL when it notices', async () => {
    const { clock, bus } = setup();
    const kv = await bus.kv('leases', { ttlMs: 15_000 });
    const events: KvWatchEvent[] = [];
    await kv.watch((e) => void events.push(e));
    const rev = await kv.create('p.1', enc('w1'));
    await clock.advance(14_999);
    expect((await kv.get('p.1'))?.revision).toBe(rev);
    await clock.advance(1);
    expect(await kv.get('p.1')).toBeNull();
    await clock.advance(0);
    expect(events.map((e) => [e.key, e.operation])).toEqual([
      ['p.1', 'PUT'],
      ['p.1', 'DEL'],
    ]);
    expect(isBusError(await kv.update('p.1', enc('w1'), rev).catch((e: unknown) => e), 'kv_wrong_revision')).toBe(true);
    expect(await kv.create('p.1', enc('w2'))).toBeGreaterThan(rev);
    await bus.close();
  });

  it('renewing a KV entry restarts its TTL', async () => {
    const { clock, bus } = setup();
    const kv = await bus.kv('leases', { ttlMs: 15_000 });
    let rev = await kv.create('p.1', enc('w1'));
    for (let i = 0; i < 5; i++) {
      await clock.advance(10_000);
      rev = await kv.update('p.1', enc('w1'), rev);
    }
    expect((await kv.get('p.1'))?.revision).toBe(rev);
    await bus.close();
  });

  it('keeps stored data apart from the caller buffer it was given', async () => {
    const { clock, bus } = setup();
    await bus.ensureStream({ name: 'cmd', subjects: ['cmd.>'], retention: 'workqueue' });
    const buf = enc('abc');
    await bus.publish('cmd.1', buf);
    buf[0] = 120;
    const kv = await bus.kv('b');
    const value = enc('v');
    await kv.put('k', value);
    value[0] = 120;
    const got: string[] = [];
    await bus.consume({ stream: 'cmd', durable: 'w', filterSubject: 'cmd.>' }, (m) => void got.push(dec(m.data) ?? ''));
    await clock.advance(0);
    expect(got).toEqual(['abc']);
    expect(dec((await kv.get('k'))!.value)).toBe('v');
    await bus.close();
  });

  it('settles waiting requests and refuses further calls once closed', async () => {
    const { bus } = setup();
    await bus.serve('rpc', () => new Promise<Uint8Array>(() => undefined));
    const pending = bus.request('rpc', enc('x'), { timeoutMs: 60_000 }).catch((e: unknown) => e);
    await bus.close();
    expect(isBusError(await pending, 'closed')).toBe(true);
    expect(isBusError(await bus.ping().catch((e: unknown) => e), 'closed')).toBe(true);
    expect(isBusError(await bus.publish('x', enc('x')).catch((e: unknown) => e), 'closed')).toBe(true);
  });

  it('rejects consuming a stream that does not exist', async () => {
    const { bus } = setup();
    const err = await bus.consume({ stream: 'nope', durable: 'w', filterSubject: 'x.>' }, () => undefined).catch((e: unknown) => e);
    expect(isBusError(err, 'not_found')).toBe(true);
    await bus.close();
  });
});
