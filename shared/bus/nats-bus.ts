/**
 * The NATS JetStream bus (cluster mode), for nats-server 2.9 and later (no 2.10+ features used).
 *
 * Names: relative subjects get `<prefix>.` in front; streams are `<prefix>_<name>` and KV buckets
 * `<prefix>_<bucket>` (both sanitised to `[A-Za-z0-9_-]`).
 *
 * Consumers are durable pull consumers with explicit ack, `max_deliver = maxDeliveries` (default
 * MAX_DELIVERIES) and `max_ack_pending = maxInFlight`, so with the
 * default of 1 a consumer handles its messages strictly in order (a nak'd message comes back before any
 * newer one). A handler that throws gets its message nak'd with HANDLER_FAILURE_NAK_DELAY_MS. Stopping a
 * subscription waits for running handlers, then naks what is still unacked, so the next consumer of the
 * same durable name gets it at once instead of after the ack wait (a crashed process leaves it to the
 * ack wait; on nats-server 2.9 a redelivery that finds only the dead process's pull requests waits one ack
 * wait more, a server bug the stop path steps around, see dropStalePull). A responder that throws answers
 * with an error header; the requester rejects with `handler_failed`. With tracing on, publishes and
 * requests carry the active trace context as W3C headers (traceparent), and a served request runs in a span.
 *
 * KV buckets are JetStream streams `KV_<prefix>_<bucket>` with max age = ttlMs; opening an existing bucket
 * sets its replicas and max age to what is asked and keeps its other settings. NATS 2.9 tells watchers nothing when max age removes an entry.
 *
 * Every stream, consumer and KV bucket gets `replicas` replicas (SENTRAL_NATS_REPLICAS); opening one that
 * has another count scales it in place (nats-replicas.ts). A cluster that cannot place them is refused with
 * BusError `replicas_unavailable`, whose message names the setting.
 *
 * The connection reconnects forever (short wait), to any server of the cluster; consumers and KV watches
 * resume after the server is back. On a cluster, a stream's or consumer's leader can die: a publish with a
 * message id is retried until the new leader takes it (nats-publish.ts), and a consumer pulls from its new
 * leader as soon as JetStream announces it (nats-consumer.ts). While it is away, `ping()` rejects at once with `unavailable`.
 */
import { errors, nanos, type Msg, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import type {
  Bus,
  BusMessage,
  BusNeeds,
  ConsumeOptions,
  KvBucket,
  KvBucketOptions,
  PublishAck,
  PublishOptions,
  StreamSpec,
  Subscription,
} from './bus.js';
import { BusError } from './bus-error.js';
import { DEFAULT_ACK_WAIT_MS, MAX_DELIVERIES, PING_TIMEOUT_MS, PULL_EXPIRES_MS, duplicateWindow } from './bus-defaults.js';
import { connectNats } from './nats-connect.js';
import { NatsConsumerSubscription } from './nats-consumer.js';
import { natsBacklog } from './nats-backlog.js';
import { ERROR_HEADER, answerRequest, traceHeaders } from './nats-responder.js';
import { outgoingTrace } from '../tracing/trace-context.js';
import { isNoResponders, toBusError } from './nats-errors.js';
import { NatsKvBucket, kvStreamName } from './nats-kv.js';
import { publishToStream } from './nats-publish.js';
import { natsSubscription } from './nats-subscription.js';
import { alignBucket, checkClustered, differs, probeStreams, replicasError, streamLeader, whileElecting } from './nats-replicas.js';
import { sanitizeName } from './subject.js';
import { realClock } from '../clock/real-clock.js';
import type { Logger } from '../log/log.js';
import { timed, type DurationObserver } from '../metrics/latency-metrics.js';

/** Options of the NATS bus. */
export interface NatsBusOptions {
  /** e.g. nats://127.0.0.1:4222 (several comma-separated servers allowed). */
  url: string;
  /** Isolates clusters and test runs sharing a server. */
  prefix: string;
  /** Connection name shown by the server's monitoring. */
  name?: string;
  /** Replicas of every stream, consumer and KV bucket (1, 3 or 5; default 1). */
  replicas?: number;
  log?: Logger;
  /** Told publish and request round trips (busRoundTrips: sentral_bus_round_trip_seconds). */
  roundTrips?: Record<'publish' | 'request', DurationObserver>;
}


/** Connects to NATS and returns the JetStream bus; rejects if the first connection fails. */
export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const nc = await connectNats({ url: options.url, name: options.name ?? 'sentral' });
  const replicas = options.replicas ?? 1;
  try {
    checkClustered(nc, replicas);
  } catch (err) {
    await nc.close();
    throw err;
  }
  const jsm = await jetstreamManager(nc, { checkAPI: false });
  // Readiness probes must answer within the ping's time (not the client's default 5 s), naming what did not.
  const probes = await jetstreamManager(nc, { checkAPI: false, timeout: PING_TIMEOUT_MS / 2 });
  return new NatsBus(nc, jsm, probes, jetstream(nc), options.prefix, replicas, options.log, options.roundTrips);
}

