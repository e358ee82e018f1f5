/**
 * The in-process bus (standalone mode): the Bus contract of the NATS JetStream adapter, kept in memory.
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
  KvBucket,
  KvBucketOptions,
  KvEntry,
  KvWatchEvent,
  PublishAck,
  PublishOptions,
  StreamSpec,
  Subscription,
} from './bus.js';
import { BusError } from './bus-error.js';
import { DEFAULT_ACK_WAIT_MS, HANDLER_FAILURE_NAK_DELAY_MS, MAX_DELIVERIES, duplicateWindow } from './bus-defaults.js';
import { isValidKvKey, subjectMatches } from './subject.js';
import type { Clock, Timer } from '../clock/clock.js';
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

interface StoredMessage {
  seq: number;
  subject: string;
  data: Uint8Array;
  storedAt: number;
}

type PendingState = 'out' | 'delayed' | 'ready';

/** A delivered message not yet acked: out with a handler, waiting out a nak delay, or queued again. */
interface Pending {
  count: number;
  state: PendingState;
  token: number;
  timer?: Timer;
  sub?: MemorySubscription;
}

class MemoryStream {
  readonly messages = new Map<number, StoredMessage>();
  /** Stream sequences in order; entries whose message is gone are skipped and compacted away. */
  private order: number[] = [];
  private removed = 0;
  lastSeq = 0;
  readonly msgIds = new Map<string, { seq: number; at: number }>();
  readonly consumers = new Map<string, MemoryConsumer>();

  constructor(public spec: StreamSpec) {}

  matches(subject: string): boolean {
    return this.spec.subjects.some((p) => subjectMatches(p, subject));
  }

  append(subject: string, data: Uint8Array, at: number): StoredMessage {
    const msg = { seq: ++this.lastSeq, subject, data, storedAt: at };
    this.messages.set(msg.seq, msg);
    this.order.push(msg.seq);
    return msg;
  }

  remove(seq: number): void {
    if (!this.messages.delete(seq)) return;
    this.removed++;
    if (this.removed > 64 && this.removed * 2 > this.order.length) {
      this.order = this.order.filter((s) => this.messages.has(s));
      this.removed = 0;
    }
  }

  /** The first stored message after `cursor` whose subject matches `filter`. */
  nextAfter(cursor: number, filter: string): StoredMessage | undefined {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.order[mid] as number) <= cursor) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.order.length; i++) {
      const msg = this.messages.get(this.order[i] as number);
      if (msg && subjectMatches(filter, msg.subject)) return msg;
    }
    return undefined;
  }

  /** Drops messages older than maxAgeMs and msgIds older than the duplicate window. */
  expire(now: number): void {
    const maxAge = this.spec.maxAgeMs;
    if (maxAge && maxAge > 0) {
      for (const msg of this.messages.values()) {
        if (msg.storedAt + maxAge > now) break;
        this.remove(msg.seq);
      }
    }
    const window = duplicateWindow(this.spec);
    for (const [id, entry] of this.msgIds) {
      if (entry.at + window > now) break;
      this.msgIds.delete(id);
    }
  }
}

class MemoryConsumer {
  /** Highest stream sequence handed out as a new message. */
  cursor = 0;
  readonly pending = new Map<number, Pending>();
  /** Sequences queued for redelivery, first in first out. */
  readonly ready: number[] = [];
  readonly subs: MemorySubscription[] = [];
  private pumping = false;
  private again = false;
  deleted = false;

  constructor(
    readonly bus: MemoryBus,
    readonly stream: MemoryStream,
    public filterSubject: string,
    public ackWaitMs: number,
    public maxAckPending: number,
    public maxDeliveries: number,
  ) {}

