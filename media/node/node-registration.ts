import type { KvBucket } from '../../shared/bus/bus.js';
import type { Clock, Timer } from '../../shared/clock/clock.js';
import type { Logger } from '../../shared/log/log.js';
import { MEDIA_NODE_TTL_MS, type MediaNodeRecord } from '../../protocol/media/media-node-record.js';

/** How often a node rewrites its entry: three heartbeats fit in one TTL. */
export const MEDIA_NODE_HEARTBEAT_MS = MEDIA_NODE_TTL_MS / 3;

/**
 * A node's entry in the media-node registry: written at start, rewritten every heartbeat with the
 * current load, deleted at shutdown. A node that dies simply stops heartbeating and its entry expires.
 *
 * A node cut off from the bus (a partition: nothing closed, nothing arrives) goes on running while its entry
 * expires, and the control plane ends its calls as `media_lost`. When no heartbeat of it has been stored for
 * the TTL, its entry has lapsed: it is told so (`onLapsed`, before its next write and on each failed one)
 * and ends those calls' sessions itself, then registers again as a new run, so that the media watcher ends
 * the calls of the old run even if no sweep saw the entry gone.
 */
export class NodeRegistration {
  private timer: Timer | null = null;
  private stopped = false;
  private readonly encoder = new TextEncoder();
  /** `heartbeatAt` of the last entry the bus confirmed it stored. */
  private storedAt: number | undefined;
  /** The entry lapsed and has not been written since. */
  private lapsed = false;
  /** The heartbeat being written, if one is. */
  private beating: Promise<void> | undefined;

  constructor(
    private readonly bucket: KvBucket,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly record: () => MediaNodeRecord,
    private readonly heartbeatMs: number = MEDIA_NODE_HEARTBEAT_MS,
    private readonly onLapsed: () => void = () => {},
  ) {}

  /** Writes the entry and starts heartbeating. */
  async start(): Promise<void> {
    await this.beat();
    this.schedule();
  }

  /** Stops heartbeating and deletes the entry. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    await this.beating;
    await this.bucket.delete(this.record().nodeId).catch((err: unknown) => this.log.warn({ err }, 'media node deregistration failed'));
  }

  /** Rewrites the entry now (a change such as a drain is seen at once, not at the next heartbeat). */
  async refresh(): Promise<void> {
    await this.beat();
  }

  // A heartbeat every heartbeatMs from the last one's start, not its end: a write that takes long (the bus
  // tries it again while the bucket's stream elects a leader, seconds) must not stretch the gaps between
  // writes, or one election cost the node its entry. A tick while a write is still trying is that write's.
  private schedule(): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimer(this.heartbeatMs, () => {
      this.schedule();
      if (this.beating) return;
      this.beating = this.beat()
        .catch((err: unknown) => {
          this.log.warn({ err }, 'media node heartbeat failed');
          this.checkLapsed();
        })
        .finally(() => {
          this.beating = undefined;
        });
    });
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    this.checkLapsed();
    const record = this.record();
    await this.bucket.put(record.nodeId, this.encoder.encode(JSON.stringify(record)));
    if (this.lapsed) this.log.warn({ startedAt: record.startedAt }, 'media node registered again as a new run');
    this.lapsed = false;
    this.storedAt = Math.max(this.storedAt ?? 0, record.heartbeatAt);
  }

  /** Tells of a lapsed entry once per lapse (the next stored heartbeat starts a new one). */
  private checkLapsed(): void {
    if (this.storedAt === undefined || this.clock.now() - this.storedAt < MEDIA_NODE_TTL_MS) return;
    this.storedAt = undefined;
    this.lapsed = true;
    this.log.warn({ ttlMs: MEDIA_NODE_TTL_MS }, 'no heartbeat stored for the registry TTL: this node counts as lost, its calls as ended');
    this.onLapsed();
  }
}
