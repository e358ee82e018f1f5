/**
 * Calls never outlive their media: the media watcher against real PostgreSQL, the actor host and the call
 * machines, on the injected clock. A node whose heartbeat stops gets its calls ended as media_lost, billed
 * to its last heartbeat; a standalone restart ends the previous run's live calls as service_restarted,
 * billed to the stop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import type { CallActorInput } from '../../protocol/calls/call-actor.js';
import type { CreateCallRequest } from '../../protocol/calls/call.js';
import { MEDIA_NODE_TTL_MS, type MediaNodeRecord } from '../../protocol/media/media-node-record.js';
import { MEDIA_NODES_BUCKET } from '../../protocol/bus/bus-names.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import type { Bus, KvBucket } from '../../shared/bus/bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { loadConfig } from '../../shared/config/config.js';
import type { Sql } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createLogger } from '../../shared/log/log.js';
import { derivedId } from '../../shared/ids/derived-id.js';
import { insertCompany } from '../../control/accounts/companies.js';
import { createProfile } from '../../control/accounts/profiles.js';
import type { KeyPrincipal } from '../../control/accounts/principal.js';
import type { Services } from '../../shared/services/services.js';
import { callEffectHooks } from '../../control/calls/host/call-effects.js';
import { startActorHost, type ActorHost } from '../../control/calls/host/actor-host.js';
import { callMachines } from '../../control/calls/host/machine-registry.js';
import { createCall } from '../../control/calls/requests/call-launcher.js';
import { reserveCharges } from '../../control/calls/requests/call-pricing.js';
import { readCall } from '../../control/calls/requests/call-reads.js';
import type { CallsService } from '../../control/calls/requests/calls-service.js';
import { ConnectionSigner } from '../../control/calls/requests/connection-signer.js';
import { SetupAdmission } from '../../control/calls/requests/setup-admission.js';
import { MediaNodePicker } from '../../control/calls/requests/media-node-picker.js';
import { insertCall } from '../../control/calls/store/call-records.js';
import { startMediaWatcher, sweepLostMedia, type MediaWatcherDeps } from '../../control/calls/host/media-watcher.js';
import { generateRoomKeyPair } from '../../shared/signing/room-token.js';
import { ownDatabase } from '../support/services.js';
import { recordedEventMismatches } from '../support/event-check.js';

const clock = new ManualClock();
const log = createLogger({ level: 'silent' });
const hot = createMemoryStore({ clock });
const roomKey = generateRoomKeyPair().privateKey;
const encoder = new TextEncoder();
let database: Awaited<ReturnType<typeof ownDatabase>>;
let sql: Sql;
let bus: Bus;
let nodes: KvBucket;
let host: ActorHost;
let calls: CallsService;
let deps: MediaWatcherDeps;
let companyId = '';
let profileId = '';
let caller: KeyPrincipal;
let seq = 0;
/** Resolvers waiting for a call's call.ended commit. */
const endings = new Map<string, (data: Record<string, unknown>) => void>();

