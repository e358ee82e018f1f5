import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../../shared/bus/bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { createLogger } from '../../shared/log/log.js';
import { startActorHost, type ActorHost } from '../../control/calls/host/actor-host.js';
import { sendToActor } from '../../control/calls/mailbox/call-mailbox.js';
import { counterMachine } from './actor-host-toy.js';
import { callIdIn, effectLog, openActorDatabase, startChildWorker } from './actor-host-harness.js';
import { eventually } from '../support/eventually.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';

// Two workers on real NATS and PostgreSQL: one in this process, one in a child process that is SIGKILLed.
// Leases live 2 s here, so the takeover is measured in real seconds.

const PARTITIONS = 4;
const LEASE_TTL_MS = 2_000;
const RENEW_MS = 500;

let db: Awaited<ReturnType<typeof openActorDatabase>>;
const prefix = uniquePrefix('failover');
let bus: Bus;

beforeAll(async () => {
  db = await openActorDatabase();
  bus = await createNatsBus({ url: serviceUrls.nats, prefix, name: 'actor-host-failover-test' });
});

afterAll(async () => {
  await bus?.close();
  await deleteNatsPrefix(prefix);
  await db?.close();
});

describe('two workers', () => {
  it('share the partitions fairly, and when one is killed the other takes over its actors and timers from the last commit', async () => {
    const effects = effectLog();
    const host: ActorHost = await startActorHost(
      { config: { partitions: PARTITIONS }, clock: realClock, log: createLogger({ level: 'silent' }), sql: db.sql, bus },
      {
        machines: { counter: counterMachine },
        onCommit: effects.onCommit,
        effectRunner: effects.effectRunner,
        workerId: 'survivor',
        leaseTtlMs: LEASE_TTL_MS,
        renewIntervalMs: RENEW_MS,
      },
    );
    const worker = startChildWorker({ workerId: 'victim', databaseUrl: db.url, natsUrl: serviceUrls.nats, prefix, partitions: PARTITIONS, leaseTtlMs: LEASE_TTL_MS, renewMs: RENEW_MS });
    try {
      expect(host.ownedPartitions()).toEqual([0, 1, 2, 3]);
      // The second worker joins: the first gives up the extras, the second takes them.
      await eventually(() => worker.owned().length === 2 && host.ownedPartitions().length === 2, 40_000);
      const victims = worker.owned();
      expect([...victims, ...host.ownedPartitions()].sort()).toEqual([0, 1, 2, 3]);

      const send = (callId: string, id: string, type: string, payload: Record<string, unknown> = {}) =>
        sendToActor(bus, callId, { id, type, payload }, { timeoutMs: 15_000, partitions: PARTITIONS });
      const callId = callIdIn(victims, PARTITIONS);
      expect((await send(callId, 'create', 'actor.create', { kind: 'counter', input: {} })).status).toBe(201);
      expect((await send(callId, 'inc-1', 'inc', { by: 2 })).body).toEqual({ count: 2 });
      const armed = await send(callId, 'arm-1', 'arm', { timerId: 'ring', delayMs: 4_000 });
      const fireAt = (armed.body as { fireAt: number }).fireAt;

      worker.child.kill('SIGKILL');
      await worker.exited;
      const killedAt = Date.now();
      // Sent while nobody owns the partition: it waits in the mailbox for the new owner.
      const reply = await send(callId, 'inc-2', 'inc');
      expect(reply.body).toEqual({ count: 3 });
      // Bounded by the lease TTL plus scheduling slack on a loaded 2-core machine.
      expect(Date.now() - killedAt).toBeLessThan(LEASE_TTL_MS * 6);
      expect(host.ownedPartitions()).toEqual([0, 1, 2, 3]);

      // The timer the dead worker armed fires here at its original deadline.
      const rang = await effects.until((e) => e.what === 'rang', 10_000);
      expect(rang.context.callId).toBe(callId);
      expect(rang.at as number).toBeGreaterThanOrEqual(fireAt);
      expect(rang.at as number).toBeLessThan(fireAt + 3_000);
    } finally {
      worker.child.kill('SIGKILL');
      await host.stop();
    }
  }, 90_000);
});
