import { afterEach, describe, expect, it } from 'vitest';
import type { Bus, KvBucket } from '../../shared/bus/bus.js';
import { BusError } from '../../shared/bus/bus-error.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { createLogger } from '../../shared/log/log.js';
import { PartitionLeases, leaseKey } from '../../control/calls/host/partition-leases.js';
import { PARTITION_LEASES_BUCKET } from '../../protocol/bus/bus-names.js';

// Lease behaviour on the in-process bus with a manual clock: its KV TTL runs on the same clock.

const TTL = 3_000;
const RENEW = 1_000;
const log = createLogger({ level: 'silent' });

/** A bus whose KV operations can be made to fail, as when the network to the server is cut. */
function cuttable(bus: Bus): { bus: Bus; cut(): void } {
  let down = false;
  const fail = (): Promise<never> => Promise.reject(new BusError('unavailable', 'cut off'));
  const wrap = (kv: KvBucket): KvBucket => ({
    create: (k, v) => (down ? fail() : kv.create(k, v)),
    update: (k, v, r) => (down ? fail() : kv.update(k, v, r)),
    put: (k, v) => (down ? fail() : kv.put(k, v)),
    get: (k) => (down ? fail() : kv.get(k)),
    delete: (k, o) => (down ? fail() : kv.delete(k, o)),
    keys: () => (down ? fail() : kv.keys()),
    watch: (h, o) => kv.watch(h, o),
  });
  const proxy = Object.create(bus) as Bus;
  proxy.kv = async (name, options) => wrap(await bus.kv(name, options));
  return { bus: proxy, cut: () => void (down = true) };
}

interface Worker {
  leases: PartitionLeases;
  events: string[];
}

const running: PartitionLeases[] = [];

afterEach(async () => {
  for (const leases of running.splice(0)) await leases.stop();
});

async function startWorker(bus: Bus, clock: ManualClock, workerId: string, partitions: number): Promise<Worker> {
  const events: string[] = [];
  const leases = new PartitionLeases({
    bus,
    clock,
    log,
    workerId,
    partitions,
    ttlMs: TTL,
    renewIntervalMs: RENEW,
    onGained: (p) => void events.push(`+${p}@${clock.now() - start}`),
    onLost: async (p, reason) => void events.push(`-${p}:${reason}@${clock.now() - start}`),
  });
  const start = clock.now();
  running.push(leases);
  await leases.start();
  return { leases, events };
}

describe('partition leases', () => {
  it('a lone worker claims every partition and keeps them by renewing', async () => {
    const clock = new ManualClock();
    const bus = createMemoryBus({ clock });
    const { leases, events } = await startWorker(bus, clock, 'a', 4);
    expect(leases.owned()).toEqual([0, 1, 2, 3]);
    const kv = await bus.kv(PARTITION_LEASES_BUCKET);
    const before = (await kv.get(leaseKey(0)))!.revision;
    await clock.advance(30_000);
    expect(leases.owned()).toEqual([0, 1, 2, 3]);
    expect((await kv.get(leaseKey(0)))!.revision).toBeGreaterThan(before);
    expect(events.filter((e) => e.startsWith('-'))).toEqual([]);
  });

  it('when a second worker joins, the first releases its extras and the second takes them', async () => {
    const clock = new ManualClock();
    const bus = createMemoryBus({ clock });
    const a = await startWorker(bus, clock, 'a', 5);
    const b = await startWorker(bus, clock, 'b', 5);
    await clock.advance(RENEW);
    expect(a.leases.owned()).toHaveLength(3);
    expect(b.leases.owned()).toHaveLength(2);
    expect([...a.leases.owned(), ...b.leases.owned()].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(a.events.filter((e) => e.includes(':released'))).toHaveLength(2);
  });

  it('a lease someone else took over is lost at the next renewal', async () => {
    const clock = new ManualClock();
    const bus = createMemoryBus({ clock });
    const { leases, events } = await startWorker(bus, clock, 'a', 2);
    await (await bus.kv(PARTITION_LEASES_BUCKET)).put(leaseKey(1), new TextEncoder().encode('{"workerId":"intruder"}'));
    await clock.advance(RENEW);
    expect(events).toContain(`-1:lost@${RENEW}`);
    expect(leases.owned()).toEqual([0]);
  });

  it('keeps a lease whose last renewal the server stored but never confirmed (a NATS leader change), and renews on', async () => {
    const clock = new ManualClock();
    const bus = createMemoryBus({ clock });
    const { leases, events } = await startWorker(bus, clock, 'a', 2);
    const kv = await bus.kv(PARTITION_LEASES_BUCKET);
    // The worker's own write, stored behind its back: its compare-and-set on the old revision now fails.
    const landed = await kv.put(leaseKey(1), new TextEncoder().encode('{"workerId":"a","at":0}'));
    await clock.advance(RENEW);
    expect(events.filter((e) => e.startsWith('-'))).toEqual([]);
    expect(leases.owned()).toEqual([0, 1]);
    await clock.advance(RENEW);
    expect((await kv.get(leaseKey(1)))!.revision).toBeGreaterThan(landed);
    expect(leases.owned()).toEqual([0, 1]);
  });

  it('a worker cut off from the bus stops its partitions before their leases can expire', async () => {
    const clock = new ManualClock();
    const { bus, cut } = cuttable(createMemoryBus({ clock }));
    const { leases, events } = await startWorker(bus, clock, 'a', 2);
    await clock.advance(RENEW);
    cut();
    // Last good renewal at 1000: the lease would expire at 4000; it is dropped half a renewal before.
    await clock.advance(TTL - RENEW / 2 - 1);
    expect(leases.owned()).toEqual([0, 1]);
    await clock.advance(1);
    expect(leases.owned()).toEqual([]);
    expect(events.filter((e) => e.startsWith('-')).sort()).toEqual([`-0:lost@${RENEW + TTL - RENEW / 2}`, `-1:lost@${RENEW + TTL - RENEW / 2}`]);
  });

  it("a dead worker's partitions are taken by the survivor once its leases expire", async () => {
    const clock = new ManualClock();
    const memory = createMemoryBus({ clock });
    const { bus: doomedBus, cut } = cuttable(memory);
    const survivor = await startWorker(memory, clock, 'survivor', 4);
    const doomed = await startWorker(doomedBus, clock, 'doomed', 4);
    await clock.advance(RENEW);
    expect(doomed.leases.owned()).toHaveLength(2);
    cut();
    await clock.advance(TTL + RENEW);
    expect(survivor.leases.owned()).toEqual([0, 1, 2, 3]);
  });
});
