import type { KvBucket } from '../../shared/bus/bus.js';
import { isBusError } from '../../shared/bus/bus-error.js';
import type { Clock, Timer } from '../../shared/clock/clock.js';
import type { Logger } from '../../shared/log/log.js';
import { MEDIA_NODE_TTL_MS, type MediaNodeRecord } from '../../protocol/media/media-node-record.js';

/**
 * How often a node rewrites its entry, and how long one write may take: ten fit in the TTL, so a bucket
 * whose replicated stream elects a leader (4-9 s, about twice that when a vote splits) costs the node a
 * few heartbeats, never its entry.
 */
export const MEDIA_NODE_HEARTBEAT_MS = MEDIA_NODE_TTL_MS / 10;

/** Least time between the starts of two writes (one that fails at once, while the connection is re-made, is not tried in a spin). */
const RETRY_PAUSE_MS = 250;

/** How long the first write is tried while the bus answers unavailable before the start fails (a bucket electing its leader as the node starts). */
const START_PATIENCE_MS = 60_000;

/**
 * A node's entry in the media-node registry: written at start, rewritten every heartbeat with the
 * current load, deleted at shutdown. A node that dies simply stops heartbeating and its entry expires.
 *
 * A write that fails is tried again at once with a fresh entry (its `heartbeatAt` now), not at the next
 * heartbeat and not with the stale one: the gap between two stored heartbeats is what the registry's TTL
 * judges, and through an election it is the election's length plus at most two heartbeats.
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
  /** The heartbeats fail (logged once until one is stored again). */
  private failing = false;
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

  /** Writes the entry (tried again while the bus answers unavailable, up to START_PATIENCE_MS) and starts heartbeating. */
  async start(): Promise<void> {
    const deadline = this.clock.now() + START_PATIENCE_MS;
    for (;;) {
      const started = this.clock.now();
      try {
        await this.beat();
        break;
      } catch (err) {
        if (!isBusError(err, 'unavailable') || this.clock.now() >= deadline) throw err;
        await new Promise<void>((resolve) => this.clock.setTimer(Math.max(0, started + RETRY_PAUSE_MS - this.clock.now()), resolve));
      }
    }
    this.schedule(this.heartbeatMs);
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

  // One write at a time: the next starts a heartbeat after this one's start when it was stored, as soon as
  // RETRY_PAUSE_MS allows when it failed.
  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimer(delayMs, () => {
      const started = this.clock.now();
      this.beating = this.beat().then(
        () => {
          this.failing = false;
          return this.heartbeatMs;
        },
        (err: unknown) => {
          if (!this.failing) this.log.warn({ err }, 'media node heartbeat failed; trying again');
          this.failing = true;
          this.checkLapsed();
          return RETRY_PAUSE_MS;
        },
      ).then((gap) => {
        this.beating = undefined;
        this.schedule(Math.max(0, started + gap - this.clock.now()));
      });
    });
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    this.checkLapsed();
    const record = this.record();
    await this.bucket.put(record.nodeId, this.encoder.encode(JSON.stringify(record)), { timeoutMs: this.heartbeatMs });
    if (this.lapsed) this.log.warn({ startedAt: record.startedAt }, 'media node registered again as a new run');
    else if (this.failing) this.log.info('media node heartbeat stored again');
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
