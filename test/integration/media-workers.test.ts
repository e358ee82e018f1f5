import { realClock } from '../../shared/clock/real-clock.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_NODES_BUCKET, mediaControlSubject } from '../../protocol/bus/bus-names.js';
import { MEDIA_NODE_TTL_MS, type MediaNodeRecord } from '../../protocol/media/media-node-record.js';
import type { MediaOp, MediaOpAnswer } from '../../protocol/media/media-op.js';
import type { Bus } from '../../shared/bus/bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { loadConfig } from '../../shared/config/config.js';
import { createLogger } from '../../shared/log/log.js';
import { MediaNodePicker } from '../../control/calls/requests/media-node-picker.js';
import { generateRoomKeyPair } from '../../shared/signing/room-token.js';
import { startMediaWorkers, type MediaWorkers } from '../../media/node/media-workers.js';
import { MEDIA_YOUNG_GENERATION_MIB } from '../../media/node/heap-settings.js';
import { eventually } from '../support/eventually.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { runDatabaseUrl, serviceUrls, uniquePrefix } from '../support/services.js';

type WithoutOpId<T> = T extends unknown ? Omit<T, 'opId'> : never;

const prefix = uniquePrefix('mworkers');
const dataDir = mkdtempSync(join(tmpdir(), 'sentral-mworkers-'));
let bus: Bus;
let host: MediaWorkers;
let ops = 0;

beforeAll(async () => {
  const config = loadConfig({
    DATABASE_URL: runDatabaseUrl(),
    NATS_URL: serviceUrls.nats,
    REDIS_URL: serviceUrls.redis,
    SENTRAL_PREFIX: prefix,
    SENTRAL_MEDIA_PORT: '0',
    SENTRAL_MEDIA_WORKERS: '2',
    SENTRAL_DATA_DIR: dataDir,
    SENTRAL_LOG_LEVEL: 'silent',
  });
  bus = await createNatsBus({ url: serviceUrls.nats, prefix, log: createLogger({ level: 'silent' }) });
  host = await startMediaWorkers(config, createLogger({ level: 'silent' }), {
    count: config.mediaWorkers,
    roomPublicKey: generateRoomKeyPair().publicKey,
    nodeId: 'node_host',
    heartbeatMs: 100,
  });
}, 60_000);

