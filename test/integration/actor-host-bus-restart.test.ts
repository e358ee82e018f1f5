import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../../shared/bus/bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { createLogger } from '../../shared/log/log.js';
import { DEFAULT_LEASE_TTL_MS, startActorHost, type ActorHost } from '../../control/calls/host/actor-host.js';
import { leaseKey } from '../../control/calls/host/partition-leases.js';
import { PARTITION_LEASES_BUCKET } from '../../protocol/bus/bus-names.js';
import { counterMachine } from './actor-host-toy.js';
import { openActorDatabase } from './actor-host-harness.js';
import { privateNats, type PrivateService } from '../support/private-services.js';
import { eventually } from '../support/eventually.js';
import { uniquePrefix } from '../support/services.js';

// A private nats-server that the test stops and starts (the shared one serves every other test file), and
// a worker on the default lease settings (TTL 10 s, renewed every 2 s).
const PARTITIONS = 4;
const all = [...Array(PARTITIONS).keys()];

describe('partition leases across a NATS restart', () => {
  let nats: PrivateService;
  let db: Awaited<ReturnType<typeof openActorDatabase>>;
  let bus: Bus;
  let observer: Bus;
  let host: ActorHost;
  const ownership: { at: number; owned: number[] }[] = [];
  const prefix = uniquePrefix('leases');

  beforeAll(async () => {
    [nats, db] = await Promise.all([privateNats(), openActorDatabase()]);
    bus = await createNatsBus({ url: nats.url, prefix, name: 'lease-restart-worker' });
    observer = await createNatsBus({ url: nats.url, prefix, name: 'lease-restart-observer' });
    host = await startActorHost(
      { config: { partitions: PARTITIONS }, clock: realClock, log: createLogger({ level: 'silent' }), sql: db.sql, bus },
      { machines: { counter: counterMachine }, workerId: 'restart-worker', onOwnership: (owned) => ownership.push({ at: performance.now(), owned }) },
    );
    await eventually(() => host.ownedPartitions().length === PARTITIONS, 10_000);
    await host.ready();
  }, 60_000);

  afterAll(async () => {
    await host?.stop().catch(() => undefined);
    await bus?.close();
    await observer?.close();
    await db?.close();
    await nats?.destroy();
  });

  /** The lease revisions of every partition, as the server has them now. */
  async function revisions(): Promise<number[]> {
    const leases = await observer.kv(PARTITION_LEASES_BUCKET, { ttlMs: DEFAULT_LEASE_TTL_MS });
    return Promise.all(all.map(async (p) => (await leases.get(leaseKey(p)))?.revision ?? -1));
  }

  it('keeps every lease through a restart of 5 s, and renews them once the bus is back', async () => {
    const before = await revisions();
    const changes = ownership.length;
    await nats.stop();
    // The fault itself: the bus is away for 5 s.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await nats.start();
    // Renewed after the restart: each lease's revision moves on.
    await eventually(async () => {
      try {
        return (await revisions()).every((revision, p) => revision > before[p]!);
      } catch {
        return false;
      }
    }, 10_000, 100);
    expect(ownership.slice(changes)).toEqual([]);
    expect(host.ownedPartitions()).toEqual(all);
  }, 30_000);

  it('claims the leases again within half a TTL of the bus coming back after an outage longer than the TTL', async () => {
    await nats.stop();
    // The worker gives the partitions up once no renewal succeeded for the TTL minus half a renewal.
    await eventually(() => host.ownedPartitions().length === 0, DEFAULT_LEASE_TTL_MS + 5_000, 100);
    // And the keys are past their TTL on the server too.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await nats.start();
    const back = performance.now();
    await eventually(() => host.ownedPartitions().length === PARTITIONS, 10_000, 20);
    // Failed rounds are retried every quarter interval (500 ms), so the claim follows the client's reconnect;
    // a worker that waited out another TTL (10 s) before claiming would miss this bound. Half a TTL, not one
    // renewal interval (2 s), leaves room for a loaded machine's reconnect.
    expect(performance.now() - back).toBeLessThan(DEFAULT_LEASE_TTL_MS / 2);
    await host.ready();
  }, 40_000);
});
