/**
 * Chooses the media node a new call's audio lives on: the registered node (KV bucket `media-nodes`) with
 * the most free capacity, among those still registered. All of a call's audio stays on that node.
 */
import { Value } from 'typebox/value';
import { MEDIA_NODE_TTL_MS, MediaNodeRecord } from '../../../protocol/media/media-node-record.js';
import type { Bus, KvBucket } from '../../../shared/bus/bus.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { MEDIA_NODES_BUCKET } from '../../../protocol/bus/bus-names.js';

const decoder = new TextDecoder();

/** Picks media nodes for new calls. */
export class MediaNodePicker {
  private bucket: Promise<KvBucket> | undefined;

  constructor(private readonly bus: Bus) {}

  /** The least loaded live node with room for `legs` more legs; media_unavailable when there is none. */
  async pick(legs: number): Promise<MediaNodeRecord> {
    let best: MediaNodeRecord | undefined;
    for (const record of await this.registered()) {
      if (record.draining === true) continue;
      if (record.capacity - record.load < legs) continue;
      if (!best || record.capacity - record.load > best.capacity - best.load) best = record;
    }
    if (!best) throw new SentralError('media_unavailable', { retryAfterSeconds: 5 });
    return best;
  }

  /** Every node in the registry (a node that stopped heartbeating drops out of the bucket with its TTL). */
  async registered(): Promise<MediaNodeRecord[]> {
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
    return Value.Check(MediaNodeRecord, record) ? record : null;
  } catch {
    return null;
  }
}
