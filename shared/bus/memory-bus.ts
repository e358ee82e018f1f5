/**
 * The in-process bus (standalone mode): the Bus contract of the NATS JetStream adapter, kept in memory.
 * Its parts, one concept a file: streams (memory-stream.ts), durable consumers and their subscriptions
 * (memory-consumer.ts), KV buckets (memory-kv.ts), request/reply and notify/subscribe (memory-pubsub.ts);
 * this file joins them behind the Bus interface.
 *
 * Behaves like the NATS adapter for: durable streams (workqueue removes acked and terminated messages,
 * limits keeps them up to maxAgeMs), msgId dedupe within the duplicate window, durable consumers with
 * explicit ack, ack-wait redelivery, nak with delay, working(), term(), at most `maxInFlight` unacked
 * messages per consumer (a nak'd or expired message still counts until it is acked, and redeliveries go
 * before new messages), a message given up after maxDeliveries deliveries (default MAX_DELIVERIES), messages
 * left unacked by a stopped subscription going to the next subscription
 * of the same durable name, a handler that throws getting its message nak'd after
 * HANDLER_FAILURE_NAK_DELAY_MS, request/reply with queue groups, timeouts and no-responders, non-durable
 * notify/subscribe with `*` and `>` wildcards, and KV buckets with revisions, create/CAS conflicts, TTL and
 * watch (changes after the watch starts).
 *
 * What it cannot match:
 * - Durability: streams, consumers and KV buckets live as long as the process; a restart loses them all
 *   (standalone keeps its system of record in Postgres, and the actor host replays from there).
 * - One process only: other processes cannot publish, consume, request or share KV buckets.
 * - KV TTL expiry is noticed lazily (on get, create, update, delete and keys()), not by a timer; when it
 *   notices, watchers get a DEL event (NATS 2.9 tells watchers nothing when max age removes an entry).
 *   Each entry lives ttlMs from its own last write, as on NATS.
 * - KV history is not kept (only the latest value or tombstone of each key); the `history` option is
 *   accepted and ignored, as the Bus interface never reads history.
 * - Stream limits other than maxAgeMs (bytes, message counts) do not exist, and stream maxAge is applied
 *   lazily on publish and delivery.
 * - Checks the NATS server makes are not made: overlapping subjects of two streams, two consumers with
 *   overlapping filters on one workqueue stream, changing a stream's retention.
 * - Payload size limits do not exist.
 * - An expiry it notices takes the next revision number of the bucket (for the DEL event); on NATS an
 *   expiry writes nothing.
 */
import type {
  Bus,
  BusMessage,
  ConsumeOptions,
  ConsumerBacklog,
  KvBucket,
  KvBucketOptions,
  PublishAck,
  PublishOptions,
  StreamSpec,
  Subscription,
} from './bus.js';
import { BusError } from './bus-error.js';
import { DEFAULT_ACK_WAIT_MS, MAX_DELIVERIES } from './bus-defaults.js';
import { MemoryConsumer, MemorySubscription, type ConsumerHost } from './memory-consumer.js';
import { MemoryKvBucket, type KvHost } from './memory-kv.js';
import { MemoryPubSub } from './memory-pubsub.js';
import { MemoryStream } from './memory-stream.js';
import { subjectMatches } from './subject.js';
import type { Clock } from '../clock/clock.js';
import { realClock } from '../clock/real-clock.js';
import type { Logger } from '../log/log.js';

/** Options of the in-process bus. */
export interface MemoryBusOptions {
  /** Names the bus in errors and logs; names are private to this instance anyway. */
  prefix?: string;
  clock?: Clock;
  log?: Logger;
}

/** Creates an in-process bus: the same contract as the NATS adapter, for one process. */
export function createMemoryBus(options: MemoryBusOptions = {}): Bus {
  return new MemoryBus(options.prefix ?? 'sentral', options.clock ?? realClock, options.log);
}

class MemoryBus implements Bus, ConsumerHost, KvHost {
  private readonly streams = new Map<string, MemoryStream>();
  private readonly buckets = new Map<string, MemoryKvBucket>();
  private readonly pubsub: MemoryPubSub;
  private readonly subscriptions = new Set<Subscription>();
  private tokens = 0;
  private closed = false;

  constructor(
    readonly prefix: string,
    readonly clock: Clock,
    readonly log?: Logger,
  ) {
    this.pubsub = new MemoryPubSub(clock, log);
  }

  nextToken(): number {
    return ++this.tokens;
  }

  private check(): void {
    if (this.closed) throw new BusError('closed', `bus ${this.prefix} is closed`);
  }

