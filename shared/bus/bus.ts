import type { TraceCarrier } from '../tracing/trace-context.js';

/**
 * The bus between roles: durable streams with consumers, request/reply and KV buckets.
 * Two adapters implement it, NATS JetStream (cluster) and in-process (standalone); one contract suite
 * (test/integration/bus.contract.test.ts) runs against both.
 *
 * Subjects, stream names and bucket names given here are relative: the adapter prefixes them with the
 * configured prefix, so clusters and test runs sharing a server never collide.
 */
export interface Bus {
  /** Creates the durable stream if absent (idempotent; a changed spec updates it). */
  ensureStream(spec: StreamSpec): Promise<void>;
  /** Durable publish into the stream whose subjects match; a repeated `msgId` within the window is dropped. */
  publish(subject: string, data: Uint8Array, options?: PublishOptions): Promise<PublishAck>;
  /** Durable consumption of `filterSubject` from `stream`, under a durable consumer name. */
  consume(options: ConsumeOptions, handler: (msg: BusMessage) => Promise<void> | void): Promise<Subscription>;
  /** Deletes a durable consumer (its unacked messages go to the next consumer of the same name). */
  deleteConsumer(stream: string, durable: string): Promise<void>;
  /** Request/reply; rejects with BusError `request_timeout` or `no_responders`. */
  request(subject: string, data: Uint8Array, options: { timeoutMs: number }): Promise<Uint8Array>;
  /** Answers requests on `subject`; with `queue`, one member of the group answers each request. */
  serve(subject: string, handler: (data: Uint8Array) => Promise<Uint8Array> | Uint8Array, options?: { queue?: string }): Promise<Subscription>;
  /** Fire-and-forget, non-durable publish (for wake-ups). */
  notify(subject: string, data: Uint8Array): Promise<void>;
  /** Non-durable subscription (for wake-ups); wildcards `*` and `>` as in NATS. */
  subscribe(subject: string, handler: (subject: string, data: Uint8Array) => void): Promise<Subscription>;
  /** Opens (creating if absent) a KV bucket. */
  kv(bucket: string, options?: KvBucketOptions): Promise<KvBucket>;
  /** What each durable consumer of `stream` has not acked yet, and since when the oldest waits (metrics). */
  backlog(stream: string): Promise<ConsumerBacklog[]>;
  /** Resolves when the bus answers a round trip and every stream and bucket named answers; rejects otherwise (readiness). */
  ping(needs?: BusNeeds): Promise<void>;
  close(): Promise<void>;
}

/** One durable consumer's backlog: messages stored for it and not acked (delivered or not). */
export interface ConsumerBacklog {
  durable: string;
  pending: number;
  /** When the oldest of them was stored (epoch ms, the bus's time); null when none waits. */
  oldestStoredAt: number | null;
}

/** What a process needs of the bus to do its work (relative stream and bucket names). */
export interface BusNeeds {
  streams?: string[];
  buckets?: string[];
}

/** A durable stream. */
export interface StreamSpec {
  name: string;
  /** Relative subjects, wildcards allowed. */
  subjects: string[];
  /** workqueue: a message is removed once acked, one consumer per subject. limits: kept up to maxAgeMs. */
  retention: 'workqueue' | 'limits';
  /** Window within which a repeated msgId is a duplicate (default 2 minutes). */
  duplicateWindowMs?: number;
  maxAgeMs?: number;
}

export interface PublishOptions {
  /** Dedupe id: a second publish with the same id inside the window is not stored again. */
  msgId?: string;
}

export interface PublishAck {
  seq: number;
  duplicate: boolean;
}

export interface ConsumeOptions {
  stream: string;
  /** Durable name: a consumer restarted under the same name continues where the last one stopped. */
  durable: string;
  filterSubject: string;
  /** How long a delivered message may stay unacked before it is delivered again (default 30 s). */
  ackWaitMs?: number;
  /** Messages handled at once (default 1: strict order). */
  maxInFlight?: number;
  /** Deliveries after which a message is given up, never delivered again (default MAX_DELIVERIES, 20). */
  maxDeliveries?: number;
  /**
   * Acks sent without waiting for the server's confirmation (one message, no round trip). Only for a
   * consumer whose handler answers a redelivered message from what it recorded: a lost ack then costs a
   * redelivery, nothing more. Default false: ack() resolves once the server has taken the ack.
   */
  unconfirmedAcks?: boolean;
}

/** One delivered message of a durable consumer. */
export interface BusMessage {
  subject: string;
  data: Uint8Array;
  /** 1 on first delivery; more on redelivery (at most the consumer's maxDeliveries). */
  deliveryCount: number;
  /** The message's stream sequence. */
  seq: number;
  /** The W3C trace context it was published in (NATS headers), when tracing is on. */
  trace?: TraceCarrier;
  ack(): Promise<void>;
  /** Asks for redelivery after `delayMs` (at once without it). */
  nak(delayMs?: number): Promise<void>;
  /** Resets the ack wait while work is still going on. */
  working(): Promise<void>;
  /** Never deliver this message again. */
  term(): Promise<void>;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface KvBucketOptions {
  /** Entries older than this are removed (leases, registries). */
  ttlMs?: number;
  history?: number;
}

export interface KvEntry {
  key: string;
  value: Uint8Array;
  revision: number;
}

export interface KvWatchEvent {
  key: string;
  /** null for a delete or a purge (also TTL expiry where the adapter can see it). */
  value: Uint8Array | null;
  revision: number;
  operation: 'PUT' | 'DEL';
}

/** A KV bucket: create-if-absent, compare-and-set, TTL, watch. Keys: letters, digits, `-_.=/`. */
export interface KvBucket {
  /** Writes only if the key is absent (or deleted); rejects with BusError `kv_key_exists`. */
  create(key: string, value: Uint8Array): Promise<number>;
  /** Writes only if the key's revision is `revision`; rejects with BusError `kv_wrong_revision`. */
  update(key: string, value: Uint8Array, revision: number): Promise<number>;
  /**
   * Writes unconditionally. `timeoutMs` bounds the whole write, its tries while the bucket's stream elects a
   * leader included (BusError `unavailable` past it): a writer that sends a fresh value each time (a
   * heartbeat) tries again itself rather than have a stale one stored late.
   */
  put(key: string, value: Uint8Array, options?: { timeoutMs?: number }): Promise<number>;
  get(key: string): Promise<KvEntry | null>;
  /** Deletes; with `revision`, only if it still matches (BusError `kv_wrong_revision` otherwise). */
  delete(key: string, options?: { revision?: number }): Promise<void>;
  keys(): Promise<string[]>;
  /** Calls back for every change of keys matching `key` (wildcards allowed; all keys by default). */
  watch(handler: (event: KvWatchEvent) => void, options?: { key?: string }): Promise<Subscription>;
}
