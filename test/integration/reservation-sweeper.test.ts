import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import type { CallActorInput } from '../../protocol/calls/call-actor.js';
import type { CreateCallRequest } from '../../protocol/calls/call.js';
import { TRANSIENT_RETRY_FIRST_MS } from '../../control/calls/host/message-failure.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import type { Bus } from '../../shared/bus/bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { loadConfig } from '../../shared/config/config.js';
import type { Sql } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createLogger } from '../../shared/log/log.js';
import { insertCompany } from '../../control/accounts/companies.js';
import { createProfile } from '../../control/accounts/profiles.js';
import type { KeyPrincipal } from '../../control/accounts/principal.js';
import type { Services } from '../../shared/services/services.js';
import { askActor } from '../../control/calls/mailbox/call-mailbox.js';
import { callEffectHooks } from '../../control/calls/host/call-effects.js';
import { createCall } from '../../control/calls/requests/call-launcher.js';
import { reserveCharges } from '../../control/calls/requests/call-pricing.js';
import { insertCall } from '../../control/calls/store/call-records.js';
import { readCall } from '../../control/calls/requests/call-reads.js';
import type { CallsService } from '../../control/calls/requests/calls-service.js';
import { ConnectionSigner } from '../../control/calls/requests/connection-signer.js';
import { derivedId } from '../../shared/ids/derived-id.js';
import { startActorHost, type ActorHost } from '../../control/calls/host/actor-host.js';
import { callMachines } from '../../control/calls/host/machine-registry.js';
import { SetupAdmission } from '../../control/calls/requests/setup-admission.js';
import { MediaNodePicker } from '../../control/calls/requests/media-node-picker.js';
import { ABANDONED_AFTER_MS, startReservationSweeper, sweepAbandonedCalls, type ReservationSweeperDeps } from '../../control/calls/host/reservation-sweeper.js';
import { generateRoomKeyPair } from '../../shared/signing/room-token.js';
import { ownDatabase } from '../support/services.js';
import { recordedEventMismatches } from '../support/event-check.js';

const MIN = 60_000;
const clock = new ManualClock();
const log = createLogger({ level: 'silent' });
/** Waiters for a log line (the bus nak'ing a message whose handler threw, the sweeper releasing a call). */
const logWaiters: Array<{ text: string; resolve: () => void }> = [];
const logged = (text: string): Promise<void> => new Promise((resolve) => logWaiters.push({ text, resolve }));
// A silent logger that tells the test what happened: the host's commits and sweeps have no other hook.
const watchedLog = pino({
  level: 'debug',
  hooks: {
    logMethod(args, method) {
      for (const w of logWaiters.filter((x) => String(args[1]).includes(x.text))) w.resolve();
      method.apply(this, args);
    },
  },
}, { write: () => {} });
const hot = createMemoryStore({ clock });
let database: Awaited<ReturnType<typeof ownDatabase>>;
let sql: Sql;
let bus: Bus;
let host: ActorHost;
let calls: CallsService;
let deps: ReservationSweeperDeps;
let companyId = '';
let profileId = '';
let caller: KeyPrincipal;
/** Calls for which the actor sent anything to a media node (dialled, opened a session). */
const dialled = new Set<string>();
let seq = 0;
const roomKey = generateRoomKeyPair().privateKey;

beforeAll(async () => {
  // A database of its own: the host leases every call partition of its database, and another file's host
  // (on its own bus) holding some of them would leave this file's calls unheard.
  database = await ownDatabase('sweeper');
  sql = database.sql;
  await migrate(sql);
  bus = createMemoryBus({ clock, log: watchedLog });
  const config = loadConfig({ SENTRAL_PARTITIONS: '8' });
  const services: Services = { config, clock, log: watchedLog, sql, bus, hot, metrics: new Registry() };
  const { onCommit } = callEffectHooks({ bus, clock, log, hot, partitions: 8 });
  host = await startActorHost(services, {
    machines: callMachines,
    onCommit,
    effectRunner: async (effects, context) => {
      if (effects.some((e) => e.type === 'media.op')) dialled.add(context.callId);
    },
  });
  await host.ready();
  calls = {
    services,
    actors: { bus, clock, partitions: 8 },
    picker: new MediaNodePicker(bus, clock),
    admission: new SetupAdmission(),
    signer: new ConnectionSigner(async () => roomKey),
    roomKey: async () => roomKey,
  };
  deps = { sql, clock, log: watchedLog, hot, partitions: 8 };
  await sql.begin(async (tx) => {
    companyId = (await insertCompany(tx, clock, { name: 'Sweeper', balanceOre: 100_000 })).company.id;
    profileId = (await createProfile(tx, clock, companyId, { name: 'P', slug: 'p' })).id;
  });
  caller = { kind: 'key', keyId: 'key_sweeper', companyId, profileId: null, mode: 'live', scopes: new Set() };
});
afterAll(async () => {
  await host?.stop();
  // Every call event the actors recorded matches its schema in protocol/calls/call-events.ts.
  const mismatches = companyId ? await recordedEventMismatches(sql, companyId) : [];
  await bus?.close();
  await database?.drop();
  expect(mismatches).toEqual([]);
});

