import { JetStreamApiCodes, JetStreamApiError, type JetStreamManager, type StreamConfig } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/transport-node';
import { BusError } from './bus-error.js';
import { toBusError } from './nats-errors.js';
import { realClock } from '../clock/real-clock.js';

/**
 * Replicas of the streams, consumers and KV buckets a NATS bus creates (SENTRAL_NATS_REPLICAS), and the
 * checks that go with them: a cluster too small for them is refused with a message naming the setting,
 * and a changed count scales what exists in place (JetStream moves the data itself).
 */

// JetStream's answers when a stream cannot get as many peers as asked for.
const NO_SUITABLE_PEERS = 10005;
const INSUFFICIENT_RESOURCES = 10023;
const REPLICAS_NOT_SUPPORTED = 10074;

// After a replica change the stream elects a leader among its new peers; until then its API answers nothing.
const LEADER_WAIT_MS = 15_000;
const LEADER_POLL_MS = 100;

/** Refuses replicas above one when the server is not part of a cluster (nothing could ever place them). */
export function checkClustered(nc: NatsConnection, replicas: number): void {
  if (replicas > 1 && !nc.info?.cluster) {
    throw new BusError(
      'replicas_unavailable',
      `SENTRAL_NATS_REPLICAS=${replicas} needs a NATS cluster of at least ${replicas} servers with JetStream; the server at ${nc.getServer()} is not clustered`,
    );
  }
}

/** The error to throw when creating or scaling `what` failed: a clear one when the cluster lacks peers. */
export function replicasError(err: unknown, nc: NatsConnection, replicas: number, what: string): unknown {
  if (err instanceof JetStreamApiError && [NO_SUITABLE_PEERS, INSUFFICIENT_RESOURCES, REPLICAS_NOT_SUPPORTED].includes(err.code)) {
    const known = nc.info?.connect_urls?.length ?? 1;
    return new BusError(
      'replicas_unavailable',
      `SENTRAL_NATS_REPLICAS=${replicas}: the NATS cluster cannot place ${replicas} replicas of ${what} ` +
        `(${known} server${known === 1 ? '' : 's'} of the cluster answer now; it needs ${replicas} with JetStream up): ${err.message}`,
      { cause: err },
    );
  }
  return toBusError(err, what);
}

/**
 * Sets a KV bucket's replicas and entry lifetime if they differ from what is asked (the bucket is a
 * stream), then waits for its leader when the replicas changed.
 */
export async function alignBucket(jsm: JetStreamManager, name: string, replicas: number, ttlMs: number | undefined): Promise<void> {
  const info = await jsm.streams.info(name);
  const maxAge = ttlMs ? nanos(ttlMs) : info.config.max_age;
  if (info.config.num_replicas === replicas && info.config.max_age === maxAge) return;
  await jsm.streams.update(name, { ...info.config, num_replicas: replicas, max_age: maxAge });
  if (info.config.num_replicas !== replicas) await streamLeader(jsm, name);
}

// How long creating or opening a stream, bucket or consumer is tried again while JetStream does not answer.
const SETUP_WAIT_MS = 30_000;
const SETUP_RETRY_MS = 250;

/**
 * Runs `setup` (creating or opening a stream, bucket or consumer) again while JetStream does not answer
 * (a timeout, no responders, JetStream not enabled yet): on a replicated cluster a new stream elects its
 * leader and a restarted server catches up before they answer, which under load took more than the
 * client's 5 s, and a role that gave up then did not start at all. Other errors are thrown at once.
 */
export async function whileElecting<T>(what: string, setup: () => Promise<T>): Promise<T> {
  const deadline = realClock.monotonic() + SETUP_WAIT_MS;
  for (;;) {
    try {
      return await setup();
    } catch (err) {
      const mapped = toBusError(err, what);
      const unanswered = mapped instanceof BusError && mapped.code === 'unavailable';
      if (!unanswered || realClock.monotonic() > deadline) throw err;
      await new Promise<void>((resolve) => realClock.setTimer(SETUP_RETRY_MS, resolve));
    }
  }
}

/** Resolves once the stream has a leader again (after a create or a replica change). */
export async function streamLeader(jsm: JetStreamManager, name: string): Promise<void> {
  const deadline = realClock.monotonic() + LEADER_WAIT_MS;
  for (;;) {
    // The stream's API is answered by its leader: an answer naming one is the event awaited.
    const info = await jsm.streams.info(name).catch(() => null);
    if (info && (info.cluster?.leader !== undefined || info.config.num_replicas <= 1)) return;
    if (realClock.monotonic() > deadline) throw new BusError('unavailable', `stream ${name} has no leader ${LEADER_WAIT_MS} ms after a replica change`);
    await new Promise<void>((resolve) => realClock.setTimer(LEADER_POLL_MS, resolve));
  }
}

/** Resolves when every named stream answers (a stream not created yet counts: JetStream answered for it). */
export async function probeStreams(jsm: JetStreamManager, names: string[]): Promise<void> {
  const failures = await Promise.all(
    names.map(async (name) => {
      try {
        await jsm.streams.info(name);
        return null;
      } catch (err) {
        if (err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound) return null;
        return name;
      }
    }),
  );
  const failing = failures.filter((n): n is string => n !== null);
  if (failing.length > 0) throw new BusError('unavailable', `JetStream does not answer for ${failing.join(', ')}`);
}

/** The fields of a stream's settings sentral sets, compared as JetStream reports them. */
export function differs(actual: StreamConfig, wanted: Partial<StreamConfig>): boolean {
  return (Object.keys(wanted) as Array<keyof StreamConfig>).some((k) => JSON.stringify(actual[k]) !== JSON.stringify(wanted[k]));
}
