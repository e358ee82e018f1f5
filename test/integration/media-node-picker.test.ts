import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import type { Bus } from '../../shared/bus/bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { MEDIA_NODES_BUCKET } from '../../protocol/bus/bus-names.js';
import { MEDIA_NODE_TTL_MS, type MediaNodeRecord } from '../../protocol/media/media-node-record.js';
import { MediaNodePicker, PICK_SETTLE_MS } from '../../control/calls/requests/media-node-picker.js';
import { uniquePrefix } from '../support/services.js';

// A node's reported load lags a burst: the picker counts what it handed out since, so a burst beyond the
// capacity is refused (503 media_capacity_exhausted) instead of placed on a node that has no room.
describe('the media node picker', () => {
  let clock: ManualClock;
  let bus: Bus;
  let picker: MediaNodePicker;

  beforeEach(() => {
    clock = new ManualClock(Date.UTC(2026, 10, 28, 12));
    bus = createMemoryBus({ prefix: uniquePrefix('picker'), clock });
    picker = new MediaNodePicker(bus, clock);
  });
  afterEach(async () => {
    await bus.close();
  });

  async function heartbeat(nodeId: string, fields: Partial<MediaNodeRecord> = {}): Promise<void> {
    const bucket = await bus.kv(MEDIA_NODES_BUCKET, { ttlMs: MEDIA_NODE_TTL_MS });
    const record: MediaNodeRecord = { nodeId, roomUrl: `ws://127.0.0.1:1/${nodeId}`, capacity: 4, load: 0, sessions: 0, startedAt: 0, heartbeatAt: clock.now(), ...fields };
    await bucket.put(nodeId, new TextEncoder().encode(JSON.stringify(record)));
  }

  const refusal = (legs: number) => picker.pick(legs).then(() => null, (err: { code?: string; status?: number; retryAfterSeconds?: number }) => err);

  it('a burst between two heartbeats gets no more legs than the nodes have room for, then 503 media_capacity_exhausted', async () => {
    await heartbeat('node_a', { capacity: 4 });
    await heartbeat('node_b', { capacity: 2 });
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push((await picker.pick(2)).nodeId);
    expect(placed.sort()).toEqual(['node_a', 'node_a', 'node_b']);
    expect(await refusal(1)).toMatchObject({ code: 'media_capacity_exhausted', status: 503, retryAfterSeconds: 1 });
  });

  it('a heartbeat that carries the picked legs in its load counts them once; legs given back free the room again', async () => {
    await heartbeat('node_a', { capacity: 4 });
    await picker.pick(2);
    await picker.pick(2);
    expect(await refusal(1)).toMatchObject({ code: 'media_capacity_exhausted' });
    // The node's report, long enough after the picks to hold them: still full, not counted twice.
    await clock.advance(PICK_SETTLE_MS + 1);
    await heartbeat('node_a', { capacity: 4, load: 4 });
    expect(await refusal(1)).toMatchObject({ code: 'media_capacity_exhausted' });
    // Two legs ended.
    await heartbeat('node_a', { capacity: 4, load: 2 });
    expect((await picker.pick(2)).nodeId).toBe('node_a');
  });

  it('no live node at all (none registered, or every one draining) is media_unavailable', async () => {
    expect(await refusal(1)).toMatchObject({ code: 'media_unavailable', status: 503 });
    await heartbeat('node_a', { draining: true });
    expect(await refusal(1)).toMatchObject({ code: 'media_unavailable' });
  });
});
