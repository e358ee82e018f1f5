/**
 * Partition ownership through bus KV leases.
 *
 * - Workers announce themselves in bucket `workers` (key `w.<workerId>`, rewritten every renewal, gone
 *   after the bucket TTL when a worker dies). A worker's fair share is ceil(P / live workers).
 * - Leases live in bucket `partitions` (key `p.<n>`, same TTL). A worker below its share takes free
 *   partitions with `create` (only if absent); above its share it releases the extras (highest numbers
 *   first) so that load spreads when a worker joins. It renews every lease with a compare-and-set
 *   `update` on the revision it last wrote.
 * - A lease is lost at once when its compare-and-set fails (someone else holds it; unless the key holds
 *   this worker's own write whose answer was lost), and also when no
 *   renewal has succeeded for the TTL minus half a renewal interval (the bus is unreachable: the key
 *   may be expiring on the server right now).
 * - Renewals go first in each tick, all at once and beside the announcement, and a tick in which one
 *   failed (the bus away) is followed by another after a quarter of the renewal interval instead of a
 *   whole one: a bus that comes back before the leases run out finds them renewed at once, and one that
 *   was away longer gets its partitions claimed again within that quarter.
 * - Free partitions are noticed on the next renewal tick (NATS 2.9 tells watchers nothing when a TTL
 *   removes a key); explicit releases are also watched, so a release is taken up at once.
 */
import type { Bus, KvBucket, Subscription } from '../../../shared/bus/bus.js';
import { isBusError } from '../../../shared/bus/bus-error.js';
import type { Clock, Timer } from '../../../shared/clock/clock.js';
import type { Logger } from '../../../shared/log/log.js';
import { PARTITION_LEASES_BUCKET, WORKERS_BUCKET } from '../../../protocol/bus/bus-names.js';

/** Settings and callbacks of the lease manager. */
export interface PartitionLeasesOptions {
  bus: Bus;
  /** The clock the bus's KV TTL runs on (real time with NATS). */
  clock: Clock;
  log: Logger;
  workerId: string;
  partitions: number;
  ttlMs: number;
  renewIntervalMs: number;
  /** A lease was gained under KV revision `leaseRevision`. */
  onGained(partition: number, leaseRevision: number): void;
  /**
   * A lease was lost or is being given up: stop the partition. The manager awaits the promise before it
   * deletes a lease it releases on purpose, so the next owner finds the consumer stopped.
   */
  onLost(partition: number, reason: 'lost' | 'released'): Promise<void>;
}

interface Held {
  /** The revision of our last write of the lease key. */
  revision: number;
  /** Fires when the lease must be considered expired. */
  expiry: Timer;
}

const encoder = new TextEncoder();

/** The lease key of a partition. */
export function leaseKey(partition: number): string {
  return `p.${partition}`;
}

