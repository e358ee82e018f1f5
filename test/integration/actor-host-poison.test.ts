import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bus } from '../../shared/bus/bus.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import type { Clock } from '../../shared/clock/clock.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { realClock } from '../../shared/clock/real-clock.js';
import type { Sql } from '../../shared/db/database.js';
import { createLogger } from '../../shared/log/log.js';
import { MAILBOX_STREAM, mailboxSubject, partitionConsumer, partitionOf } from '../../protocol/bus/bus-names.js';
import { startActorHost, type ActorHost } from '../../control/calls/host/actor-host.js';
import { failedMessages } from '../../control/calls/host/actor-store.js';
import type { CommitFault } from '../../control/calls/host/group-commit.js';
import { sendToActor } from '../../control/calls/mailbox/call-mailbox.js';
import { ACTOR_REPLAY, type ActorReply } from '../../protocol/calls/mailbox.js';
import { counterMachine } from './actor-host-toy.js';
import { effectLog, openActorDatabase, type EffectLog } from './actor-host-harness.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { natsConsumerBacklog } from '../support/nats-consumer.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';

// A failing mailbox message never blocks its partition: permanent failures are answered, recorded and
// acked within one attempt; transient ones are retried until they pass, losing nothing. Both buses.

const PARTITIONS = 4;
const log = createLogger({ level: (process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent' });
const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface BusSetup {
  prefix: string;
  open(): Promise<Bus>;
  leaseClock: Clock;
  /** Messages the partition's consumer still holds (NATS only; null on the in-process bus). */
  backlog(partition: number): Promise<{ pending: number; ackPending: number } | null>;
  cleanup(): Promise<void>;
}

const adapters: Array<[string, (clock: ManualClock) => BusSetup]> = [
  [
    'memory',
    (clock) => {
      const prefix = uniquePrefix('poison');
      return { prefix, open: async () => createMemoryBus({ prefix, clock, log }), leaseClock: clock, backlog: async () => null, cleanup: async () => {} };
    },
  ],
  [
    'nats',
    () => {
      const prefix = uniquePrefix('poison');
      return {
        prefix,
        open: () => createNatsBus({ url: serviceUrls.nats, prefix, name: 'actor-host-poison-test' }),
        leaseClock: realClock,
        backlog: (partition) => natsConsumerBacklog(prefix, MAILBOX_STREAM.name, partitionConsumer(partition)),
        cleanup: () => deleteNatsPrefix(prefix),
      };
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

describe.each(adapters)('a failing message on the %s bus', (_name, makeSetup) => {
  let clock: ManualClock;
  let setup: BusSetup;
  let bus: Bus;
  let host: ActorHost | undefined;
  let effects: EffectLog;
  /** Per test: what the commit of a message does (the fault hook). */
  let faults: Map<string, CommitFault>;

  beforeEach(async () => {
    await db.reset();
    clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
    setup = makeSetup(clock);
    effects = effectLog();
    faults = new Map();
    bus = await setup.open();
    host = await startActorHost(
      { config: { partitions: PARTITIONS }, clock, log, sql, bus },
      {
        machines: { counter: counterMachine },
        onCommit: effects.onCommit,
        effectRunner: effects.effectRunner,
        workerId: 'w1',
        leaseTtlMs: 3_000,
        renewIntervalMs: 1_000,
        leaseClock: setup.leaseClock,
        commitFault: async (tx, message) => faults.get(message.id)?.(tx, message),
      },
    );
    await host.ready();
  });

  afterEach(async () => {
    await host?.stop();
    await bus.close();
    await setup.cleanup();
  });

  const send = (callId: string, id: string, type: string, payload: Record<string, unknown> = {}, timeoutMs = 10_000) =>
    sendToActor(bus, callId, { id, type, payload }, { timeoutMs, partitions: PARTITIONS });

  const newCallId = (): string => `call_${randomBytes(6).toString('hex')}`;

  async function createCounter(callId: string): Promise<void> {
    expect((await send(callId, `create-${callId}`, 'actor.create', { kind: 'counter', input: {} })).status).toBe(201);
  }

  async function stored(callId: string): Promise<{ count: number; label?: string; failedCommands?: unknown[] }> {
    const [row] = await sql<{ snapshot: { context: { count: number; label?: string; failedCommands?: unknown[] } } }[]>`
      select snapshot from actor_snapshots where call_id = ${callId}`;
    return row!.snapshot.context;
  }

  /** A second call in the same partition as `callId`. */
  function neighbourOf(callId: string): string {
    for (;;) {
      const other = newCallId();
      if (partitionOf(other, PARTITIONS) === partitionOf(callId, PARTITIONS)) return other;
    }
  }

  /** Publishes a raw message into the call's mailbox and resolves with the reply on `reply.<id>`. */
  async function publishRaw(callId: string, id: string, data: Uint8Array): Promise<ActorReply> {
    let answered: (reply: ActorReply) => void = () => {};
    const reply = new Promise<ActorReply>((resolve) => (answered = resolve));
    const sub = await bus.subscribe(`reply.${id}`, (_s, bytes) => answered(JSON.parse(decoder.decode(bytes)) as ActorReply));
    try {
      await bus.publish(mailboxSubject(callId, PARTITIONS), data, { msgId: `raw-${randomBytes(6).toString('hex')}` });
      return await reply;
    } finally {
      await sub.stop();
    }
  }

  it.each([
    ['a lone high surrogate', 'hi \ud800'],
    ['a lone low surrogate', 'hi \udc00 there'],
    ['a NUL character', 'a\u0000b'],
  ])('data the database refuses (%s) is answered 422 at once, recorded, and the partition moves on', async (_what, text) => {
    const victim = newCallId();
    const poisoner = neighbourOf(victim);
    await createCounter(victim);
    await createCounter(poisoner);
    const poisoned = send(poisoner, 'poison-1', 'label', { text, commandId: 'cmd_poison_1' });
    // Published behind the poison in the same partition: answered within 1 s, not after a redelivery.
    const next = send(victim, 'victim-inc', 'inc', {}, 1_000);
    expect(await poisoned).toMatchObject({ id: 'poison-1', status: 422, body: { error: { code: 'actor_message_unstorable' } } });
    expect(await next).toMatchObject({ status: 200, body: { count: 1 } });
    // Nothing of the poisoned transition was applied, in memory or stored; the actor was told of the failed command.
    expect(await send(poisoner, 'poisoner-inc', 'inc')).toMatchObject({ status: 200, body: { count: 1 } });
    expect(await stored(poisoner)).toMatchObject({ count: 1, failedCommands: [{ commandId: 'cmd_poison_1', code: 'actor_message_unstorable' }] });
    expect((await stored(poisoner)).label).toBeUndefined();
    const [failure, ...more] = await failedMessages(sql);
    expect(more).toEqual([]);
    expect(failure).toMatchObject({ callId: poisoner, messageId: 'poison-1', messageType: 'label', code: 'actor_message_unstorable', deliveryCount: 1 });
    expect(failure!.error).toMatch(/PostgresError/);
    // A retry of the same request gets the same answer, not "unknown message".
    expect(await send(poisoner, 'poison-1', 'label', { text, commandId: 'cmd_poison_1' })).toMatchObject({ status: 422, replayed: true });
    expect(await setup.backlog(partitionOf(victim, PARTITIONS))).toSatisfy((b) => b === null || (b.pending === 0 && b.ackPending === 0));
  });

  it('the fault hook fails one chosen commit: the caller gets actor_failed, the next message is handled within 1 s, the failure is recorded', async () => {
    const callId = newCallId();
    const neighbour = neighbourOf(callId);
    await createCounter(callId);
    await createCounter(neighbour);
    await send(callId, 'inc-1', 'inc');
    faults.set('doomed', async () => {
      throw new TypeError('a bug in the commit, injected');
    });
    const doomed = send(callId, 'doomed', 'inc', { by: 10 });
    const next = send(neighbour, 'next', 'inc', {}, 1_000);
    expect(await doomed).toMatchObject({ status: 500, body: { error: { code: 'actor_failed' } } });
    expect(await next).toMatchObject({ status: 200, body: { count: 1 } });
    // The actor is back at its last committed state: the doomed increment never happened.
    expect(await send(callId, 'inc-2', 'inc')).toMatchObject({ status: 200, body: { count: 2 } });
    expect(await stored(callId)).toMatchObject({ count: 2 });
    expect(await failedMessages(sql, { callId })).toEqual([
      expect.objectContaining({ messageId: 'doomed', code: 'actor_failed', error: 'TypeError: a bug in the commit, injected' }),
    ]);
    expect(await sql`select 1 from toy_effects where effect_id like 'doomed:%'`).toHaveLength(0);
    expect(await setup.backlog(partitionOf(callId, PARTITIONS))).toSatisfy((b) => b === null || (b.pending === 0 && b.ackPending === 0));
  });

  it('a commit the database cancels is retried and then succeeds: the caller hears 503 at once, a retry gets the result, nothing lost or doubled', async () => {
    const callId = newCallId();
    await createCounter(callId);
    let tries = 0;
    faults.set('flaky', async (tx) => {
      tries++;
      // PostgreSQL cancels the statement (57014, as under a statement timeout while it is overloaded).
      if (tries === 1) await tx`set local statement_timeout = 1`.then(() => tx`select pg_sleep(1)`);
    });
    const first = await send(callId, 'flaky', 'inc', { by: 5 });
    expect(first).toMatchObject({ status: 503, body: { error: { code: 'actor_unavailable' } } });
    // The retry waits its backoff (100 ms) on the lease clock.
    if (setup.leaseClock === clock) await clock.advance(100);
    const retried = await send(callId, 'flaky', 'inc', { by: 5 });
    // The retried commit's own reply, or the stored one when it came before this send subscribed.
    expect(retried).toMatchObject({ id: 'flaky', status: 200, body: { count: 5 } });
    expect(tries).toBe(2);
    expect(await stored(callId)).toMatchObject({ count: 5 });
    expect(await failedMessages(sql)).toEqual([]);
  });

  it('an oversize message is answered 413 and a retry of it gets the same answer, not actor_message_unknown', async () => {
    const callId = newCallId();
    await createCounter(callId);
    const big = { id: 'big-1', callId, type: 'inc', payload: { metadata: 'x'.repeat(300_000) }, replyTo: 'reply.big-1' };
    const reply = await publishRaw(callId, 'big-1', encoder.encode(JSON.stringify(big)));
    expect(reply).toMatchObject({ status: 413, body: { error: { code: 'actor_message_too_large' } } });
    const ask = { id: 'big-1-replay', callId, type: ACTOR_REPLAY, payload: { messageId: 'big-1' }, replyTo: 'reply.big-1' };
    expect(await publishRaw(callId, 'big-1', encoder.encode(JSON.stringify(ask)))).toMatchObject({ status: 413, replayed: true });
    expect(await failedMessages(sql, { callId })).toEqual([expect.objectContaining({ messageId: 'big-1', code: 'actor_message_too_large' })]);
    expect(await send(callId, 'after-big', 'inc')).toMatchObject({ status: 200, body: { count: 1 } });
  });

  it('the sender refuses a message over the mailbox limit before publishing it', async () => {
    const callId = newCallId();
    await createCounter(callId);
    await expect(send(callId, 'too-big', 'inc', { metadata: 'x'.repeat(300_000) })).rejects.toMatchObject({ code: 'actor_message_too_large', status: 413 });
    expect(await failedMessages(sql)).toEqual([]);
  });
});