  /** Hands out messages while a subscription has room: redeliveries first, then new ones. */
  pump(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        this.stream.expire(this.bus.clock.now());
        for (;;) {
          const sub = this.subs.find((s) => s.hasRoom());
          if (!sub || this.deleted) break;
          const next = this.takeNext();
          if (!next) break;
          this.deliver(sub, next.msg, next.entry);
        }
      } while (this.again);
    } finally {
      this.pumping = false;
    }
  }

  private takeNext(): { msg: StoredMessage; entry: Pending } | undefined {
    while (this.ready.length > 0) {
      const seq = this.ready.shift() as number;
      const entry = this.pending.get(seq);
      if (!entry || entry.state !== 'ready') continue;
      const msg = this.stream.messages.get(seq);
      if (!msg) {
        this.pending.delete(seq);
        continue;
      }
      return { msg, entry };
    }
    for (const [seq] of this.pending) if (!this.stream.messages.has(seq)) this.clear(seq);
    if (this.pending.size >= this.maxAckPending) return undefined;
    const msg = this.stream.nextAfter(this.cursor, this.filterSubject);
    if (!msg) return undefined;
    this.cursor = msg.seq;
    const entry: Pending = { count: 0, state: 'ready', token: 0 };
    this.pending.set(msg.seq, entry);
    return { msg, entry };
  }

  private deliver(sub: MemorySubscription, msg: StoredMessage, entry: Pending): void {
    const token = this.bus.nextToken();
    entry.count++;
    entry.state = 'out';
    entry.token = token;
    entry.sub = sub;
    entry.timer = this.bus.clock.setTimer(this.ackWaitMs, () => this.requeue(msg.seq, token));
    const settle = (fn: () => void): Promise<void> => {
      fn();
      return Promise.resolve();
    };
    const busMessage: BusMessage = {
      subject: msg.subject,
      data: msg.data.slice(),
      deliveryCount: entry.count,
      seq: msg.seq,
      ack: () => settle(() => this.ack(msg.seq)),
      term: () => settle(() => this.ack(msg.seq)),
      nak: (delayMs?: number) => settle(() => this.nak(msg.seq, token, delayMs)),
      working: () => settle(() => this.working(msg.seq, token)),
    };
    sub.run(busMessage, () => this.isOut(msg.seq, token));
  }

  private isOut(seq: number, token: number): boolean {
    const entry = this.pending.get(seq);
    return entry !== undefined && entry.token === token && entry.state === 'out';
  }

  /** Puts an out message back in line (ack wait expired, nak'd, or its subscription stopped); gives it up after maxDeliveries. */
  requeue(seq: number, token: number, pump = true): void {
    const entry = this.pending.get(seq);
    if (!entry || entry.token !== token || entry.state !== 'out') return;
    if (entry.count >= this.maxDeliveries) {
      // As JetStream's max_deliver: never delivered again; the message stays in the stream.
      this.clear(seq);
      this.bus.log?.warn({ seq, deliveries: entry.count }, 'message reached its maximum deliveries; it is not delivered again');
      if (pump) this.pump();
      return;
    }
    entry.timer?.cancel();
    entry.state = 'ready';
    entry.sub = undefined;
    this.ready.push(seq);
    if (pump) this.pump();
  }

  private ack(seq: number): void {
    if (!this.pending.has(seq)) return;
    this.clear(seq);
    // As in JetStream, a workqueue stream drops a message once its consumer acks or terminates it.
    if (this.stream.spec.retention === 'workqueue') this.stream.remove(seq);
    this.pump();
  }

  private nak(seq: number, token: number, delayMs?: number): void {
    const entry = this.pending.get(seq);
    if (!entry || entry.token !== token || entry.state !== 'out') return;
    entry.timer?.cancel();
    entry.sub = undefined;
    if (delayMs && delayMs > 0) {
      entry.state = 'delayed';
      entry.timer = this.bus.clock.setTimer(delayMs, () => {
        entry.state = 'out';
        this.requeue(seq, token);
      });
      return;
    }
    entry.state = 'out';
    this.requeue(seq, token);
  }

  private working(seq: number, token: number): void {
    const entry = this.pending.get(seq);
    if (!entry || entry.token !== token || entry.state !== 'out') return;
    entry.timer?.cancel();
    entry.timer = this.bus.clock.setTimer(this.ackWaitMs, () => this.requeue(seq, token));
  }

  private clear(seq: number): void {
    this.pending.get(seq)?.timer?.cancel();
    this.pending.delete(seq);
  }

  /** Called by a stopping subscription: what it left unacked goes back in line. */
  release(sub: MemorySubscription): void {
    const index = this.subs.indexOf(sub);
    if (index >= 0) this.subs.splice(index, 1);
    const left = [...this.pending].filter(([, entry]) => entry.sub === sub && entry.state === 'out');
    for (const [seq, entry] of left) this.requeue(seq, entry.token, false);
    this.pump();
  }

  /** Forgets all delivery state (the consumer was deleted). */
  destroy(): void {
    this.deleted = true;
    for (const entry of this.pending.values()) entry.timer?.cancel();
    this.pending.clear();
    this.ready.length = 0;
    for (const sub of this.subs) sub.detach();
    this.subs.length = 0;
  }
}

class MemorySubscription implements Subscription {
  private running = 0;
  private active = true;
  private idle: Array<() => void> = [];

