/**
 * Chooses the media node a new call's audio lives on: the registered node (KV bucket `media-nodes`) with
 * the most free capacity, among those still registered. All of a call's audio stays on that node.
 *
 * A node's load in the registry is what it reported at its last heartbeat, which lags a burst: the legs
 * picked here since (and for PICK_SETTLE_MS before it, the time a pick takes to become a leg on the node)
 * are counted against its capacity too, so a burst is refused (media_capacity_exhausted, 503) rather than
 * given a node that has no room left. Picks of other API processes are the node's own check to refuse.
 */
import { Compile } from 'typebox/compile';
import { MEDIA_NODE_TTL_MS, MediaNodeRecord } from '../../../protocol/media/media-node-record.js';
import type { Bus, KvBucket } from '../../../shared/bus/bus.js';
import type { Clock } from '../../../shared/clock/clock.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { MEDIA_NODES_BUCKET } from '../../../protocol/bus/bus-names.js';

// Compiled once: every pick reads the registry (Value.Check walks the schema each time).
const isMediaNodeRecord = Compile(MediaNodeRecord);

const decoder = new TextDecoder();

/** How long a picked leg may take to show in its node's reported load (the call's commit, then its addLeg). */
export const PICK_SETTLE_MS = 2_000;

/** Picks media nodes for new calls. */
export class MediaNodePicker {
  private bucket: Promise<KvBucket> | undefined;
  private reading: Promise<readonly MediaNodeRecord[]> | undefined;
  /** Legs handed out per node, with when: counted until a heartbeat well after them carries them in its load. */
  private readonly picked = new Map<string, Array<{ legs: number; at: number }>>();

  constructor(
    private readonly bus: Bus,
    private readonly clock: Clock,
  ) {}

  /**
   * The least loaded live node with room for `legs` more legs, which are counted against it from now on;
   * media_capacity_exhausted when every live node is full, media_unavailable when there is none.
   */
  async pick(legs: number): Promise<MediaNodeRecord> {
    let best: { record: MediaNodeRecord; free: number } | undefined;
    let live = 0;
    for (const record of await this.registered()) {
      if (record.draining === true) continue;
      live++;
      const free = record.capacity - record.load - this.pending(record);
      if (free < legs) continue;
      if (!best || free > best.free) best = { record, free };
    }
    if (!best) {
      if (live === 0) throw new SentralError('media_unavailable', { retryAfterSeconds: 5 });
      throw new SentralError('media_capacity_exhausted', { message: 'Every media node is at capacity; retry shortly.', retryAfterSeconds: 1 });
    }
    const list = this.picked.get(best.record.nodeId) ?? [];
    list.push({ legs, at: this.clock.now() });
    this.picked.set(best.record.nodeId, list);
    return best.record;
  }

  /** Legs picked for the node that its last reported load may not hold yet (older ones are forgotten). */
  private pending(record: MediaNodeRecord): number {
    const list = this.picked.get(record.nodeId);
    if (!list) return 0;
    const since = record.heartbeatAt - PICK_SETTLE_MS;
    const recent = list.filter((p) => p.at > since);
    if (recent.length === 0) this.picked.delete(record.nodeId);
    else this.picked.set(record.nodeId, recent);
    return recent.reduce((sum, p) => sum + p.legs, 0);
  }

  /**
   * Every node in the registry (a node that stopped heartbeating drops out of the bucket with its TTL).
   * Callers that come while a read is under way share it: a burst of setups reads the registry (a listing
   * of its keys, which JetStream serves with a consumer of its own, and a get per node) once per round trip,
   * not once per setup.
   */
  registered(): Promise<readonly MediaNodeRecord[]> {
    this.reading ??= this.readRegistry().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readRegistry(): Promise<MediaNodeRecord[]> {
    const bucket = await this.nodes();
    const records: MediaNodeRecord[] = [];
    for (const key of await bucket.keys()) {
      const record = await read(bucket, key);
      if (record !== null) records.push(record);
    }
    return records;
  }

  /** One live node by id (a SIP caller's call must live on the node holding its INVITE); media_unavailable when it is gone. */
  async node(nodeId: string): Promise<MediaNodeRecord> {
    const record = await read(await this.nodes(), nodeId);
    if (record === null) throw new SentralError('media_unavailable', { retryAfterSeconds: 5 });
    return record;
  }

  private nodes(): Promise<KvBucket> {
    this.bucket ??= this.bus.kv(MEDIA_NODES_BUCKET, { ttlMs: MEDIA_NODE_TTL_MS }).catch((err: unknown) => {
      this.bucket = undefined;
      throw err;
    });
    return this.bucket;
  }
}

/** A node's registry entry, or null when it is missing or unreadable. */
async function read(bucket: KvBucket, key: string): Promise<MediaNodeRecord | null> {
  const entry = await bucket.get(key);
  if (!entry) return null;
  try {
    const record: unknown = JSON.parse(decoder.decode(entry.value));
    return isMediaNodeRecord.Check(record) ? record : null;
  } catch {
    return null;
  }
}
