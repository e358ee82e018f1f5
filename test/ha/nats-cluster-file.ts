import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll } from 'vitest';
import type { Bus } from '../../shared/bus/bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { startNatsCluster, type NatsCluster, type NatsNode } from './nats-cluster.js';

/** Text as a bus payload. */
export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
/** A bus payload as text. */
export const dec = (b: Uint8Array): string => new TextDecoder().decode(b);

/** A NATS cluster for one test file, with an admin's JetStream manager and the file's buses. */
export interface ClusterFile {
  readonly cluster: NatsCluster;
  readonly jsm: JetStreamManager;
  /** A bus on the cluster under `prefix` with `replicas` (connected to `servers`, default all), closed after the file. */
  bus(prefix: string, replicas: number, servers?: NatsNode[]): Promise<Bus>;
  /**
   * Listens for the next leader JetStream announces for a stream (`stream`) or a consumer (`stream.durable`):
   * resolves, once the server has the subscription, with `elected`, which resolves with that LEADER_ELECTED
   * advisory's leader and when it came (ms). Ask before the fault.
   */
  nextLeader(kind: 'STREAM' | 'CONSUMER', name: string): Promise<{ elected: Promise<{ leader: string; at: number }> }>;
}

/** Starts a cluster of `size` nodes before the file's tests and stops it, with every bus made on it, after them. */
export function natsClusterForFile(size = 3): ClusterFile {
  let cluster: NatsCluster | undefined;
  let admin: NatsConnection | undefined;
  let jsm: JetStreamManager | undefined;
  const buses: Bus[] = [];
  beforeAll(async () => {
    cluster = await startNatsCluster(size);
    admin = await connect({ servers: cluster.url.split(','), maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    jsm = await jetstreamManager(admin, { checkAPI: false });
  }, 60_000);
  afterAll(async () => {
    for (const b of buses) await b.close().catch(() => {});
    await admin?.close();
    await cluster?.destroy();
  });
  return {
    get cluster() {
      return cluster!;
    },
    get jsm() {
      return jsm!;
    },
    async bus(prefix, replicas, servers = cluster!.nodes) {
      const b = await createNatsBus({ url: servers.map((n) => n.url).join(','), prefix, replicas, name: `cluster-test-${prefix}` });
      buses.push(b);
      return b;
    },
    async nextLeader(kind, name) {
      const sub = admin!.subscribe(`$JS.EVENT.ADVISORY.${kind}.LEADER_ELECTED.${name}`, { max: 1 });
      const elected = (async () => {
        for await (const m of sub) return { leader: (m.json() as { leader: string }).leader, at: Date.now() };
        throw new Error(`no leader announced for ${kind} ${name}`);
      })();
      await admin!.flush();
      return { elected };
    },
  };
}