afterAll(async () => {
  await host?.stop();
  await bus?.close();
  await deleteNatsPrefix(prefix);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends an operation to one node (worker) as the call actor does. */
async function op(nodeId: string, operation: WithoutOpId<MediaOp>): Promise<MediaOpAnswer> {
  const body = new TextEncoder().encode(JSON.stringify({ opId: `op_w${++ops}`, ...operation }));
  const reply = await bus.request(mediaControlSubject(nodeId), body, { timeoutMs: 10_000 });
  return JSON.parse(new TextDecoder().decode(reply)) as MediaOpAnswer;
}

/** What a worker says about itself on its own port. */
async function health(port: number): Promise<{ nodeId: string; sessions: number; legs: number }> {
  return (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as { nodeId: string; sessions: number; legs: number };
}

async function registered(): Promise<MediaNodeRecord[]> {
  const bucket = await bus.kv(MEDIA_NODES_BUCKET, { ttlMs: MEDIA_NODE_TTL_MS });
  const records: MediaNodeRecord[] = [];
  for (const key of await bucket.keys()) {
    const entry = await bucket.get(key);
    if (entry) records.push(JSON.parse(new TextDecoder().decode(entry.value)) as MediaNodeRecord);
  }
  return records;
}

describe('a media host with one worker per core', () => {
  it('registers every worker as a node of its own, with its own port, clock and metrics', async () => {
    expect(host.workers.map((w) => w.nodeId)).toEqual(['node_host-w0', 'node_host-w1']);
    expect(new Set(host.workers.map((w) => w.port)).size).toBe(2);
    // (A key listing taken while heartbeats rewrite the entries may name a key twice.)
    expect([...new Set((await registered()).map((r) => r.nodeId))].sort()).toEqual(['node_host-w0', 'node_host-w1']);
  });

  it('runs every worker with the media young generation, not the V8 default (whose mark-compacts pause the tick)', () => {
    expect(host.workers.map((w) => w.youngGenerationMiB)).toEqual([MEDIA_YOUNG_GENERATION_MIB, MEDIA_YOUNG_GENERATION_MIB]);
  });

  it('every leg of a call, one added later included, lands on the worker that holds the call; the next call goes to the least loaded worker', async () => {
    const picker = new MediaNodePicker(bus, realClock);
    const first = await picker.pick(2);
    expect((await op(first.nodeId, { op: 'openSession', callId: 'call_w1' })).ok).toBe(true);
    for (const kind of ['app', 'bot'] as const) {
      expect((await op(first.nodeId, { op: 'addLeg', callId: 'call_w1', legId: `part_${kind}`, kind: 'room', room: { participantKind: kind } })).ok).toBe(true);
    }
    // The other worker does not hold the call: a leg sent there is refused, so a call cannot be split.
    const other = host.workers.find((w) => w.nodeId !== first.nodeId)!;
    expect(await op(other.nodeId, { op: 'addLeg', callId: 'call_w1', legId: 'part_late', kind: 'room', room: { participantKind: 'app' } })).toMatchObject({
      ok: false,
      error: { code: 'media_session_not_found' },
    });
    // Once the first worker's heartbeat shows its load, the next call is placed on the idle one.
    await eventually(async () => (await registered()).some((r) => r.nodeId === first.nodeId && r.load === 2));
    const second = await picker.pick(1);
    expect(second.nodeId).toBe(other.nodeId);
    expect((await op(second.nodeId, { op: 'openSession', callId: 'call_w2' })).ok).toBe(true);
    // A leg added later to the first call goes to the worker that holds it.
    expect((await op(first.nodeId, { op: 'addLeg', callId: 'call_w1', legId: 'part_late', kind: 'room', room: { participantKind: 'app' } })).ok).toBe(true);

    const holder = host.workers.find((w) => w.nodeId === first.nodeId)!;
    expect(await health(holder.port)).toMatchObject({ nodeId: first.nodeId, sessions: 1, legs: 3 });
    expect(await health(other.port)).toMatchObject({ nodeId: other.nodeId, sessions: 1, legs: 0 });
  });

  it('any worker\'s /metrics shows the whole host: each worker\'s load, tick lateness and skipped frames by worker, and the totals', async () => {
    const [w0, w1] = host.workers;
    expect((await op(w0!.nodeId, { op: 'openSession', callId: 'call_m0' })).ok).toBe(true);
    expect((await op(w1!.nodeId, { op: 'openSession', callId: 'call_m1' })).ok).toBe(true);
    for (const legId of ['part_m1', 'part_m2']) {
      expect((await op(w1!.nodeId, { op: 'addLeg', callId: 'call_m1', legId, kind: 'room', room: { participantKind: 'app' } })).ok).toBe(true);
    }
    const scrape = async (port: number): Promise<string> => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const text = await scrape(w0!.port);
    const value = (series: string): number => Number(new RegExp(`^${series.replace(/[{}.]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
    for (const worker of ['0', '1']) {
      expect(text).toMatch(new RegExp(`sentral_media_tick_lateness_ms\\{quantile="0.99",worker="${worker}"\\}`));
      expect(value(`sentral_media_tick_skipped_frames{worker="${worker}"}`)).toBeGreaterThanOrEqual(0);
    }
    const legs = [value('sentral_media_legs{worker="0"}'), value('sentral_media_legs{worker="1"}')];
    expect(legs[1]).toBeGreaterThanOrEqual(2);
    expect(value('sentral_media_host_legs')).toBe(legs[0]! + legs[1]!);
    expect(value('sentral_media_host_sessions')).toBe(value('sentral_media_sessions{worker="0"}') + value('sentral_media_sessions{worker="1"}'));
    expect(value('sentral_media_host_workers')).toBe(2);
    expect(value('sentral_media_host_tick_skipped_frames')).toBe(value('sentral_media_tick_skipped_frames{worker="0"}') + value('sentral_media_tick_skipped_frames{worker="1"}'));
    expect(value('sentral_media_host_tick_lateness_ms{quantile="max"}')).toBe(
      Math.max(value('sentral_media_tick_lateness_ms{quantile="max",worker="0"}'), value('sentral_media_tick_lateness_ms{quantile="max",worker="1"}')),
    );
    // The same view from the other worker's port; each series once.
    const other = await scrape(w1!.port);
    expect(other).toMatch(/sentral_media_legs\{worker="0"\}/);
    expect(text.match(/^# TYPE sentral_media_legs /gm)).toHaveLength(1);
  });
});