  async ensureStream(spec: StreamSpec): Promise<void> {
    this.check();
    const existing = this.streams.get(spec.name);
    if (existing) existing.spec = { ...spec, subjects: [...spec.subjects] };
    else this.streams.set(spec.name, new MemoryStream({ ...spec, subjects: [...spec.subjects] }));
  }

  async publish(subject: string, data: Uint8Array, options: PublishOptions = {}): Promise<PublishAck> {
    this.check();
    const stream = [...this.streams.values()].find((s) => s.matches(subject));
    if (!stream) throw new BusError('no_responders', `no stream of bus ${this.prefix} takes subject ${subject}`);
    const now = this.clock.now();
    stream.expire(now);
    if (options.msgId !== undefined) {
      const seen = stream.msgIds.get(options.msgId);
      if (seen) return { seq: seen.seq, duplicate: true };
    }
    const msg = stream.append(subject, data.slice(), now);
    if (options.msgId !== undefined) stream.msgIds.set(options.msgId, { seq: msg.seq, at: now });
    for (const consumer of stream.consumers.values()) if (subjectMatches(consumer.filterSubject, subject)) consumer.pump();
    return { seq: msg.seq, duplicate: false };
  }

  async consume(options: ConsumeOptions, handler: (msg: BusMessage) => Promise<void> | void): Promise<Subscription> {
    this.check();
    const stream = this.streams.get(options.stream);
    if (!stream) throw new BusError('not_found', `no stream ${options.stream} on bus ${this.prefix}`);
    const maxInFlight = Math.max(1, options.maxInFlight ?? 1);
    const ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    const maxDeliveries = Math.max(1, options.maxDeliveries ?? MAX_DELIVERIES);
    let consumer = stream.consumers.get(options.durable);
    if (consumer) {
      consumer.filterSubject = options.filterSubject;
      consumer.ackWaitMs = ackWaitMs;
      consumer.maxAckPending = maxInFlight;
      consumer.maxDeliveries = maxDeliveries;
    } else {
      consumer = new MemoryConsumer(this, stream, options.filterSubject, ackWaitMs, maxInFlight, maxDeliveries);
      stream.consumers.set(options.durable, consumer);
    }
    const sub = new MemorySubscription(consumer, maxInFlight, handler, this.log);
    consumer.subs.push(sub);
    consumer.pump();
    return this.track(sub);
  }

  async deleteConsumer(stream: string, durable: string): Promise<void> {
    this.check();
    const s = this.streams.get(stream);
    const consumer = s?.consumers.get(durable);
    if (!s || !consumer) return;
    consumer.destroy();
    s.consumers.delete(durable);
  }

  async backlog(stream: string): Promise<ConsumerBacklog[]> {
    this.check();
    const s = this.streams.get(stream);
    if (!s) return [];
    s.expire(this.clock.now());
    return [...s.consumers].map(([durable, consumer]) => ({ durable, ...consumer.backlog() }));
  }

  async request(subject: string, data: Uint8Array, options: { timeoutMs: number }): Promise<Uint8Array> {
    this.check();
    return this.pubsub.request(subject, data, options);
  }

  async serve(subject: string, handler: (data: Uint8Array) => Promise<Uint8Array> | Uint8Array, options: { queue?: string } = {}): Promise<Subscription> {
    this.check();
    return this.track(await this.pubsub.serve(subject, handler, options));
  }

  async notify(subject: string, data: Uint8Array): Promise<void> {
    this.check();
    await this.pubsub.notify(subject, data);
  }

  async subscribe(subject: string, handler: (subject: string, data: Uint8Array) => void): Promise<Subscription> {
    this.check();
    return this.track(await this.pubsub.subscribe(subject, handler));
  }

  async kv(bucket: string, options: KvBucketOptions = {}): Promise<KvBucket> {
    this.check();
    let kv = this.buckets.get(bucket);
    if (!kv) {
      kv = new MemoryKvBucket(this, options.ttlMs ?? 0);
      this.buckets.set(bucket, kv);
    }
    return kv;
  }

  async ping(): Promise<void> {
    this.check();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    for (const stream of this.streams.values()) for (const consumer of stream.consumers.values()) consumer.destroy();
    this.pubsub.close(new BusError('closed', `bus ${this.prefix} closed`));
    for (const bucket of this.buckets.values()) bucket.closeWatchers();
  }

  /** Asserts the bus is open (for buckets). */
  assertOpen(): void {
    this.check();
  }

  private track(sub: Subscription): Subscription {
    this.subscriptions.add(sub);
    return {
      stop: async () => {
        this.subscriptions.delete(sub);
        await sub.stop();
      },
    };
  }
}