  constructor(
    private readonly consumer: MemoryConsumer,
    private readonly maxInFlight: number,
    private readonly handler: (msg: BusMessage) => Promise<void> | void,
    private readonly log?: Logger,
  ) {}

  hasRoom(): boolean {
    return this.active && this.running < this.maxInFlight;
  }

  /** Runs the handler on a later microtask; a throw naks the message unless it was settled already. */
  run(msg: BusMessage, stillOut: () => boolean): void {
    this.running++;
    Promise.resolve()
      .then(() => this.handler(msg))
      .catch((err: unknown) => {
        this.log?.warn({ err, subject: msg.subject, seq: msg.seq }, 'bus handler failed; message nak\'d');
        if (stillOut()) return msg.nak(HANDLER_FAILURE_NAK_DELAY_MS);
      })
      .finally(() => {
        this.running--;
        if (this.running === 0) for (const fn of this.idle.splice(0)) fn();
        if (this.active) this.consumer.pump();
      });
  }

  detach(): void {
    this.active = false;
  }

  async stop(): Promise<void> {
    if (!this.active) return;
    this.active = false;
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (!this.consumer.deleted) this.consumer.release(this);
  }
}

interface Server {
  pattern: string;
  queue?: string;
  handler: (data: Uint8Array) => Promise<Uint8Array> | Uint8Array;
}

interface Subscriber {
  pattern: string;
  handler: (subject: string, data: Uint8Array) => void;
}

class MemoryBus implements Bus {
  private readonly streams = new Map<string, MemoryStream>();
  private readonly buckets = new Map<string, MemoryKvBucket>();
  private readonly servers = new Set<Server>();
  private readonly subscribers = new Set<Subscriber>();
  private readonly subscriptions = new Set<Subscription>();
  /** Rejecters of requests still waiting, so that close() settles them. */
  private readonly waiting = new Set<(err: BusError) => void>();
  private tokens = 0;
  private closed = false;

  constructor(
    readonly prefix: string,
    readonly clock: Clock,
    readonly log?: Logger,
  ) {}

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

  async request(subject: string, data: Uint8Array, options: { timeoutMs: number }): Promise<Uint8Array> {
    this.check();
    const chosen = this.pickServers(subject);
    if (chosen.length === 0) throw new BusError('no_responders', `no responders on ${subject}`);
    return new Promise<Uint8Array>((resolve, reject) => {
      let done = false;
      const finish = (fn: () => void): void => {
        if (done) return;
        done = true;
        timer.cancel();
        this.waiting.delete(abort);
        fn();
      };
      const abort = (err: BusError): void => finish(() => reject(err));
      const timer = this.clock.setTimer(options.timeoutMs, () =>
        abort(new BusError('request_timeout', `request on ${subject} timed out after ${options.timeoutMs} ms`)),
      );
      this.waiting.add(abort);
      for (const server of chosen) {
        Promise.resolve()
          .then(() => server.handler(data.slice()))
          .then(
            (reply) => finish(() => resolve(reply.slice())),
            (err: unknown) => {
              this.log?.warn({ err, subject }, 'bus request handler failed');
              finish(() => reject(new BusError('handler_failed', `the responder on ${subject} failed`, { cause: err })));
            },
          );
      }
    });
  }

  /** Every plain server matching `subject`, and one member of each matching queue group. */
  private pickServers(subject: string): Server[] {
    const plain: Server[] = [];
    const groups = new Map<string, Server[]>();
    for (const server of this.servers) {
      if (!subjectMatches(server.pattern, subject)) continue;
      if (server.queue === undefined) plain.push(server);
      else groups.set(server.queue, [...(groups.get(server.queue) ?? []), server]);
    }
    for (const members of groups.values()) plain.push(members[Math.floor(Math.random() * members.length)] as Server);
    return plain;
  }

  async serve(
    subject: string,
    handler: (data: Uint8Array) => Promise<Uint8Array> | Uint8Array,
    options: { queue?: string } = {},
  ): Promise<Subscription> {
    this.check();
    const server: Server = { pattern: subject, handler, ...(options.queue !== undefined ? { queue: options.queue } : {}) };
    this.servers.add(server);
    return this.track({ stop: async () => void this.servers.delete(server) });
  }

