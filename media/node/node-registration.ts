import type { KvBucket } from '../../shared/bus/bus.js';
import type { Clock, Timer } from '../../shared/clock/clock.js';
import type { Logger } from '../../shared/log/log.js';
import { MEDIA_NODE_TTL_MS, type MediaNodeRecord } from '../../protocol/media/media-node-record.js';

/** How often a node rewrites its entry: three heartbeats fit in one TTL. */
export const MEDIA_NODE_HEARTBEAT_MS = MEDIA_NODE_TTL_MS / 3;

/**
 * A node's entry in the media-node registry: written at start, rewritten every heartbeat with the
 * current load, deleted at shutdown. A node that dies simply stops heartbeating and its entry expires.
 */
export class NodeRegistration {
  private timer: Timer | null = null;
  private stopped = false;
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly bucket: KvBucket,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly record: () => MediaNodeRecord,
    private readonly heartbeatMs: number = MEDIA_NODE_HEARTBEAT_MS,
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
    await this.bucket.delete(this.record().nodeId).catch((err: unknown) => this.log.warn({ err }, 'media node deregistration failed'));
  }

  /** Rewrites the entry now (a change such as a drain is seen at once, not at the next heartbeat). */
  async refresh(): Promise<void> {
    await this.beat();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimer(this.heartbeatMs, () => {
      void this.beat()
        .catch((err: unknown) => this.log.warn({ err }, 'media node heartbeat failed'))
        .finally(() => this.schedule());
    });
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    const record = this.record();
    await this.bucket.put(record.nodeId, this.encoder.encode(JSON.stringify(record)));
  }
}
