import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bus, BusMessage } from '../../shared/bus/bus.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import type { Clock } from '../../shared/clock/clock.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { realClock } from '../../shared/clock/real-clock.js';
import type { Sql } from '../../shared/db/database.js';
import { createLogger } from '../../shared/log/log.js';
import { partitionOf } from '../../protocol/bus/bus-names.js';
import { startActorHost, type ActorHost } from '../../control/calls/host/actor-host.js';
import { failedMessages } from '../../control/calls/host/actor-store.js';
import type { CommitFault } from '../../control/calls/host/group-commit.js';
import { sendToActor } from '../../control/calls/mailbox/call-mailbox.js';
import type { ActorReply } from '../../protocol/calls/mailbox.js';
import { counterMachine } from './actor-host-toy.js';
import { effectLog, openActorDatabase, type EffectLog } from './actor-host-harness.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';

// Group commit: the messages waiting in a partition's mailbox are decided in order and committed in one
// fenced transaction; a batch that fails is handled again one message at a time. Both buses. Each test
// holds the partition's first commit open (a gate in the fault hook) while a burst arrives behind it,
// so the burst waits as one batch, whatever the machine's speed.

const PARTITIONS = 4;
const log = createLogger({ level: 'silent' });

const adapters: Array<[string, (clock: ManualClock) => { open(): Promise<Bus>; leaseClock: Clock; cleanup(): Promise<void> }]> = [
  ['memory', (clock) => ({ open: async () => createMemoryBus({ prefix: uniquePrefix('group'), clock }), leaseClock: clock, cleanup: async () => {} })],
  [
    'nats',
    () => {
      const prefix = uniquePrefix('group');
      return { open: () => createNatsBus({ url: serviceUrls.nats, prefix, name: 'group-commit-test' }), leaseClock: realClock, cleanup: () => deleteNatsPrefix(prefix) };
    },
  ],
];

let db: Awaited<ReturnType<typeof openActorDatabase>>;
let sql: Sql;

beforeAll(async () => {
  db = await openActorDatabase();
  sql = db.sql;
});

afterAll(async () => {
  await db?.close();
});