  async notify(subject: string, data: Uint8Array): Promise<void> {
    this.check();
    for (const sub of this.subscribers) {
      if (!subjectMatches(sub.pattern, subject)) continue;
      const copy = data.slice();
      queueMicrotask(() => {
        if (!this.subscribers.has(sub)) return;
        try {
          sub.handler(subject, copy);
        } catch (err) {
          this.log?.warn({ err, subject }, 'bus subscriber failed');
        }
      });
    }
  }

  async subscribe(subject: string, handler: (subject: string, data: Uint8Array) => void): Promise<Subscription> {
    this.check();
    const sub: Subscriber = { pattern: subject, handler };
    this.subscribers.add(sub);
    return this.track({ stop: async () => void this.subscribers.delete(sub) });
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
    for (const abort of [...this.waiting]) abort(new BusError('closed', `bus ${this.prefix} closed`));
    this.servers.clear();
    this.subscribers.clear();
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

interface KvRecord {
  /** null: a tombstone left by delete. */
  value: Uint8Array | null;
  revision: number;
  writtenAt: number;
}

interface Watcher {
  pattern: string;
  handler: (event: KvWatchEvent) => void;
}

class MemoryKvBucket implements KvBucket {
  private readonly records = new Map<string, KvRecord>();
  private readonly watchers = new Set<Watcher>();
  private revision = 0;

  constructor(
    private readonly bus: MemoryBus,
    private readonly ttlMs: number,
  ) {}

  private checkKey(key: string): void {
    this.bus.assertOpen();
    if (!isValidKvKey(key)) throw new BusError('invalid_key', `invalid KV key ${JSON.stringify(key).slice(0, 80)}`);
  }

  /** The key's record, dropping it first if its TTL has passed (watchers hear a DEL). */
  private current(key: string): KvRecord | undefined {
    const record = this.records.get(key);
    if (!record) return undefined;
    if (this.ttlMs > 0 && record.writtenAt + this.ttlMs <= this.bus.clock.now()) {
      this.records.delete(key);
      if (record.value !== null) this.emit({ key, value: null, revision: ++this.revision, operation: 'DEL' });
      return undefined;
    }
    return record;
  }

  private write(key: string, value: Uint8Array | null): number {
    const revision = ++this.revision;
    this.records.set(key, { value: value ? value.slice() : null, revision, writtenAt: this.bus.clock.now() });
    this.emit({ key, value: value ? value.slice() : null, revision, operation: value ? 'PUT' : 'DEL' });
    return revision;
  }

  private emit(event: KvWatchEvent): void {
    for (const watcher of this.watchers) {
      if (!subjectMatches(watcher.pattern, event.key)) continue;
      queueMicrotask(() => {
        if (this.watchers.has(watcher)) watcher.handler(event);
      });
    }
  }

  async create(key: string, value: Uint8Array): Promise<number> {
    this.checkKey(key);
    if (this.current(key)?.value) throw new BusError('kv_key_exists', `KV key ${key} exists`);
    return this.write(key, value);
  }

  async update(key: string, value: Uint8Array, revision: number): Promise<number> {
    this.checkKey(key);
    const actual = this.current(key)?.revision ?? 0;
    if (revision <= 0 || actual !== revision) {
      throw new BusError('kv_wrong_revision', `KV key ${key} is at revision ${actual}, not ${revision}`);
    }
    return this.write(key, value);
  }

  async put(key: string, value: Uint8Array): Promise<number> {
    this.checkKey(key);
    return this.write(key, value);
  }

  async get(key: string): Promise<KvEntry | null> {
    this.checkKey(key);
    const record = this.current(key);
    if (!record?.value) return null;
    return { key, value: record.value.slice(), revision: record.revision };
  }

  async delete(key: string, options: { revision?: number } = {}): Promise<void> {
    this.checkKey(key);
    const actual = this.current(key)?.revision ?? 0;
    if (options.revision !== undefined && (options.revision <= 0 || actual !== options.revision)) {
      throw new BusError('kv_wrong_revision', `KV key ${key} is at revision ${actual}, not ${options.revision}`);
    }
    this.write(key, null);
  }

  async keys(): Promise<string[]> {
    this.bus.assertOpen();
    return [...this.records.keys()].filter((key) => this.current(key)?.value);
  }

  async watch(handler: (event: KvWatchEvent) => void, options: { key?: string } = {}): Promise<Subscription> {
    this.bus.assertOpen();
    const watcher: Watcher = { pattern: options.key ?? '>', handler };
    this.watchers.add(watcher);
    return { stop: async () => void this.watchers.delete(watcher) };
  }

  /** Stops every watch (the bus closed). */
  closeWatchers(): void {
    this.watchers.clear();
  }
}
