import { describe, expect, it } from 'vitest';
import type { Bus, BusMessage, KvBucket } from '../../shared/bus/bus.js';
import { isBusError } from '../../shared/bus/bus-error.js';
import { retryUntil } from '../support/eventually.js';
import { dec, enc, natsClusterForFile } from './nats-cluster-file.js';
import type { NatsNode } from './nats-cluster.js';

// A stream's or a consumer's leader killed on a three-node cluster: what readiness says with one replica,
// and that publishes, consumers and KV go on with three, each within moments of its new leader's election
// (awaited as JetStream's LEADER_ELECTED advisory). Part of `npm run test:ha`. The figures are printed
// (docs/deploy.md, "What each failure costs").

const file = natsClusterForFile(3);
/** The bound: calls answer again within this of a NATS node's loss. */
const RECOVERY_MS = 10_000;
/** How soon after its new leader's election a consumer delivers again (it pulls on the advisory). */
const AFTER_ELECTION_MS = 3_000;

/** Rejects when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A consumer's handler that records each message's first delivery and lets a test await one. */
function deliveries() {
  const got: string[] = [];
  const at = new Map<string, number>();
  const waiting = new Map<string, (ms: number) => void>();
  let redelivered = 0;
  return {
    got,
    redelivered: () => redelivered,
    async handler(m: BusMessage): Promise<void> {
      const id = dec(m.data);
      if (at.has(id)) redelivered++;
      else {
        got.push(id);
        at.set(id, Date.now());
        waiting.get(id)?.(at.get(id)!);
      }
      await m.ack();
    },
    /** When `id` was first delivered. */
    delivered(id: string): Promise<number> {
      const seen = at.get(id);
      return seen !== undefined ? Promise.resolve(seen) : new Promise((resolve) => waiting.set(id, resolve));
    },
  };
}

/** Publishes as a sender does: the same message id again until the stream takes it. */
const send = (b: Bus, id: string) => retryUntil(() => b.publish('cmd.1', enc(id), { msgId: id }), RECOVERY_MS + 5_000, 100);

/**
 * Writes `value` over `revision` as the lease manager does: again while the bucket elects its leader, and
 * a write that landed though its answer was lost counts as done (the key holds it).
 */
async function compareAndSet(kv: KvBucket, key: string, value: string, revision: number): Promise<number> {
  return retryUntil(async () => {
    try {
      return await kv.update(key, enc(value), revision);
    } catch (err) {
      if (!isBusError(err, 'kv_wrong_revision')) throw err;
      const now = await kv.get(key);
      if (now && dec(now.value) === value) return now.revision;
      throw err;
    }
  }, RECOVERY_MS + 5_000, 100);
}