/** A promise and its resolver. */
function deferred<T = void>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe.each(adapters)('group commit on the %s bus', (_name, makeSetup) => {
  let clock: ManualClock;
  let setup: ReturnType<(typeof adapters)[number][1]>;
  let bus: Bus;
  let host: ActorHost;
  let effects: EffectLog;
  let faults: Map<string, CommitFault>;
  /** Effects of these messages wait for the promise before they run (a media node slow to answer). */
  let slowEffects: Map<string, Promise<void>>;
  /** The transaction and the partition's epoch each message was committed in. */
  let commits: Map<string, { txid: string; epoch: number }>;
  /** Mailbox deliveries so far, and who waits for a number of them. */
  let delivered: number;
  let deliveryWaiters: Array<{ count: number; resolve(): void }>;
  /** Who waits for the host's owned partitions to meet a condition. */
  let ownershipWaiters: Array<{ holds(owned: number[]): boolean; resolve(): void }>;

  beforeEach(async () => {
    await db.reset();
    clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
    setup = makeSetup(clock);
    effects = effectLog();
    faults = new Map();
    slowEffects = new Map();
    commits = new Map();
    delivered = 0;
    deliveryWaiters = [];
    ownershipWaiters = [];
    const opened = await setup.open();
    // The host's bus, counting what its consumers are handed (so a test knows a burst is waiting).
    const consume: Bus['consume'] = (options, handler) =>
      opened.consume(options, (msg: BusMessage) => {
        delivered++;
        for (const waiter of deliveryWaiters.filter((w) => delivered >= w.count)) {
          deliveryWaiters.splice(deliveryWaiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        return handler(msg);
      });
    bus = new Proxy(opened, {
      get: (target, prop) => {
        if (prop === 'consume') return consume;
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    host = await startActorHost(
      { config: { partitions: PARTITIONS }, clock, log, sql, bus },
      {
        machines: { counter: counterMachine },
        onCommit: effects.onCommit,
        effectRunner: async (list, context) => {
          await slowEffects.get(context.messageId);
          await effects.effectRunner(list, context);
        },
        workerId: 'w1',
        leaseTtlMs: 3_000,
        renewIntervalMs: 1_000,
        leaseClock: setup.leaseClock,
        onOwnership: (owned) => {
          for (const waiter of ownershipWaiters.filter((w) => w.holds(owned))) {
            ownershipWaiters.splice(ownershipWaiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        },
        commitFault: async (tx, message) => {
          const [row] = await tx<{ txid: string; epoch: number }[]>`
            select txid_current()::text as txid, (select epoch from partition_epochs where partition = ${partitionOf(message.callId, PARTITIONS)}) as epoch`;
          commits.set(message.id, row!);
          await faults.get(message.id)?.(tx, message);
        },
      },
    );
    await host.ready();
  });

  afterEach(async () => {
    await host?.stop();
    await bus.close();
    await setup.cleanup();
  });

  /**
   * Resolves when the host's owned partitions meet `holds`, now or later: on the NATS bus the leases run on
   * real time, so a renewal may already have changed them by the time the test asks.
   */
  const ownership = (holds: (owned: number[]) => boolean): Promise<void> =>
    holds(host.ownedPartitions()) ? Promise.resolve() : new Promise((resolve) => ownershipWaiters.push({ holds, resolve }));

  const send = (callId: string, id: string, type: string, payload: Record<string, unknown> = {}): Promise<ActorReply> =>
    sendToActor(bus, callId, { id, type, payload }, { timeoutMs: 15_000, partitions: PARTITIONS });

  /** `n` call ids in one partition. */
  function callsInOnePartition(n: number): string[] {
    const calls = [`call_${randomBytes(6).toString('hex')}`];
    while (calls.length < n) {
      const other = `call_${randomBytes(6).toString('hex')}`;
      if (partitionOf(other, PARTITIONS) === partitionOf(calls[0]!, PARTITIONS)) calls.push(other);
    }
    return calls;
  }

  async function create(callId: string): Promise<void> {
    expect((await send(callId, `create-${callId}`, 'actor.create', { kind: 'counter', input: {} })).status).toBe(201);
  }

  async function storedCount(callId: string): Promise<number> {
    const [row] = await sql<{ snapshot: { context: { count: number } } }[]>`select snapshot from actor_snapshots where call_id = ${callId}`;
    return row!.snapshot.context.count;
  }

  /**
   * Holds the commit of message `gateId` (sent to `callId`) open until the returned release is called,
   * once `burst()` has sent its messages and the partition has been handed them all.
   */
  async function behindGate(callId: string, gateId: string, burst: () => Array<Promise<ActorReply>>): Promise<{ gate: Promise<ActorReply>; replies: Array<Promise<ActorReply>>; release(): void }> {
    const entered = deferred();
    const opened = deferred();
    faults.set(gateId, async () => {
      entered.resolve();
      await opened.promise;
    });
    const gate = send(callId, gateId, 'inc');
    await entered.promise;
    const before = delivered;
    const replies = burst();
    const all = deferred();
    deliveryWaiters.push({ count: before + replies.length, resolve: all.resolve });
    await all.promise;
    return { gate, replies, release: () => opened.resolve() };
  }

  it('a burst waiting behind a commit is committed in one transaction, each actor stepped in mailbox order', async () => {
    const [a, b, c] = callsInOnePartition(3);
    for (const call of [a!, b!]) await create(call);
    const { gate, replies, release } = await behindGate(a!, 'gate', () => [
      // c is created in the batch and stepped by a later message of the same batch.
      send(c!, `create-${c}`, 'actor.create', { kind: 'counter', input: {} }),
      ...Array.from({ length: 20 }, (_, i) => send(i % 2 === 0 ? a! : i % 4 === 1 ? b! : c!, `m${i}`, 'inc')),
    ]);
    release();
    expect(await gate).toMatchObject({ status: 200, body: { count: 1 } });
    const answers = await Promise.all(replies);
    expect(answers[0]).toMatchObject({ status: 201 });
    // Every reply says what the actor had after exactly the messages before it in its mailbox.
    const seen = new Map<string, number>([[a!, 1], [b!, 0], [c!, 0]]);
    answers.slice(1).forEach((reply, i) => {
      const call = i % 2 === 0 ? a! : i % 4 === 1 ? b! : c!;
      seen.set(call, seen.get(call)! + 1);
      expect(reply).toMatchObject({ id: `m${i}`, status: 200, body: { count: seen.get(call) } });
    });
    expect([await storedCount(a!), await storedCount(b!), await storedCount(c!)]).toEqual([11, 5, 5]);
    // The gate alone in its transaction; the 21 messages behind it in one other.
    const burstTxids = new Set([`create-${c}`, ...Array.from({ length: 20 }, (_, i) => `m${i}`)].map((id) => commits.get(id)!.txid));
    expect(burstTxids.size).toBe(1);
    expect(burstTxids.has(commits.get('gate')!.txid)).toBe(false);
    // Each transition's effects were committed once and run once.
    const [row] = await sql<{ notes: number }[]>`select count(*)::int as notes from toy_effects where type = 'note'`;
    expect(row!.notes).toBe(2 + 1 + 21);
  });

  it('a message whose commit fails, and a machine that fails, poison nothing else of their batch', async () => {
    const [a, b] = callsInOnePartition(2);
    for (const call of [a!, b!]) await create(call);
    faults.set('bad', async () => {
      throw new TypeError('a bug in the commit, injected');
    });
    const { gate, replies, release } = await behindGate(a!, 'gate', () => [
      send(a!, 'm1', 'inc'),
      send(b!, 'bad', 'inc'),
      send(a!, 'm2', 'inc'),
      send(b!, 'boom', 'boom'),
      send(b!, 'm3', 'inc'),
      send(a!, 'm4', 'inc'),
    ]);
    release();
    await gate;
    const [m1, bad, m2, boom, m3, m4] = await Promise.all(replies);
    expect(bad).toMatchObject({ status: 500, body: { error: { code: 'actor_failed' } } });
    expect(boom).toMatchObject({ status: 500, body: { error: { code: 'internal_error' } } });
    expect([m1, m2, m4].map((r) => r!.body)).toEqual([{ count: 2 }, { count: 3 }, { count: 4 }]);
    // b never took the failed messages: its next increment is its first.
    expect(m3).toMatchObject({ status: 200, body: { count: 1 } });
    expect([await storedCount(a!), await storedCount(b!)]).toEqual([4, 1]);
    expect((await failedMessages(sql, { callId: b! })).map((f) => f.messageId)).toEqual(['bad']);
    const noted = await sql<{ effect_id: string }[]>`select effect_id from toy_effects where call_id = ${b!} and type = 'note' order by effect_id`;
    expect(noted.map((r) => r.effect_id)).toEqual([`create-${b}:0`, 'm3:1']);
  });

  it('a batch meeting a newer owner is committed by no one but that owner, once, in order', async () => {
    const [a] = callsInOnePartition(1);
    await create(a!);
    const partition = partitionOf(a!, PARTITIONS);
    const { gate, replies, release } = await behindGate(a!, 'gate', () => Array.from({ length: 10 }, (_, i) => send(a!, `m${i}`, 'inc')));
    const gateEpoch = commits.get('gate')!.epoch;
    // A newer owner claims the partition; its claim waits for the open commit's fence lock.
    const claimed = sql`update partition_epochs set epoch = epoch + 1 where partition = ${partition}`;
    const lost = ownership((owned) => !owned.includes(partition));
    release();
    await Promise.all([gate, claimed, lost]);
    // The host gave the partition up; it takes it again at its next renewal, and the burst is delivered again.
    const regained = ownership((owned) => owned.includes(partition));
    await clock.advance(1_000);
    await regained;
    await clock.advance(1_000);
    const answers = await Promise.all(replies);
    expect(answers.map((r) => r.body)).toEqual(Array.from({ length: 10 }, (_, i) => ({ count: i + 2 })));
    expect(await storedCount(a!)).toBe(11);
    // None of the burst was written under the stale epoch: the batch was refused whole, and taken up again.
    for (let i = 0; i < 10; i++) expect(commits.get(`m${i}`)!.epoch).toBeGreaterThan(gateEpoch + 1);
  });

  it("a call's slow effects hold neither the partition nor its replies; the call's later effects wait their turn", async () => {
    const [a, b] = callsInOnePartition(2);
    for (const call of [a!, b!]) await create(call);
    const media = deferred();
    slowEffects.set('slow', media.promise);
    expect(await send(a!, 'slow', 'inc')).toMatchObject({ status: 200, body: { count: 1 } });
    // The partition goes on: another call's message is decided, committed and its effects run.
    expect(await send(b!, 'fast', 'inc')).toMatchObject({ status: 200, body: { count: 1 } });
    await effects.until((e) => e.id === 'fast:1');
    // The slow call's next message is answered too, but its effects wait for the earlier ones.
    expect(await send(a!, 'after', 'inc')).toMatchObject({ status: 200, body: { count: 2 } });
    expect(effects.ran.map((e) => e.id)).not.toContain('after:1');
    media.resolve();
    await effects.until((e) => e.id === 'after:1');
    const order = effects.ran.map((e) => e.id);
    expect(order.indexOf('slow:1')).toBeLessThan(order.indexOf('after:1'));
  });
});