class NatsBus implements Bus {
  private connected = true;
  private readonly subscriptions = new Set<Subscription>();
  private readonly kvm: Kvm;

  constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly probes: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly prefix: string,
    private readonly replicas: number,
    private readonly log?: Logger,
    private readonly roundTrips?: Record<'publish' | 'request', DurationObserver>,
  ) {
    this.kvm = new Kvm(js);
    this.watchStatus().catch((err: unknown) => this.log?.warn({ err }, 'NATS status stream ended'));
  }

  /** Tracks connection state for ping() and logs it; the client itself reconnects. */
  private async watchStatus(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect') {
        this.connected = false;
        this.log?.warn({ server: status.server }, 'NATS connection lost; reconnecting');
      } else if (status.type === 'reconnect') {
        this.connected = true;
        this.log?.info({ server: status.server }, 'NATS connection restored');
      } else if (status.type === 'error') {
        this.log?.warn({ err: status.error }, 'NATS connection error');
      }
    }
  }

  /** The absolute subject of a relative one. */
  subject(relative: string): string {
    return `${this.prefix}.${relative}`;
  }

  /** The relative subject of an absolute one. */
  relative(subject: string): string {
    return subject.startsWith(`${this.prefix}.`) ? subject.slice(this.prefix.length + 1) : subject;
  }

  /** The JetStream name of a relative stream name. */
  streamName(name: string): string {
    return sanitizeName(`${this.prefix}_${name}`);
  }

  async ensureStream(spec: StreamSpec): Promise<void> {
    const config: Partial<StreamConfig> & { name: string } = {
      name: this.streamName(spec.name),
      subjects: spec.subjects.map((s) => this.subject(s)),
      retention: spec.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      num_replicas: this.replicas,
      duplicate_window: nanos(duplicateWindow(spec)),
      max_age: nanos(spec.maxAgeMs ?? 0),
    };
    try {
      await whileElecting(`stream ${config.name}`, async () => {
        const info = await this.jsm.streams.info(config.name).catch((err: unknown) => {
          if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) return null;
          throw err;
        });
        if (!info) await this.jsm.streams.add(config);
        else if (differs(info.config, config)) {
          await this.jsm.streams.update(config.name, config);
          if (info.config.num_replicas !== this.replicas) await streamLeader(this.jsm, config.name);
        }
      });
    } catch (err) {
      throw replicasError(err, this.nc, this.replicas, `stream ${config.name}`);
    }
  }

  async publish(subject: string, data: Uint8Array, options: PublishOptions = {}): Promise<PublishAck> {
    const sent = traceHeaders(outgoingTrace());
    return timed(this.roundTrips?.publish, () => publishToStream(this.js, this.subject(subject), subject, data, { msgId: options.msgId, ...sent }));
  }

  async consume(options: ConsumeOptions, handler: (msg: BusMessage) => Promise<void> | void): Promise<Subscription> {
    const stream = this.streamName(options.stream);
    const maxInFlight = Math.max(1, options.maxInFlight ?? 1);
    const config = {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS),
      filter_subject: this.subject(options.filterSubject),
      max_ack_pending: maxInFlight,
      max_deliver: options.maxDeliveries ?? MAX_DELIVERIES,
      num_replicas: this.replicas,
    };
    try {
      const consumer = await whileElecting(`consumer ${options.durable} of ${stream}`, async () => {
        await this.jsm.consumers.add(stream, config).catch(async (err: unknown) => {
          // An existing durable with other settings: change what JetStream lets us change.
          if (err instanceof JetStreamApiError && err.code !== JetStreamApiCodes.StreamNotFound) {
            return this.jsm.consumers.update(stream, options.durable, {
              ack_wait: config.ack_wait,
              max_ack_pending: config.max_ack_pending,
              max_deliver: config.max_deliver,
              filter_subject: config.filter_subject,
              num_replicas: config.num_replicas,
            });
          }
          throw err;
        });
        return this.js.consumers.get(stream, options.durable);
      });
      const open = () => consumer.consume({ max_messages: maxInFlight, expires: PULL_EXPIRES_MS });
      const parts = { nc: this.nc, stream, durable: options.durable, consumer, open, maxInFlight, unconfirmedAcks: options.unconfirmedAcks ?? false, handler };
      const sub = new NatsConsumerSubscription(this, parts, await open(), this.log);
      return this.track(sub);
    } catch (err) {
      throw replicasError(err, this.nc, this.replicas, `consumer ${options.durable} of ${stream}`);
    }
  }

  async deleteConsumer(stream: string, durable: string): Promise<void> {
    try {
      await this.jsm.consumers.delete(this.streamName(stream), durable);
    } catch (err) {
      if (err instanceof JetStreamApiError && (err.code === JetStreamApiCodes.ConsumerNotFound || err.code === JetStreamApiCodes.StreamNotFound)) return;
      throw toBusError(err, `delete consumer ${durable}`);
    }
  }

  backlog(stream: string): ReturnType<Bus['backlog']> {
    return natsBacklog(this.jsm, this.streamName(stream));
  }

  async request(subject: string, data: Uint8Array, options: { timeoutMs: number }): Promise<Uint8Array> {
    let reply: Msg;
    try {
      const sent = { timeout: options.timeoutMs, ...traceHeaders(outgoingTrace()) };
      reply = await timed(this.roundTrips?.request, () => this.nc.request(this.subject(subject), data, sent));
    } catch (err) {
      if (err instanceof errors.TimeoutError) {
        throw new BusError('request_timeout', `request on ${subject} timed out after ${options.timeoutMs} ms`, { cause: err });
      }
      if (isNoResponders(err)) throw new BusError('no_responders', `no responders on ${subject}`, { cause: err });
      throw toBusError(err, `request on ${subject}`);
    }
    const failure = reply.headers?.get(ERROR_HEADER);
    if (failure) throw new BusError('handler_failed', `the responder on ${subject} failed: ${failure}`);
    return reply.data;
  }

  async serve(
    subject: string,
    handler: (data: Uint8Array) => Promise<Uint8Array> | Uint8Array,
    options: { queue?: string } = {},
  ): Promise<Subscription> {
    const sub = this.nc.subscribe(this.subject(subject), {
      ...(options.queue !== undefined ? { queue: options.queue } : {}),
      callback: (err, msg) => {
        if (err) {
          this.log?.warn({ err, subject }, 'bus responder subscription failed');
          return;
        }
        void answerRequest(subject, msg, handler, this.log);
      },
    });
    await this.flush();
    return this.track(natsSubscription(this.nc, sub));
  }

  async notify(subject: string, data: Uint8Array): Promise<void> {
    try {
      this.nc.publish(this.subject(subject), data);
    } catch (err) {
      throw toBusError(err, `notify on ${subject}`);
    }
  }

  async subscribe(subject: string, handler: (subject: string, data: Uint8Array) => void): Promise<Subscription> {
    const sub = this.nc.subscribe(this.subject(subject), {
      callback: (err, msg) => {
        if (err) {
          this.log?.warn({ err, subject }, 'bus subscription failed');
          return;
        }
        try {
          handler(this.relative(msg.subject), msg.data);
        } catch (handlerErr) {
          this.log?.warn({ err: handlerErr, subject: msg.subject }, 'bus subscriber failed');
        }
      },
    });
    await this.flush();
    return this.track(natsSubscription(this.nc, sub));
  }

  async kv(bucket: string, options: KvBucketOptions = {}): Promise<KvBucket> {
    const name = sanitizeName(`${this.prefix}_${bucket}`);
    try {
      const kv = await whileElecting(`KV bucket ${name}`, async () => {
        const opened = await this.kvm.create(name, {
          replicas: this.replicas,
          ...(options.ttlMs ? { ttl: options.ttlMs } : {}),
          ...(options.history ? { history: options.history } : {}),
        });
        // An existing bucket keeps its other settings; replicas and entry lifetime follow what is asked.
        await alignBucket(this.jsm, kvStreamName(name), this.replicas, options.ttlMs);
        return opened;
      });
      return new NatsKvBucket(kv, this, this.log);
    } catch (err) {
      throw replicasError(err, this.nc, this.replicas, `KV bucket ${name}`);
    }
  }

  async ping(needs: BusNeeds = {}): Promise<void> {
    if (this.nc.isClosed()) throw new BusError('closed', 'the NATS connection is closed');
    if (!this.connected) throw new BusError('unavailable', 'the NATS server is not connected');
    let timer: { cancel(): void } | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = realClock.setTimer(PING_TIMEOUT_MS, () => reject(new BusError('unavailable', `NATS did not answer a ping within ${PING_TIMEOUT_MS} ms`)));
    });
    const streams = [
      ...(needs.streams ?? []).map((name) => this.streamName(name)),
      ...(needs.buckets ?? []).map((bucket) => kvStreamName(sanitizeName(`${this.prefix}_${bucket}`))),
    ];
    try {
      await Promise.race([this.nc.rtt().catch((err: unknown) => Promise.reject(toBusError(err, 'ping'))), timeout]);
      // A connection can answer while the streams behind it have no leader (their node is down, an election runs).
      await Promise.race([probeStreams(this.probes, streams), timeout]);
    } finally {
      timer?.cancel();
    }
  }

  async close(): Promise<void> {
    if (this.nc.isClosed()) return;
    await Promise.allSettled([...this.subscriptions].map((s) => s.stop()));
    // Draining needs the server; when it is away, closing is all there is to do.
    if (this.connected) {
      try {
        await this.nc.drain();
        return;
      } catch (err) {
        this.log?.warn({ err }, 'NATS drain failed; closing');
      }
    }
    await this.nc.close();
  }

  /** Remembers a live subscription so that close() stops it. */
  track(sub: Subscription): Subscription {
    this.subscriptions.add(sub);
    return {
      stop: async () => {
        this.subscriptions.delete(sub);
        await sub.stop();
      },
    };
  }

  /**
   * Sends what the client has buffered (subscriptions, acks, naks) and waits for the server to have it;
   * while disconnected the client re-sends subscriptions on reconnect, so there is nothing to wait for.
   */
  async flush(): Promise<void> {
    if (!this.connected || this.nc.isClosed()) return;
    try {
      await this.nc.flush();
    } catch (err) {
      // Lost mid-flush: the client re-sends subscriptions on reconnect and the server drops acks it never
      // confirmed (the message comes again), as when the connection was already away.
      if (err instanceof errors.RequestError || err instanceof errors.ConnectionError) return;
      throw toBusError(err, 'flush');
    }
  }
}