describe('a stream leader lost', () => {
  it('with one replica: ping with the stream it needs fails while its node is down, and answers again after', async () => {
    const setup = await file.bus('single', 1);
    await setup.ensureStream({ name: 'cmd', subjects: ['cmd.>'], retention: 'workqueue' });
    const leader = (await file.jsm.streams.info('single_cmd')).cluster!.leader!;
    const node = file.cluster.nodes.find((n) => n.name === leader)!;
    // Connected to the other nodes: what readiness must name is the stream, not a lost connection.
    const b = await file.bus('single', 1, file.cluster.nodes.filter((n) => n !== node));
    const needs = { streams: ['cmd'], buckets: ['absent'] };
    await b.ping(needs);
    await node.kill();
    try {
      const started = Date.now();
      const err = await b.ping(needs).catch((e: unknown) => e);
      expect(isBusError(err, 'unavailable')).toBe(true);
      expect((err as Error).message).toContain('single_cmd');
      // Within the readiness probe's time.
      expect(Date.now() - started).toBeLessThan(3_000);
      // The connection itself still answers: only the stream is gone.
      await b.ping();
    } finally {
      await node.start();
    }
    // Readiness is polled (by the load balancer); the stream announces nothing on its way back with one replica.
    await retryUntil(() => b.ping(needs), 20_000, 100);
    await file.cluster.settled();
  }, 60_000);

  /**
   * Kills the node `pick` chooses among the stream's and the consumer's leaders while a consumer runs, sends
   * three messages during the outage, and checks that each arrives once, in order, soon after the elections.
   */
  async function loseLeader(prefix: string, pick: (leaders: { stream: string; consumer: string }) => string) {
    const b = await file.bus(prefix, 3);
    const stream = `${prefix}_cmd`;
    await b.ensureStream({ name: 'cmd', subjects: ['cmd.>'], retention: 'workqueue' });
    const kv = await b.kv('leases', { ttlMs: 30_000 });
    const seen = deliveries();
    const sub = await b.consume({ stream: 'cmd', durable: 'w', filterSubject: 'cmd.>', ackWaitMs: 2_000 }, (m) => seen.handler(m));
    await send(b, 'm1');
    const revision = await kv.create('p1', enc('a'));
    await within(seen.delivered('m1'), 10_000, 'm1');

    const leaders = {
      stream: (await file.jsm.streams.info(stream)).cluster!.leader!,
      consumer: (await file.jsm.consumers.info(stream, 'w')).cluster!.leader!,
      kv: (await file.jsm.streams.info(`KV_${prefix}_leases`)).cluster!.leader!,
    };
    const victim: NatsNode = file.cluster.nodes.find((n) => n.name === pick(leaders))!;
    const watches = await Promise.all([
      ...(leaders.stream === victim.name ? [file.nextLeader('STREAM', stream)] : []),
      ...(leaders.consumer === victim.name ? [file.nextLeader('CONSUMER', `${stream}.w`)] : []),
      ...(leaders.kv === victim.name ? [file.nextLeader('STREAM', `KV_${prefix}_leases`)] : []),
    ]);
    await victim.kill();
    const killedAt = Date.now();
    try {
      for (const id of ['m2', 'm3', 'm4']) await send(b, id);
      const elected = await within(Promise.all(watches.map((w) => w.elected)), RECOVERY_MS + 5_000, 'new leaders');
      const lastElection = Math.max(...elected.map((e) => e.at));
      const deliveredAt = await within(seen.delivered('m4'), RECOVERY_MS + 5_000, 'm4');
      expect(seen.got).toEqual(['m1', 'm2', 'm3', 'm4']);
      // The lease bucket keeps its compare-and-set: the old revision wins once, a stale one loses.
      const next = await compareAndSet(kv, 'p1', 'b', revision);
      const stale = await kv.update('p1', enc('c'), revision).catch((e: unknown) => e);
      expect(isBusError(stale, 'kv_wrong_revision')).toBe(true);
      expect((await kv.get('p1'))!.revision).toBe(next);
      // Every leader is elected: readiness answers at once.
      await b.ping({ streams: ['cmd'], buckets: ['leases'] });
      const figures = {
        killed: victim.name,
        leaders: `stream ${leaders.stream}, consumer ${leaders.consumer}, kv ${leaders.kv}`,
        electedAfterMs: lastElection - killedAt,
        deliveredAfterMs: (await seen.delivered('m2')) - killedAt,
        deliveredAfterElectionMs: (await seen.delivered('m2')) - lastElection,
        redelivered: seen.redelivered(),
      };
      console.table([figures]);
      expect(deliveredAt - killedAt).toBeLessThan(RECOVERY_MS + 1_000);
      expect(figures.deliveredAfterMs).toBeLessThan(RECOVERY_MS);
      expect(figures.deliveredAfterElectionMs).toBeLessThan(AFTER_ELECTION_MS);
    } finally {
      await victim.start();
    }
    await file.cluster.settled();
    await send(b, 'm5');
    await within(seen.delivered('m5'), 10_000, 'm5 after the restart');
    expect(seen.got).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    await sub.stop();
  }

  it('with three replicas, the stream leader killed: publishes, the consumer and KV go on after its election, and readiness recovers by itself', async () => {
    await loseLeader('triple', (leaders) => leaders.stream);
  }, 90_000);

  it('with three replicas, the consumer leader killed: the consumer pulls from its new leader as soon as it is elected', async () => {
    await loseLeader('pull', (leaders) => leaders.consumer);
  }, 90_000);
});
