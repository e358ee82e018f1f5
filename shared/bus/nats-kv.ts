import { KvWatchInclude, type KV } from '@nats-io/kv';
import { errors } from '@nats-io/transport-node';
import type { KvBucket, KvEntry, KvWatchEvent, Subscription } from './bus.js';
import { BusError } from './bus-error.js';
import { PUBLISH_PATIENCE_MS, PUBLISH_RETRY_PAUSE_MS } from './bus-defaults.js';
import { isNoResponders, toBusError } from './nats-errors.js';
import { isValidKvKey } from './subject.js';
import type { Logger } from '../log/log.js';

/** What a bucket needs of its bus: its watches tracked, so that closing the bus stops them. */
export interface NatsKvHost {
  track(sub: Subscription): Subscription;
}

/** How long a listing of a bucket's keys may take (a few keys take milliseconds). */
const KEYS_TIMEOUT_MS = 5_000;

/** A JetStream KV bucket as a bus KvBucket. */
export class NatsKvBucket implements KvBucket {
  constructor(
    private readonly kv: KV,
    private readonly bus: NatsKvHost,
    private readonly log?: Logger,
  ) {}

  async create(key: string, value: Uint8Array): Promise<number> {
    checkKey(key);
    try {
      return await whileNoStream(() => this.kv.create(key, value));
    } catch (err) {
      throw toBusError(err, `create KV key ${key}`, 'kv_key_exists');
    }
  }

  async update(key: string, value: Uint8Array, revision: number): Promise<number> {
    checkKey(key);
    if (revision <= 0) throw new BusError('kv_wrong_revision', `KV key ${key} cannot be at revision ${revision}`);
    try {
      return await whileNoStream(() => this.kv.update(key, value, revision));
    } catch (err) {
      throw toBusError(err, `update KV key ${key}`, 'kv_wrong_revision');
    }
  }

  async put(key: string, value: Uint8Array, options: { timeoutMs?: number } = {}): Promise<number> {
    checkKey(key);
    const { timeoutMs } = options;
    const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
    try {
      return await whileNoStream(() => this.kv.put(key, value, deadline === undefined ? {} : { timeout: Math.max(1, deadline - Date.now()) }), false, timeoutMs);
    } catch (err) {
      throw toBusError(err, `put KV key ${key}`);
    }
  }

  async get(key: string): Promise<KvEntry | null> {
    checkKey(key);
    try {
      // A read changes nothing: tried again also when its answer did not come in time.
      const entry = await whileNoStream(() => this.kv.get(key), true);
      if (!entry || entry.operation !== 'PUT') return null;
      return { key, value: entry.value, revision: entry.revision };
    } catch (err) {
      throw toBusError(err, `get KV key ${key}`);
    }
  }

  async delete(key: string, options: { revision?: number } = {}): Promise<void> {
    checkKey(key);
    if (options.revision !== undefined && options.revision <= 0) {
      throw new BusError('kv_wrong_revision', `KV key ${key} cannot be at revision ${options.revision}`);
    }
    try {
      await whileNoStream(() => this.kv.delete(key, options.revision !== undefined ? { previousSeq: options.revision } : {}));
    } catch (err) {
      throw toBusError(err, `delete KV key ${key}`, 'kv_wrong_revision');
    }
  }

  /**
   * The bucket's keys. The listing is a push consumer that ends at its last key or an idle heartbeat; one
   * whose connection was cut mid-way (a black-holed path, healed later) got neither and never ended, and a
   * worker whose lease round awaited it stopped renewing, announcing and claiming for good. It is given
   * KEYS_TIMEOUT_MS, then stopped (BusError `unavailable`).
   */
  async keys(): Promise<string[]> {
    let listing: { stop(): void } | undefined;
    let late = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const list = (async () => {
      const keys = await this.kv.keys();
      listing = keys;
      if (late) keys.stop();
      const out: string[] = [];
      for await (const key of keys) out.push(key);
      return out;
    })();
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BusError('unavailable', `list KV keys: no end within ${KEYS_TIMEOUT_MS} ms`)), KEYS_TIMEOUT_MS);
    });
    try {
      return await Promise.race([list, expired]);
    } catch (err) {
      late = true;
      listing?.stop();
      list.catch(() => undefined);
      throw toBusError(err, 'list KV keys');
    } finally {
      clearTimeout(timer);
    }
  }

  async watch(handler: (event: KvWatchEvent) => void, options: { key?: string } = {}): Promise<Subscription> {
    let iterator;
    try {
      iterator = await this.kv.watch({ key: options.key ?? '>', include: KvWatchInclude.UpdatesOnly });
    } catch (err) {
      throw toBusError(err, 'watch KV');
    }
    const it = iterator;
    void (async () => {
      try {
        for await (const entry of it) {
          const put = entry.operation === 'PUT';
          try {
            handler({ key: entry.key, value: put ? entry.value : null, revision: entry.revision, operation: put ? 'PUT' : 'DEL' });
          } catch (err) {
            this.log?.warn({ err, key: entry.key }, 'KV watch handler failed');
          }
        }
      } catch (err) {
        this.log?.warn({ err }, 'KV watch ended');
      }
    })();
    return this.bus.track({ stop: async () => it.stop() });
  }
}

function checkKey(key: string): void {
  if (!isValidKvKey(key)) throw new BusError('invalid_key', `invalid KV key ${JSON.stringify(key).slice(0, 80)}`);
}

/** The JetStream stream behind a KV bucket. */
export function kvStreamName(bucket: string): string {
  return `KV_${bucket}`;
}

/**
 * Runs a write to a bucket again (a read, with `orTimedOut`, also after a timeout: a media node's first read
 * of a bucket just created timed out and it did not start), every PUBLISH_RETRY_PAUSE_MS for up to PUBLISH_PATIENCE_MS, while no
 * server answers for the bucket's stream ("no responders", which the client reports as "jetstream is not
 * enabled"): the write was not applied. That is the case while the stream elects a leader, just after it
 * was created on a replicated cluster, and on a server just restarted; a role's first write to a new
 * bucket failed so and the role did not start, a media node's heartbeats failed so until it counted
 * itself lost.
 */
async function whileNoStream<T>(write: () => Promise<T>, orTimedOut = false, patienceMs = PUBLISH_PATIENCE_MS): Promise<T> {
  const deadline = Date.now() + Math.min(patienceMs, PUBLISH_PATIENCE_MS);
  for (;;) {
    try {
      return await write();
    } catch (err) {
      const timedOut = orTimedOut && (err instanceof errors.TimeoutError || (err instanceof Error && err.cause instanceof errors.TimeoutError));
      const unanswered = timedOut || isNoResponders(err) || (err instanceof Error && isNoResponders(err.cause));
      if (!unanswered || Date.now() + PUBLISH_RETRY_PAUSE_MS >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, PUBLISH_RETRY_PAUSE_MS));
    }
  }
}
