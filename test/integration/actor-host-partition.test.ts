import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../../shared/bus/bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { createLogger } from '../../shared/log/log.js';
import { startActorHost } from '../../control/calls/host/actor-host.js';
import { sendToActor } from '../../control/calls/mailbox/call-mailbox.js';
import { counterMachine } from './actor-host-toy.js';
import { callIdIn, openActorDatabase, startChildWorker } from './actor-host-harness.js';
import { eventually } from '../support/eventually.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

// A partition, not a crash: a worker in a child process reaches NATS through a TCP proxy that stops
// forwarding without closing anything. Its database stays reachable. Leases live 2 s here.

const PARTITIONS = 4;
const LEASE_TTL_MS = 2_000;
const RENEW_MS = 500;
const NATS_PORT = Number(new URL(serviceUrls.nats).port || 4222);

let db: Awaited<ReturnType<typeof openActorDatabase>>;
const prefix = uniquePrefix('partition');
let bus: Bus;
let proxy: TcpProxy;

beforeAll(async () => {
  db = await openActorDatabase();
  bus = await createNatsBus({ url: serviceUrls.nats, prefix, name: 'actor-host-partition-test' });
  proxy = await startTcpProxy(NATS_PORT);
});

afterAll(async () => {
  await proxy?.close();
  await bus?.close();
  await deleteNatsPrefix(prefix);
  await db?.close();
});

/** The epochs the fence has handed out, by partition. */
async function epochs(): Promise<Map<number, number>> {
  const rows = await db.sql<{ partition: number; epoch: string }[]>`select partition, epoch from partition_epochs`;
  return new Map(rows.map((r) => [r.partition, Number(r.epoch)]));
}

describe('a worker cut off from NATS by a partition', () => {
  it('loses its leases after the TTL, the other worker takes its partitions, and after the heal it rejoins under new epochs', async () => {
    const host = await startActorHost(
      { config: { partitions: PARTITIONS }, clock: realClock, log: createLogger({ level: 'silent' }), sql: db.sql, bus },
      { machines: { counter: counterMachine }, workerId: 'survivor', leaseTtlMs: LEASE_TTL_MS, renewIntervalMs: RENEW_MS },
    );
    const victim = startChildWorker({ workerId: 'victim', databaseUrl: db.url, natsUrl: `nats://127.0.0.1:${proxy.port}`, prefix, partitions: PARTITIONS, leaseTtlMs: LEASE_TTL_MS, renewMs: RENEW_MS });
    try {
      await eventually(() => victim.owned().length === 2 && host.ownedPartitions().length === 2, 40_000);
      const cut = victim.owned();
      const send = (callId: string, id: string, type: string, payload: Record<string, unknown> = {}) =>
        sendToActor(bus, callId, { id, type, payload }, { timeoutMs: 15_000, partitions: PARTITIONS });
      const callId = callIdIn(cut, PARTITIONS);
      await send(callId, 'create', 'actor.create', { kind: 'counter', input: {} });
      expect((await send(callId, 'inc-1', 'inc')).body).toEqual({ count: 1 });
      const before = await epochs();

      proxy.blackhole();
      const cutAt = Date.now();
      // The cut-off worker hears nothing from NATS and gives its partitions up before their keys can expire;
      // the survivor takes them once the keys are gone, under new epochs.
      await eventually(() => victim.owned().length === 0, LEASE_TTL_MS * 5, 50);
      expect(Date.now() - cutAt).toBeLessThan(LEASE_TTL_MS * 3);
      expect((await send(callId, 'inc-2', 'inc')).body).toEqual({ count: 2 });
      expect(host.ownedPartitions()).toEqual([0, 1, 2, 3]);
      // Ownership is reported when the lease is won; the fence's epoch is claimed just after it.
      await eventually(async () => {
        const now = await epochs();
        return cut.every((p) => now.get(p)! > before.get(p)!);
      }, 10_000, 50);
      const during = await epochs();

      proxy.heal();
      // Back on the bus, it takes a fair share again, each partition under an epoch newer than any before.
      await eventually(() => victim.owned().length === 2 && host.ownedPartitions().length === 2, 30_000, 50);
      await eventually(async () => {
        const now = await epochs();
        return victim.owned().every((p) => now.get(p)! > during.get(p)!);
      }, 10_000, 50);
      // Nothing was applied twice or lost on the way: the actor counts on from wherever it lives now.
      expect((await send(callId, 'inc-3', 'inc')).body).toEqual({ count: 3 });
    } finally {
      victim.child.kill('SIGKILL');
      await victim.exited;
      await host.stop();
    }
  }, 120_000);
});
