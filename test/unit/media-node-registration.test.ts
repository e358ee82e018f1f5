import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_NODES_BUCKET } from '../../protocol/bus/bus-names.js';
import { MEDIA_NODE_TTL_MS, type MediaNodeRecord } from '../../protocol/media/media-node-record.js';
import type { Bus, KvBucket } from '../../shared/bus/bus.js';
import { BusError } from '../../shared/bus/bus-error.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { createLogger } from '../../shared/log/log.js';
import { NodeRegistration } from '../../media/node/node-registration.js';
import { MediaNodePicker } from '../../control/calls/requests/media-node-picker.js';

// Issue #38: a media node's registry entry through a replicated bucket's leader election, and through a cut.
// The registry is the in-process bus's bucket on the test clock; the fault is a bucket whose writes go
// unanswered (as JetStream's do while the stream has no leader, or while the node's path is black-holed):
// each write waits for its timeout (the NATS client's 5 s unless the writer bounds it) and is not stored.

/** How long an unbounded write waits for its answer (the NATS client's JetStream default). */
const CLIENT_TIMEOUT_MS = 5_000;

/** `bucket` whose writes go unanswered while `cut()` says so. */
function faulty(bucket: KvBucket, clock: ManualClock, cut: () => boolean): KvBucket {
  return {
    create: (key, value) => bucket.create(key, value),
    update: (key, value, revision) => bucket.update(key, value, revision),
    get: (key) => bucket.get(key),
    delete: (key, options) => bucket.delete(key, options),
    keys: () => bucket.keys(),
    watch: (handler, options) => bucket.watch(handler, options),
    put: (key, value, options) => {
      if (!cut()) return bucket.put(key, value);
      return new Promise((_, reject) =>
        clock.setTimer(options?.timeoutMs ?? CLIENT_TIMEOUT_MS, () => reject(new BusError('unavailable', `put KV key ${key}: timeout`))),
      );
    },
  };
}

describe('a media node\'s registry entry', () => {
  let clock: ManualClock;
  let bus: Bus;
  let bucket: KvBucket;
  let picker: MediaNodePicker;
  let registration: NodeRegistration | undefined;
  const startedAt = Date.UTC(2026, 0, 1);

  beforeEach(async () => {
    clock = new ManualClock(startedAt);
    bus = createMemoryBus({ clock });
    bucket = await bus.kv(MEDIA_NODES_BUCKET, { ttlMs: MEDIA_NODE_TTL_MS });
    picker = new MediaNodePicker(bus, clock);
  });
  afterEach(async () => {
    // A write under way ends at its timeout, on the test clock.
    const stopping = registration?.stop();
    await clock.advance(MEDIA_NODE_TTL_MS);
    await stopping;
    registration = undefined;
    await bus.close();
  });

  const record = (): MediaNodeRecord => ({ nodeId: 'media-1', roomUrl: 'ws://127.0.0.1:1/room', capacity: 10, load: 1, sessions: 1, startedAt, heartbeatAt: clock.now() });
  const registered = async () => (await picker.registered()).map((r) => r.nodeId);

  it.each([
    ['9 s (the longest single election)', 9_000],
    ['13 s (a split vote)', 13_000],
  ])('rides through a leader election of %s: the entry never lapses, on the node or in the registry', async (_, electionMs) => {
    let electing = false;
    const lapses: number[] = [];
    registration = new NodeRegistration(faulty(bucket, clock, () => electing), clock, createLogger({ level: 'silent' }), record, undefined, () => lapses.push(clock.now()));
    await registration.start();
    await clock.advance(1_000);
    electing = true;
    for (let t = 0; t < electionMs; t += 500) {
      await clock.advance(500);
      expect(await registered()).toEqual(['media-1']);
    }
    electing = false;
    for (let t = 0; t < 2 * MEDIA_NODE_TTL_MS; t += 500) {
      await clock.advance(500);
      expect(await registered()).toEqual(['media-1']);
    }
    expect(lapses).toEqual([]);
  });

  it('a node cut off for good lapses a TTL after its last stored heartbeat, on the node and in the registry, and registers again when the path heals', async () => {
    let cut = false;
    const lapses: number[] = [];
    registration = new NodeRegistration(faulty(bucket, clock, () => cut), clock, createLogger({ level: 'silent' }), record, undefined, () => lapses.push(clock.now()));
    await registration.start();
    await clock.advance(10_000);
    const lastStored = JSON.parse(new TextDecoder().decode((await bucket.get('media-1'))!.value)).heartbeatAt as number;
    cut = true;
    await clock.advanceTo(lastStored + MEDIA_NODE_TTL_MS - 1);
    expect(await registered()).toEqual(['media-1']);
    expect(lapses).toEqual([]);
    await clock.advance(1);
    expect(await registered()).toEqual([]);
    // The node hears of it at its next try, a write's timeout at most later.
    await clock.advance(MEDIA_NODE_TTL_MS / 10);
    expect(lapses).toHaveLength(1);
    expect(lapses[0]! - lastStored).toBeGreaterThanOrEqual(MEDIA_NODE_TTL_MS);
    await clock.advance(30_000);
    expect(lapses).toHaveLength(1);
    // The write under way at the heal times out; the next is stored.
    cut = false;
    await clock.advance(MEDIA_NODE_TTL_MS / 10 + 500);
    expect(await registered()).toEqual(['media-1']);
    expect(lapses).toHaveLength(1);
  });
});