beforeAll(async () => {
  // A database of its own: the host leases every call partition of its database, and another file's host
  // (on its own bus) holding some of them would leave this file's calls unheard.
  database = await ownDatabase('media_watch');
  sql = database.sql;
  await migrate(sql);
  bus = createMemoryBus({ clock });
  nodes = await bus.kv(MEDIA_NODES_BUCKET, { ttlMs: MEDIA_NODE_TTL_MS });
  const config = loadConfig({ SENTRAL_PARTITIONS: '8' });
  const services: Services = { config, clock, log, sql, bus, hot, metrics: new Registry() };
  const hooks = callEffectHooks({ bus, clock, log, hot, partitions: 8 });
  host = await startActorHost(services, {
    machines: callMachines,
    onCommit: hooks.onCommit,
    // The call's end is awaited once committed (the test's one hook into the host); no media node is asked.
    effectRunner: async (effects, context) => {
      for (const e of effects) if (e.type === 'event.record' && e.eventType === 'call.ended') endings.get(context.callId)?.(e.data as Record<string, unknown>);
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
  deps = { sql, bus, clock, log, partitions: 8, standalone: false };
  await sql.begin(async (tx) => {
    companyId = (await insertCompany(tx, clock, { name: 'Media watch', balanceOre: 100_000 })).company.id;
    profileId = (await createProfile(tx, clock, companyId, { name: 'P', slug: 'p' })).id;
  });
  caller = { kind: 'key', keyId: 'key_watch', companyId, profileId: null, mode: 'live', scopes: new Set() };
});
afterAll(async () => {
  await host?.stop();
  const mismatches = companyId ? await recordedEventMismatches(sql, companyId) : [];
  await bus?.close();
  await database?.drop();
  expect(mismatches).toEqual([]);
});

const balance = async (): Promise<number> => {
  const [row] = await sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${companyId}`;
  return Number(row!.balance_ore);
};

/** When each node's run started (its first heartbeat, or the start a heartbeat named). */
const runs = new Map<string, number>();

/** The node's heartbeat: its registry entry written now, by the run started at `startedAt` (default: its current run). */
async function heartbeat(nodeId: string, startedAt = runs.get(nodeId) ?? clock.now()): Promise<void> {
  runs.set(nodeId, startedAt);
  const record: MediaNodeRecord = { nodeId, roomUrl: 'ws://127.0.0.1:9/room', capacity: 100, load: 1, sessions: 1, startedAt, heartbeatAt: clock.now() };
  await nodes.put(nodeId, encoder.encode(JSON.stringify(record)));
}

/**
 * An app-only call (in progress at once) at 10 øre a minute for 10 minutes on `nodeId`, stored and started as
 * POST /v1/calls does; resolves with its id and a promise of its call.ended data.
 */
async function liveCall(nodeId: string): Promise<{ callId: string; ended: Promise<Record<string, unknown>> }> {
  const key = `watch-${++seq}`;
  const callId = derivedId('call', companyId, 'live', key);
  await sql.begin(async (tx) => {
    const [charge] = await reserveCharges(tx, clock, { companyId, profileId, mode: 'live', reference: callId, minutes: 10 }, [{ service: 'app', rateOre: 10, maxMinutes: null }]);
    const launch: CallActorInput = {
      callId, companyId, profileId, mode: 'live', at: clock.now(),
      media: { nodeId, roomUrl: 'ws://127.0.0.1:9/room' },
      to: null, from: null, primaryParticipantId: null, conference: false, externalRef: null, metadata: {}, assignedTo: null,
      greeting: null, recording: null, stream: null,
      participants: [{ participantId: derivedId('part', callId, '0'), kind: 'app', displayName: 'A', externalRef: 'user-a', charge: null }],
      charge: charge!,
    };
    await insertCall(tx, launch);
  });
  const ended = new Promise<Record<string, unknown>>((resolve) => endings.set(callId, resolve));
  const created = await createCall(calls, caller, { profileId } as CreateCallRequest, key);
  expect(created).toMatchObject({ id: callId, state: 'in_progress' });
  return { callId, ended };
}

describe('the media watcher', () => {
  it('ends a call on a node whose heartbeat stopped, within the window, as media_lost billed to the last heartbeat', async () => {
    await heartbeat('node_alive');
    await heartbeat('node_dies');
    const start = clock.now();
    const before = await balance();
    const survivor = await liveCall('node_alive');
    const victim = await liveCall('node_dies');

    // Both nodes heartbeat for 2 min 50 s: nothing is lost meanwhile.
    for (let t = 5_000; t <= 170_000; t += 5_000) {
      await clock.advance(5_000);
      await heartbeat('node_alive');
      await heartbeat('node_dies');
      if (t % 30_000 === 0) expect(await sweepLostMedia(deps, calls.picker, 'media_lost')).toEqual([]);
    }
    const lastHeartbeat = clock.now();
    // node_dies stops; within its TTL the call stays.
    await clock.advance(MEDIA_NODE_TTL_MS - 1_000);
    await heartbeat('node_alive');
    expect(await sweepLostMedia(deps, calls.picker, 'media_lost')).toEqual([]);
    // The sweep after that (5 s past the TTL, in the call's fourth minute): told, at the loss.
    await clock.advance(6_000);
    await heartbeat('node_alive');
    expect(await sweepLostMedia(deps, calls.picker, 'media_lost')).toEqual([{ callId: victim.callId, nodeId: 'node_dies', reason: 'media_lost', lostAt: lastHeartbeat }]);

    const ended = await victim.ended;
    expect(ended).toMatchObject({ reason: 'media_lost', duration: 170, countedMinutes: 3, priceOre: 30 });
    expect(await readCall(calls, victim.callId)).toMatchObject({ state: 'ended', endReason: 'media_lost', endedAt: new Date(lastHeartbeat).toISOString(), priceOre: 30 });
    expect(await readCall(calls, survivor.callId)).toMatchObject({ state: 'in_progress' });
    // The survivor still holds its 100 øre; the victim drew 30 and gave the rest back.
    expect(await balance()).toBe(before - 100 - 30);
    expect(lastHeartbeat - start).toBe(170_000);
    // An ended call is not told again.
    await clock.advance(5_000);
    await heartbeat('node_alive');
    expect(await sweepLostMedia(deps, calls.picker, 'media_lost')).toEqual([]);
    await nodes.delete('node_alive');
  });

  it('a node started again under the same id within its TTL: the previous run\'s calls end as media_lost at its last heartbeat, the new run\'s stay', async () => {
    // Calls of the tests before, on nodes gone, are not this test's.
    const sweepOn = async (nodeId: string) => (await sweepLostMedia(deps, calls.picker, 'media_lost')).filter((l) => l.nodeId === nodeId);
    await heartbeat('node_restarts');
    const old = await liveCall('node_restarts');
    for (let t = 0; t < 30_000; t += 5_000) {
      await clock.advance(5_000);
      await heartbeat('node_restarts');
      expect(await sweepOn('node_restarts')).toEqual([]);
    }
    const lastHeartbeat = clock.now();
    // Killed and started again 3 s later (systemd): the registry entry never expired, only its run changed.
    await clock.advance(3_000);
    await heartbeat('node_restarts', clock.now());
    const fresh = await liveCall('node_restarts');
    await clock.advance(2_000);
    await heartbeat('node_restarts');
    expect(await sweepOn('node_restarts')).toEqual([{ callId: old.callId, nodeId: 'node_restarts', reason: 'media_lost', lostAt: lastHeartbeat }]);
    expect(await old.ended).toMatchObject({ reason: 'media_lost', duration: 30, countedMinutes: 1 });
    await clock.advance(5_000);
    await heartbeat('node_restarts');
    expect(await sweepOn('node_restarts')).toEqual([]);
    expect(await readCall(calls, fresh.callId)).toMatchObject({ state: 'in_progress' });
    await nodes.delete('node_restarts');
    // Gone for good: the new run's call ends at that run's last heartbeat.
    await clock.advance(MEDIA_NODE_TTL_MS + 5_000);
    expect(await sweepOn('node_restarts')).toEqual([{ callId: fresh.callId, nodeId: 'node_restarts', reason: 'media_lost', lostAt: lastHeartbeat + 10_000 }]);
    expect(await fresh.ended).toMatchObject({ reason: 'media_lost' });
  });

  it('standalone: a restart ends the calls live at the stop as service_restarted, billed to the stop', async () => {
    await heartbeat('node_run1');
    const standalone = { ...deps, standalone: true, intervalMs: 5_000 };
    const run1 = await startMediaWatcher(standalone);
    const { callId, ended } = await liveCall('node_run1');
    for (let t = 0; t < 60_000; t += 5_000) {
      await clock.advance(5_000);
      await heartbeat('node_run1');
    }
    await clock.advance(3_000); // the stop comes between heartbeats
    const stoppedAt = clock.now();
    await run1.stop();
    // The process is gone (its in-process registry with it) for two minutes.
    await nodes.delete('node_run1');
    await clock.advance(2 * 60_000);
    await heartbeat('node_run2');
    const run2 = await startMediaWatcher(standalone);
    expect(await ended).toMatchObject({ reason: 'service_restarted', duration: 63, countedMinutes: 2, priceOre: 20 });
    expect(await readCall(calls, callId)).toMatchObject({ state: 'ended', endReason: 'service_restarted', endedAt: new Date(stoppedAt).toISOString() });
    await run2.stop();
  });

  it('a registry read that lists a node twice (its entry rewritten during the listing) is swept and noted once', async () => {
    await heartbeat('node_twice');
    const twice = Object.create(calls.picker) as MediaNodePicker;
    twice.registered = async () => {
      const listed = await calls.picker.registered();
      return [...listed, ...listed];
    };
    // Before, the heartbeats' upsert met its own row twice and failed the sweep (SQLSTATE 21000).
    await expect(sweepLostMedia(deps, twice, 'media_lost')).resolves.toBeInstanceOf(Array);
    const [seen] = await sql<{ heartbeat_at_ms: number }[]>`select heartbeat_at_ms from media_nodes_seen where node_id = 'node_twice'`;
    expect(Number(seen?.heartbeat_at_ms)).toBe(clock.now());
    await nodes.delete('node_twice');
  });
});
