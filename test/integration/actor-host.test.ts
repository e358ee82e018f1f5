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
import { MAILBOX_STREAM, mailboxSubject } from '../../protocol/bus/bus-names.js';
import { startActorHost, type ActorHost } from '../../control/calls/host/actor-host.js';
import { sendToActor } from '../../control/calls/mailbox/call-mailbox.js';
import { counterMachine } from './actor-host-toy.js';
import { effectLog, openActorDatabase, type EffectLog } from './actor-host-harness.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';

// One host over both buses: the in-process bus of standalone (everything on the manual clock) and NATS
// JetStream (leases on real time, as the server's TTL is; actor time and timers on the manual clock).

const PARTITIONS = 4;
const log = createLogger({ level: 'silent' });
const encoder = new TextEncoder();

interface BusSetup {
  /** Opens the bus (again: a restart of the process). */
  open(): Promise<Bus>;
  leaseClock: Clock;
  cleanup(): Promise<void>;
}

const adapters: Array<[string, (clock: ManualClock) => BusSetup]> = [
  [
    'memory',
    (clock) => {
      const prefix = uniquePrefix('actors');
      return { open: async () => createMemoryBus({ prefix, clock }), leaseClock: clock, cleanup: async () => {} };
    },
  ],
  [
    'nats',
    () => {
      const prefix = uniquePrefix('actors');
      return {
        open: () => createNatsBus({ url: serviceUrls.nats, prefix, name: 'actor-host-test' }),
        leaseClock: realClock,
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

describe.each(adapters)('actor host on the %s bus', (_name, makeSetup) => {
  let clock: ManualClock;
  let setup: BusSetup;
  let buses: Bus[];
  let hosts: ActorHost[];
  let effects: EffectLog;

  beforeEach(async () => {
    await db.reset();
    clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
    setup = makeSetup(clock);
    buses = [];
    hosts = [];
    effects = effectLog();
  });

  afterEach(async () => {
    for (const host of hosts) await host.stop();
    for (const bus of buses) await bus.close();
    await setup.cleanup();
  });

  async function openBus(): Promise<Bus> {
    const bus = await setup.open();
    buses.push(bus);
    return bus;
  }

  async function startHost(bus: Bus, workerId = 'w1'): Promise<ActorHost> {
    const host = await startActorHost(
      { config: { partitions: PARTITIONS }, clock, log, sql, bus },
      {
        machines: { counter: counterMachine },
        onCommit: effects.onCommit,
        effectRunner: effects.effectRunner,
        workerId,
        leaseTtlMs: 3_000,
        renewIntervalMs: 1_000,
        leaseClock: setup.leaseClock,
      },
    );
    hosts.push(host);
    await host.ready();
    return host;
  }

  const send = (bus: Bus, callId: string, id: string, type: string, payload: Record<string, unknown> = {}) =>
    sendToActor(bus, callId, { id, type, payload }, { timeoutMs: 10_000, partitions: PARTITIONS });

  const newCallId = (): string => `call_${randomBytes(6).toString('hex')}`;

  async function createCounter(bus: Bus, callId: string, start = 0): Promise<void> {
    const reply = await send(bus, callId, `create-${callId}`, 'actor.create', { kind: 'counter', input: { start } });
    expect(reply.status).toBe(201);
  }

  async function storedCount(callId: string): Promise<{ count: number; status: string }> {
    const [row] = await sql<{ snapshot: { context: { count: number } }; status: string }[]>`
      select snapshot, status from actor_snapshots where call_id = ${callId}`;
    return { count: row!.snapshot.context.count, status: row!.status };
  }

  it('takes every partition when it is the only worker', async () => {
    const host = await startHost(await openBus());
    expect(host.ownedPartitions()).toEqual([0, 1, 2, 3]);
  });

  it('creates an actor and answers a message once, after committing its snapshot and effects', async () => {
    const bus = await openBus();
    await startHost(bus);
    const callId = newCallId();
    await createCounter(bus, callId, 5);
    const reply = await send(bus, callId, 'inc-1', 'inc', { by: 2 });
    expect(reply).toMatchObject({ id: 'inc-1', status: 200, body: { count: 7 } });
    expect(reply.replayed).toBeUndefined();
    expect(await storedCount(callId)).toEqual({ count: 7, status: 'active' });
    // The note emitted second gets index 1 of the message; onCommit wrote it in the same transaction.
    const note = await effects.until((e) => e.id === 'inc-1:1');
    expect(note).toMatchObject({ type: 'note', what: 'inc', count: 7 });
    expect(note.context).toMatchObject({ callId, kind: 'counter', messageId: 'inc-1', at: clock.now(), status: 'active' });
    const rows = await sql`select effect_id from toy_effects where call_id = ${callId} order by effect_id`;
    expect(rows.map((r) => r.effect_id)).toEqual([`create-${callId}:0`, 'inc-1:1']);
  });

  it('creating an actor twice keeps the first one', async () => {
    const bus = await openBus();
    await startHost(bus);
    const callId = newCallId();
    await createCounter(bus, callId, 3);
    const again = await send(bus, callId, 'create-again', 'actor.create', { kind: 'counter', input: { start: 100 } });
    expect(again).toMatchObject({ status: 200, body: { callId, created: false } });
    expect((await storedCount(callId)).count).toBe(3);
  });

  it('a retried message with the same id is applied once and answered with the stored reply', async () => {
    const bus = await openBus();
    await startHost(bus);
    const callId = newCallId();
    await createCounter(bus, callId);
    const first = await send(bus, callId, 'inc-x', 'inc');
    const retry = await send(bus, callId, 'inc-x', 'inc');
    expect(first).toMatchObject({ status: 200, body: { count: 1 } });
    expect(retry).toMatchObject({ id: 'inc-x', status: 200, body: { count: 1 }, replayed: true });
    expect((await storedCount(callId)).count).toBe(1);
    expect(await sql`select 1 from toy_effects where effect_id = 'inc-x:1'`).toHaveLength(1);
  });

  it('a message delivered again after its commit is answered from the stored outcome, with the same effect ids', async () => {
    const bus = await openBus();
    await startHost(bus);
    const callId = newCallId();
    await createCounter(bus, callId);
    await send(bus, callId, 'inc-r', 'inc');
    // The same message again under another bus msgId: what a redelivery after a crash before the ack looks like.
    let replied: (reply: unknown) => void = () => {};
    const reply = new Promise((resolve) => (replied = resolve));
    const sub = await bus.subscribe('reply.inc-r', (_s, data) => replied(JSON.parse(new TextDecoder().decode(data))));
    const envelope = { id: 'inc-r', callId, type: 'inc', payload: {}, replyTo: 'reply.inc-r' };
    await bus.publish(mailboxSubject(callId, PARTITIONS), encoder.encode(JSON.stringify(envelope)), { msgId: 'inc-r-redelivered' });
    expect(await reply).toEqual({ id: 'inc-r', status: 200, body: { count: 1 }, replayed: true });
    await sub.stop();
    await effects.until((e) => e.id === 'inc-r:1' && effects.ran.filter((r) => r.id === 'inc-r:1').length === 2);
    expect((await storedCount(callId)).count).toBe(1);
    expect(await sql`select 1 from toy_effects where effect_id = 'inc-r:1'`).toHaveLength(1);
  });

  it('a media event in the mailbox reaches the machine with its fields', async () => {
    const bus = await openBus();
    await startHost(bus);
    const callId = newCallId();
    await createCounter(bus, callId);
    const event = { eventId: 'evt_media_1', source: 'media', nodeId: 'node_a', callId, at: clock.now(), seq: 1, type: 'inc', by: 3 };
    await bus.publish(mailboxSubject(callId, PARTITIONS), encoder.encode(JSON.stringify(event)), { msgId: event.eventId });
    const note = await effects.until((e) => e.id === 'evt_media_1:1');
    expect(note).toMatchObject({ what: 'inc', count: 3 });
  });

  it('a timer fires at its deadline, not before', async () => {
    const bus = await openBus();
    await startHost(bus);
    const callId = newCallId();
    await createCounter(bus, callId);
    const armed = await send(bus, callId, 'arm-1', 'arm', { timerId: 'ring', delayMs: 60_000 });
    const fireAt = (armed.body as { fireAt: number }).fireAt;
    expect(fireAt).toBe(clock.now() + 60_000);
    expect(await sql`select fire_at from actor_timers where call_id = ${callId}`).toEqual([{ fire_at: fireAt }]);
    await clock.advance(59_999);
    expect(effects.ran.some((e) => e.what === 'rang')).toBe(false);
    await clock.advance(1);
    const rang = await effects.until((e) => e.what === 'rang');
    expect(rang).toMatchObject({ timerId: 'ring', at: fireAt });
    await expect(sql`select 1 from actor_timers where call_id = ${callId}`).resolves.toHaveLength(0);
  });

  it('a cancelled timer never fires', async () => {
    const bus = await openBus();
    await startHost(bus);
    const callId = newCallId();
    await createCounter(bus, callId);
    await send(bus, callId, 'arm-c', 'arm', { timerId: 'ring', delayMs: 10_000 });
    await send(bus, callId, 'disarm-c', 'disarm', { timerId: 'ring' });
    await clock.advance(20_000);
    await send(bus, callId, 'inc-after', 'inc');
    expect(effects.ran.some((e) => e.what === 'rang')).toBe(false);
    await expect(sql`select 1 from actor_timers where call_id = ${callId}`).resolves.toHaveLength(0);
  });

  it('a timer survives a restart of the host and fires at its original deadline', async () => {
    const bus = await openBus();
    const first = await startHost(bus);
    const callId = newCallId();
    await createCounter(bus, callId);
    await send(bus, callId, 'inc-before', 'inc', { by: 4 });
    const armed = await send(bus, callId, 'arm-r', 'arm', { timerId: 'ring', delayMs: 60_000 });
    const fireAt = (armed.body as { fireAt: number }).fireAt;
    await first.stop();
    hosts.splice(hosts.indexOf(first), 1);
    // A new process: a new bus connection (for standalone, an empty in-process bus and KV).
    await bus.close();
    buses.splice(buses.indexOf(bus), 1);
    await clock.advance(30_000);
    const second = await startHost(await openBus(), 'w2');
    expect(second.liveActors()).toBe(1);
    await clock.advance(29_999);
    expect(effects.ran.some((e) => e.what === 'rang')).toBe(false);
    await clock.advance(1);
    const rang = await effects.until((e) => e.what === 'rang');
    expect(rang).toMatchObject({ timerId: 'ring', at: fireAt });
    expect(rang.context.snapshot).toMatchObject({ context: { count: 4, rings: [{ timerId: 'ring', at: fireAt }] } });
  });

  it('a machine that fails on a message answers internal_error and keeps its last committed state', async () => {
    const bus = await openBus();
    await startHost(bus);
    const callId = newCallId();
    await createCounter(bus, callId);
    await send(bus, callId, 'inc-1', 'inc');
    const failed = await send(bus, callId, 'boom-1', 'boom');
    expect(failed).toMatchObject({ status: 500, body: { error: { code: 'internal_error' } } });
    const bad = await send(bus, callId, 'bad-1', 'badEffect');
    expect(bad).toMatchObject({ status: 500, body: { error: { code: 'internal_error' } } });
    const after = await send(bus, callId, 'inc-2', 'inc');
    expect(after.body).toEqual({ count: 2 });
  });

  it('a finished actor answers actor_ended and its timers are dropped', async () => {
    const bus = await openBus();
    const host = await startHost(bus);
    const callId = newCallId();
    await createCounter(bus, callId);
    await send(bus, callId, 'arm-f', 'arm', { timerId: 'ring', delayMs: 5_000 });
    const finished = await send(bus, callId, 'finish-1', 'finish');
    expect(finished).toMatchObject({ status: 200, body: { final: 0 } });
    expect(await storedCount(callId)).toEqual({ count: 0, status: 'done' });
    expect(host.liveActors()).toBe(0);
    await expect(sql`select 1 from actor_timers where call_id = ${callId}`).resolves.toHaveLength(0);
    const late = await send(bus, callId, 'inc-late', 'inc');
    expect(late).toMatchObject({ status: 409, body: { error: { code: 'actor_ended' } } });
    await clock.advance(10_000);
    expect(effects.ran.some((e) => e.what === 'rang')).toBe(false);
  });

  it('a message to a call without an actor answers actor_not_found', async () => {
    const bus = await openBus();
    await startHost(bus);
    const reply = await send(bus, newCallId(), 'inc-nobody', 'inc');
    expect(reply).toMatchObject({ status: 404, body: { error: { code: 'actor_not_found' } } });
  });

  it('refuses actor.create with an unknown kind or a malformed input', async () => {
    const bus = await openBus();
    await startHost(bus);
    const callId = newCallId();
    const unknown = await send(bus, callId, 'create-unknown', 'actor.create', { kind: 'nope', input: {} });
    expect(unknown).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
    const array = await send(bus, callId, 'create-array', 'actor.create', { kind: 'counter', input: [1, 2] });
    expect(array).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
    const proto = await send(bus, callId, 'create-proto', 'actor.create', { kind: '__proto__', input: {} });
    expect(proto).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
    const missing = await send(bus, callId, 'create-missing', 'actor.create', {});
    expect(missing).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
  });

  it('drops hostile mailbox messages and keeps serving the partition', async () => {
    const bus = await openBus();
    await startHost(bus);
    const callId = newCallId();
    await createCounter(bus, callId);
    const subject = mailboxSubject(callId, PARTITIONS);
    const otherPartition = `cmd.${(Number(subject.split('.')[1]) + 1) % PARTITIONS}.${callId}`;
    const hostile: Array<[string, Uint8Array]> = [
      [subject, new Uint8Array([0xff, 0xfe, 0x00])],
      [subject, encoder.encode('not json')],
      [subject, encoder.encode('[1,2,3]')],
      [subject, encoder.encode('null')],
      [subject, encoder.encode(JSON.stringify({ id: 'h1', callId, type: 'inc', payload: { type: 'finish' } }))],
      [subject, encoder.encode(JSON.stringify({ id: 'h2', callId, type: 'inc', payload: { at: 1 } }))],
      [subject, encoder.encode(JSON.stringify({ id: 'h3', callId: 'bad id!', type: 'inc' }))],
      [subject, encoder.encode(JSON.stringify({ id: 'h4', callId, type: 'x'.repeat(500) }))],
      [subject, encoder.encode(JSON.stringify({ id: 'h5', callId, type: 'inc', replyTo: 'elsewhere.subject' }))],
      [subject, encoder.encode(JSON.stringify({ id: 'h6', callId, type: 'inc', at: 'soon' }))],
      [subject, encoder.encode(JSON.stringify({ source: 'media', callId, type: 'inc', at: 1 }))],
      [subject, encoder.encode(JSON.stringify({ source: 'media', eventId: 'e1', callId, type: 'inc', at: 1.5 }))],
      [subject, encoder.encode(JSON.stringify({ id: 'h7', callId, type: 'inc', __proto__: { polluted: true } }))],
      [subject, encoder.encode(`{"id":"h8","callId":"${callId}","type":"inc","payload":{"__proto__":{"by":50}}}`)],
      [subject, encoder.encode(JSON.stringify({ id: 'h9', callId, type: 'inc', big: 'x'.repeat(300_000) }))],
      [otherPartition, encoder.encode(JSON.stringify({ id: 'h10', callId, type: 'inc' }))],
    ];
    for (const [s, data] of hostile) await bus.publish(s, data);
    const after = await send(bus, callId, 'inc-after-hostile', 'inc');
    // h7 and h8 are well-formed enough to count once each (extra fields and a __proto__ key change nothing).
    expect(after.body).toEqual({ count: 3 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('sending to an actor', () => {
  it('rejects with actor_unavailable when no worker answers in time', async () => {
    const bus = createMemoryBus({ prefix: uniquePrefix('send') });
    try {
      await bus.ensureStream({ ...MAILBOX_STREAM, subjects: [...MAILBOX_STREAM.subjects] });
      const sent = sendToActor(bus, 'call_nobody', { id: 'm-1', type: 'inc' }, { timeoutMs: 50, partitions: PARTITIONS });
      await expect(sent).rejects.toMatchObject({ code: 'actor_unavailable', status: 503 });
    } finally {
      await bus.close();
    }
  });

  it('refuses a message id that cannot name a reply subject', async () => {
    const bus = createMemoryBus({ prefix: uniquePrefix('send') });
    try {
      await expect(sendToActor(bus, 'call_1', { id: 'a.b', type: 'inc' }, { timeoutMs: 50, partitions: PARTITIONS })).rejects.toThrow(/not \[A-Za-z0-9_-\]/);
      await expect(sendToActor(bus, 'call_1', { id: '', type: 'inc' }, { timeoutMs: 50, partitions: PARTITIONS })).rejects.toThrow();
    } finally {
      await bus.close();
    }
  });
});