const balance = async (): Promise<number> => {
  const [row] = await sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${companyId}`;
  return Number(row!.balance_ore);
};
const openReservations = async (callId: string): Promise<number> => {
  const rows = await sql`select 1 from reservations where reference = ${callId} and state = 'open'`;
  return rows.length;
};
const releases = async (callId: string): Promise<number> => {
  const rows = await sql`select 1 from ledger_entries where reference = ${callId} and kind = 'release'`;
  return rows.length;
};

/**
 * What POST /v1/calls stores before it creates the actor: the call's row and its reservations (a phone call
 * at 25 øre for 10 minutes and a bot at 10 øre for 5), under the call id its Idempotency-Key derives.
 */
async function storeCall(idempotencyKey: string): Promise<CallActorInput> {
  const callId = derivedId('call', companyId, 'live', idempotencyKey);
  return sql.begin(async (tx) => {
    const ctx = { companyId, profileId, mode: 'live' as const, reference: callId, minutes: 10 };
    const [call, bot] = await reserveCharges(tx, clock, ctx, [
      { service: 'phone', rateOre: 25, maxMinutes: null },
      { service: 'bot', rateOre: 10, maxMinutes: 5 },
    ]);
    const launch: CallActorInput = {
      callId,
      companyId,
      profileId,
      mode: 'live',
      at: clock.now(),
      media: { nodeId: 'node_none', roomUrl: 'ws://127.0.0.1:9/room' },
      to: '+442079460003',
      from: '+4723000001',
      primaryParticipantId: derivedId('part', callId, 'to'),
      ringTimeoutSeconds: 600,
      conference: false,
      externalRef: null,
      metadata: { order: '42' },
      assignedTo: null,
      greeting: null,
      recording: null,
      stream: null,
      participants: [{ participantId: derivedId('part', callId, '0'), kind: 'bot', maxMinutes: 5, charge: bot! }],
      charge: call!,
    };
    await insertCall(tx, launch);
    return launch;
  });
}

/** A retried POST /v1/calls with the same key (the stored row decides; the body is not read again). */
const retry = (idempotencyKey: string) => createCall(calls, caller, { profileId } as CreateCallRequest, idempotencyKey);

describe('the reservation sweeper', () => {
  it('releases an orphaned call\'s reservations after the grace period, to the øre, and shows the call ended as not_started', async () => {
    const before = await balance();
    const key = `orphan-${++seq}`;
    const { callId } = await storeCall(key);
    expect(await balance()).toBe(before - 250 - 50);

    await clock.advance(ABANDONED_AFTER_MS - MIN);
    expect(await sweepAbandonedCalls(deps)).toEqual([]);
    expect(await openReservations(callId)).toBe(2);

    await clock.advance(MIN);
    expect(await sweepAbandonedCalls(deps)).toEqual([{ callId, releasedOre: 300 }]);
    expect(await balance()).toBe(before);
    expect(await openReservations(callId)).toBe(0);

    const shown = await readCall(calls, callId);
    expect(shown).toMatchObject({ id: callId, state: 'ended', endReason: 'not_started', priceOre: 0, countedMinutes: 0, metadata: { order: '42' } });
  });

  it('ends a test-key call that holds no reservation and never got an actor, as not_started', async () => {
    const before = await balance();
    const launch = await storeCall(`test-key-${++seq}`);
    // A test-key call: the same row, but its charges hold no money (no reservations).
    const callId = `${launch.callId}t`;
    const testLaunch: CallActorInput = {
      ...launch,
      callId,
      mode: 'test',
      participants: launch.participants.map((p) => ({ ...p, charge: { ...p.charge!, reservationId: null, reservedOre: 0, rateOre: 0 } })),
      charge: { ...launch.charge, reservationId: null, reservedOre: 0, rateOre: 0 },
    };
    await sql.begin((tx) => insertCall(tx, testLaunch));
    expect(await openReservations(callId)).toBe(0);
    await clock.advance(ABANDONED_AFTER_MS - MIN);
    expect((await sweepAbandonedCalls(deps)).map((s) => s.callId)).not.toContain(callId);
    await clock.advance(MIN);
    const swept = await sweepAbandonedCalls(deps);
    expect(swept).toEqual(expect.arrayContaining([{ callId, releasedOre: 0 }, { callId: launch.callId, releasedOre: 300 }]));
    expect(await readCall(calls, callId)).toMatchObject({ id: callId, state: 'ended', endReason: 'not_started', priceOre: 0 });
    expect(await balance()).toBe(before);
    expect(await sweepAbandonedCalls(deps)).toEqual([]);
  });

  it('a retry with the same Idempotency-Key after the sweep answers the ended call and dials nothing', async () => {
    const before = await balance();
    const key = `orphan-${++seq}`;
    const { callId } = await storeCall(key);
    await clock.advance(ABANDONED_AFTER_MS);
    await sweepAbandonedCalls(deps);

    const answered = await retry(key);
    expect(answered).toMatchObject({ id: callId, state: 'ended', endReason: 'not_started' });
    expect(dialled.has(callId)).toBe(false);
    expect(await balance()).toBe(before);
    expect(await releases(callId)).toBe(2);
  });

  it('never touches the reservation of a call whose actor exists, however old', async () => {
    const key = `live-${++seq}`;
    const { callId } = await storeCall(key);
    const started = await retry(key);
    expect(started.state).toBe('dialing');
    const held = await balance();

    await clock.advance(ABANDONED_AFTER_MS + 2 * MIN);
    expect((await sweepAbandonedCalls(deps)).map((s) => s.callId)).not.toContain(callId);
    expect(await openReservations(callId)).toBe(2);
    expect(await balance()).toBe(held);
    expect((await readCall(calls, callId)).state).toBe('dialing');
    // Hung up, the call spends its own money (nothing: never answered) and holds none any more.
    await askActor(calls.actors, callId, { id: `hangup-${callId}`, type: 'call.hangup' });
    expect(await openReservations(callId)).toBe(0);
  });

  it('an actor creation decided before the sweep but committed after it is turned away: the call stays ended, nothing dialled', async () => {
    const before = await balance();
    const key = `racing-${++seq}`;
    const { callId } = await storeCall(key);
    await clock.advance(ABANDONED_AFTER_MS);
    // Hold the host's commit at its fence (after it decided to create the actor) while the sweeper runs.
    let unblock!: () => void;
    const held = new Promise<void>((resolve) => (unblock = resolve));
    const locking = sql.begin(async (tx) => {
      await tx`select 1 from partition_epochs for update`;
      await held;
    });
    const refused = logged('failed (race); retrying');
    const creating = retry(key);
    await untilCommitWaits();
    expect(await sweepAbandonedCalls(deps)).toEqual([{ callId, releasedOre: 300 }]);
    unblock();
    await locking;
    // The host refuses to overwrite the sweeper's snapshot; tried again after its first backoff, the
    // creation meets it and is answered as for an existing actor.
    await refused;
    await clock.advance(TRANSIENT_RETRY_FIRST_MS);
    expect(await creating).toMatchObject({ id: callId, state: 'ended', endReason: 'not_started' });
    expect(dialled.has(callId)).toBe(false);
    expect(await balance()).toBe(before);
  });

  it('two sweepers at once release each reservation once', async () => {
    const before = await balance();
    const keys = [`twice-${++seq}`, `twice-${++seq}`, `twice-${++seq}`];
    const ids = [];
    for (const key of keys) ids.push((await storeCall(key)).callId);
    await clock.advance(ABANDONED_AFTER_MS);
    const [a, b] = await Promise.all([sweepAbandonedCalls(deps), sweepAbandonedCalls(deps)]);
    expect([...a, ...b].map((s) => s.callId).sort()).toEqual([...ids].sort());
    expect(await balance()).toBe(before);
    for (const id of ids) expect(await releases(id)).toBe(2);
    expect(await sweepAbandonedCalls(deps)).toEqual([]);
  });

  it('runs on the clock: a started sweeper releases an orphan within a minute of its grace period ending', async () => {
    const before = await balance();
    const { callId } = await storeCall(`timed-${++seq}`);
    const released = logged('call never started');
    const sweeper = startReservationSweeper(deps);
    try {
      await clock.advance(ABANDONED_AFTER_MS - MIN);
      expect(await openReservations(callId)).toBe(2);
      // Each sweep arms the next one a minute after it is done: a minute at a time, letting each finish.
      let done = false;
      void released.then(() => (done = true));
      for (let minute = 0; minute < 4 && !done; minute++) {
        const swept = logged('swept');
        await clock.advance(MIN);
        await swept;
      }
      await released;
      expect(await openReservations(callId)).toBe(0);
      expect(await balance()).toBe(before);
    } finally {
      await sweeper.stop();
    }
  });

  it('finds the calls of its lookback window through an index, not by reading every call ever made', async () => {
    // With sequential scans priced out, the plan names an index only if one serves the predicate.
    const plan = await sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx<{ 'QUERY PLAN': string }[]>`explain select id from calls where created_at_ms <= ${clock.now()} and created_at_ms > ${clock.now() - MIN}`;
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/calls_created/);
  });
});

/** Polls (a last resort: the host's commit has no hook) until a transaction waits for the partition lock. */
async function untilCommitWaits(): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%partition_epochs%'`;
    if (row!.n > 0) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('the host never reached its commit');
}