/** Claims, renews, balances and releases partition leases for one worker. */
export class PartitionLeases {
  private readonly held = new Map<number, Held>();
  private leases: KvBucket | undefined;
  private workers: KvBucket | undefined;
  private watch: Subscription | undefined;
  private timer: Timer | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly options: PartitionLeasesOptions) {}

  /** Partitions whose lease this worker holds, in order. */
  owned(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  /** Opens the buckets, announces the worker and claims its first share. */
  async start(): Promise<void> {
    const { bus, ttlMs } = this.options;
    this.leases = await bus.kv(PARTITION_LEASES_BUCKET, { ttlMs });
    this.workers = await bus.kv(WORKERS_BUCKET, { ttlMs });
    this.watch = await this.leases.watch((event) => {
      if (event.operation === 'DEL') this.tickSoon();
    });
    await this.tick();
  }

  /** Stops renewing and releases every lease (stopping each partition first). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    await this.watch?.stop().catch(() => undefined);
    await this.running?.catch(() => undefined);
    await Promise.all(this.owned().map((partition) => this.release(partition)));
    await this.workers?.delete(workerKey(this.options.workerId)).catch(() => undefined);
  }

  /** Gives up one partition now (e.g. its writes were fenced off); it may be claimed again later. */
  async release(partition: number): Promise<void> {
    const held = this.held.get(partition);
    if (!held) return;
    this.forget(partition);
    await this.options.onLost(partition, 'released');
    await this.leases?.delete(leaseKey(partition), { revision: held.revision }).catch((err: unknown) => {
      if (!isBusError(err, 'kv_wrong_revision')) this.options.log.warn({ err, partition }, 'lease not deleted; it will expire');
    });
    this.tickSoon();
  }

  /** Runs a tick as soon as the current one ends (a lease was freed somewhere). */
  private tickSoon(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.timer?.cancel();
    void this.tick();
  }

  private tick(): Promise<void> {
    const { renewIntervalMs } = this.options;
    let healthy = false;
    const running: Promise<void> = this.renewAndBalance()
      .then((ok) => {
        healthy = ok;
      })
      .catch((err: unknown) => this.options.log.warn({ err }, 'lease tick failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          void this.tick();
        } else this.timer = this.options.clock.setTimer(healthy ? renewIntervalMs : Math.max(100, Math.floor(renewIntervalMs / 4)), () => void this.tick());
      });
    this.running = running;
    return running;
  }

  /** One round of renewals, announcement, balancing and claims; false when the bus failed somewhere in it. */
  private async renewAndBalance(): Promise<boolean> {
    const { workerId, partitions, log } = this.options;
    const workers = this.workers as KvBucket;
    const [announced = false, ...renewed] = await Promise.all([
      workers.put(workerKey(workerId), this.value()).then(
        () => true,
        (err: unknown) => {
          log.warn({ err }, 'worker announcement failed');
          return false;
        },
      ),
      ...this.owned().map((partition) => this.renew(partition)),
    ]);
    if (this.stopped) return true;
    let live: number;
    try {
      const keys = await workers.keys();
      live = new Set([...keys, workerKey(workerId)]).size;
    } catch (err) {
      log.warn({ err }, 'live workers unknown; not balancing');
      return false;
    }
    const share = Math.ceil(partitions / live);
    const extra = this.owned().slice(share);
    for (const partition of extra.reverse()) await this.release(partition);
    const claimed = this.held.size < share ? await this.claim(share) : true;
    return announced && renewed.every(Boolean) && claimed;
  }

  /** Renews one lease; false when the bus failed (a compare-and-set conflict loses the lease and is no failure). */
  private async renew(partition: number): Promise<boolean> {
    const held = this.held.get(partition);
    if (!held) return true;
    const startedAt = this.options.clock.now();
    try {
      const revision = await (this.leases as KvBucket).update(leaseKey(partition), this.value(), held.revision);
      if (this.held.get(partition) !== held) return true;
      held.revision = revision;
      held.expiry.cancel();
      held.expiry = this.expiryTimer(partition, startedAt);
      return true;
    } catch (err) {
      if (isBusError(err, 'kv_wrong_revision') && this.held.get(partition) === held) {
        const landed = await this.ownWriteLanded(partition, held);
        if (landed === 'unknown') return false;
        if (!landed) this.lose(partition, 'lease taken over');
        return true;
      }
      this.options.log.warn({ err, partition }, 'lease renewal failed; retrying soon, until the lease would expire');
      return false;
    }
  }

  /**
   * After a failed compare-and-set: whether the key holds our own last write, one the server stored while
   * its answer was lost (a NATS leader change between the write and the ack). Then the lease is still ours
   * at the revision read; the value names its holder, so nobody else can have written it.
   */
  private async ownWriteLanded(partition: number, held: Held): Promise<boolean | 'unknown'> {
    let entry;
    try {
      entry = await (this.leases as KvBucket).get(leaseKey(partition));
    } catch {
      // Unreadable now: a renewal failure like any other, retried until the lease would expire.
      return 'unknown';
    }
    if (!entry || this.held.get(partition) !== held) return false;
    const holder = (JSON.parse(new TextDecoder().decode(entry.value)) as { workerId?: unknown }).workerId;
    if (holder !== this.options.workerId) return false;
    // Our own value at an older revision: a replica behind its leader answered the read (KV reads may be
    // served by any replica); ask again on the next try.
    if (entry.revision <= held.revision) return 'unknown';
    held.revision = entry.revision;
    return true;
  }

  /**
   * Takes free partitions until the worker holds `share`; starts at a worker-specific offset to spread
   * contention. Stops at the first failure of the bus (false): the next tick, soon, tries again.
   */
  private async claim(share: number): Promise<boolean> {
    const { partitions, workerId } = this.options;
    const offset = hash(workerId) % partitions;
    for (let i = 0; i < partitions && this.held.size < share && !this.stopped; i++) {
      const partition = (offset + i) % partitions;
      if (this.held.has(partition)) continue;
      const startedAt = this.options.clock.now();
      let revision: number;
      try {
        revision = await (this.leases as KvBucket).create(leaseKey(partition), this.value());
      } catch (err) {
        if (isBusError(err, 'kv_key_exists')) continue;
        this.options.log.warn({ err, partition }, 'lease claim failed');
        return false;
      }
      if (this.stopped) {
        await this.leases?.delete(leaseKey(partition), { revision }).catch(() => undefined);
        return true;
      }
      this.held.set(partition, { revision, expiry: this.expiryTimer(partition, startedAt) });
      this.options.log.debug({ partition, revision }, 'partition lease gained');
      this.options.onGained(partition, revision);
    }
    return true;
  }

  private expiryTimer(partition: number, writtenAt: number): Timer {
    const { ttlMs, renewIntervalMs, clock } = this.options;
    return clock.setTimerAt(writtenAt + ttlMs - renewIntervalMs / 2, () => this.lose(partition, 'lease not renewed in time'));
  }

  /** Drops a lease we can no longer trust, and stops its partition at once. */
  private lose(partition: number, why: string): void {
    if (!this.held.has(partition)) return;
    this.forget(partition);
    this.options.log.warn({ partition, why }, 'partition lease lost');
    void this.options.onLost(partition, 'lost').catch((err: unknown) => this.options.log.warn({ err, partition }, 'partition stop failed'));
  }

  private forget(partition: number): void {
    this.held.get(partition)?.expiry.cancel();
    this.held.delete(partition);
  }

  private value(): Uint8Array {
    return encoder.encode(JSON.stringify({ workerId: this.options.workerId, at: this.options.clock.now() }));
  }
}

/** The announcement key of a worker. */
function workerKey(workerId: string): string {
  return `w.${workerId}`;
}

/** FNV-1a of a string (spreads workers' claim order). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
