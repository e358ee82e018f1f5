/**
 * The actor host: the part of a worker that owns partitions and runs their call actors. Cluster and
 * standalone run the same code; standalone's in-process bus simply makes its one worker the owner of
 * every partition.
 *
 * Gaining a partition: claim a fencing epoch in PostgreSQL (from then on the previous owner's writes are
 * refused), load the live actors' snapshots, re-arm their timers, then consume the mailbox. Losing one:
 * stop its actors, timers and consumer at once. A write refused by the fence releases the lease.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Clock } from '../../../shared/clock/clock.js';
import { newId } from '../../../shared/ids/ids.js';
import { MAILBOX_STREAM } from '../../../protocol/bus/bus-names.js';
import { reportMailboxes } from './mailbox-metrics.js';
import { commitDurations } from '../../../shared/metrics/latency-metrics.js';
import type { Services } from '../../../shared/services/services.js';
import type { EffectRunner, OnCommit } from './effect.js';
import { claimEpoch, type FenceTimeouts } from './fence.js';
import { startMessagePruning } from './message-pruning.js';
import { PartitionLeases } from './partition-leases.js';
import type { CommitFault } from './group-commit.js';
import type { MachineRegistry } from './live-actors.js';
import { PartitionWorker } from './partition-worker.js';

/** Lease time to live when not given. */
export const DEFAULT_LEASE_TTL_MS = 10_000;

/**
 * Lease time to live when not given on a replicated bus (SENTRAL_NATS_REPLICAS above 1): the lease bucket's
 * leader can die, and its followers wait 4-9 s before they elect another (nats-server's Raft timeouts). A
 * lease must outlast that election plus a renewal, or every lease in the bucket is lost with its leader.
 */
export const REPLICATED_LEASE_TTL_MS = 20_000;

/** The services the host uses. */
export type ActorHostServices = Pick<Services, 'clock' | 'log' | 'sql' | 'bus'> & {
  config: Pick<Services['config'], 'partitions'> & Partial<Pick<Services['config'], 'natsReplicas'>>;
  metrics?: Registry;
};

/** Options of startActorHost. */
export interface ActorHostOptions {
  /** The machines actors are made from, by kind. */
  machines: MachineRegistry;
  /** Runs inside each transition's transaction with the effects that are not the host's own. */
  onCommit?: OnCommit;
  /** Carries those effects out after the commit. */
  effectRunner?: EffectRunner;
  /** Names this worker in leases (letters, digits, `_`, `-`); generated when absent. */
  workerId?: string;
  /** Lease time to live (default 10 s); fixed per cluster, as the bucket keeps the TTL it was made with. */
  leaseTtlMs?: number;
  /** Renewal interval (default a fifth of the TTL, so that a bus away for half the TTL costs no lease). */
  renewIntervalMs?: number;
  /** Ack wait of the mailbox consumers (default the lease TTL, so failover is not slower than the lease). */
  ackWaitMs?: number;
  /** The clock the bus's KV TTL runs on; default the services' clock. */
  leaseClock?: Clock;
  /** Told of every change of the owned partitions. */
  onOwnership?: (partitions: number[]) => void;
  /**
   * PostgreSQL's limits on fenced transactions and claims (FENCE_TIMEOUTS in cluster mode), so a frozen
   * owner cannot hold a takeover; none with the embedded PGlite, which cannot take them.
   */
  fenceTimeouts?: FenceTimeouts;
  /** Test-only fault injection into each message's commit (see CommitFault). */
  commitFault?: CommitFault;
}

/** A running actor host. */
export interface ActorHost {
  readonly workerId: string;
  /** Partitions whose lease this worker holds. */
  ownedPartitions(): number[];
  /** Call actors in memory across the owned partitions. */
  liveActors(): number;
  /** Resolves when every partition gained so far has restored its actors and consumes its mailbox. */
  ready(): Promise<void>;
  /** Stops every partition and releases the leases. */
  stop(): Promise<void>;
}

/** Starts the actor host of a worker (or of standalone): claims its share of partitions and runs them. */
export async function startActorHost(services: ActorHostServices, options: ActorHostOptions): Promise<ActorHost> {
  const { bus, sql, clock, log: baseLog } = services;
  const partitions = services.config.partitions;
  const workerId = options.workerId ?? newId('node', clock);
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(workerId)) throw new Error(`invalid workerId ${JSON.stringify(workerId)}`);
  const log = baseLog.child({ part: 'actor-host', workerId });
  const ttlMs = options.leaseTtlMs ?? ((services.config.natsReplicas ?? 1) > 1 ? REPLICATED_LEASE_TTL_MS : DEFAULT_LEASE_TTL_MS);
  const leaseClock = options.leaseClock ?? clock;
  const workers = new Map<number, PartitionWorker>();
  const starting = new Set<Promise<void>>();
  const owned = services.metrics
    ? new Gauge({ name: 'sentral_actor_partitions_owned', help: 'Actor partitions this worker owns', registers: [services.metrics] })
    : undefined;
  const leaseChanges = services.metrics
    ? new Counter({
        name: 'sentral_actor_partition_lease_changes_total',
        help: 'Partition leases this worker gained, released on purpose (balancing, stop) or lost (not renewed in time, taken over)',
        labelNames: ['change'],
        registers: [services.metrics],
      })
    : undefined;
  const commits = services.metrics ? commitDurations(services.metrics) : undefined;
  let stopping = false;

  const changed = (): void => {
    const list = leases.owned();
    owned?.set(list.length);
    options.onOwnership?.(list);
  };

  const gain = async (partition: number, leaseRevision: number): Promise<void> => {
    const epoch = await claimEpoch(sql, clock, partition, leaseRevision, workerId, options.fenceTimeouts);
    if (stopping || !leases.owned().includes(partition) || workers.has(partition)) return;
    const worker = new PartitionWorker({
      sql,
      bus,
      clock,
      leaseClock,
      log,
      machines: options.machines,
      onCommit: options.onCommit ?? (async () => {}),
      effectRunner: options.effectRunner ?? (async () => {}),
      partition,
      partitions,
      epoch,
      ackWaitMs: options.ackWaitMs ?? ttlMs,
      onStale: () => void leases.release(partition),
      ...(options.fenceTimeouts ? { fenceTimeouts: options.fenceTimeouts } : {}),
      ...(options.commitFault ? { commitFault: options.commitFault } : {}),
      ...(commits ? { commitDurations: commits } : {}),
    });
    workers.set(partition, worker);
    await worker.start();
  };

  const leases = new PartitionLeases({
    bus,
    clock: leaseClock,
    log,
    workerId,
    partitions,
    ttlMs,
    renewIntervalMs: options.renewIntervalMs ?? Math.floor(ttlMs / 5),
    onGained: (partition, revision) => {
      leaseChanges?.inc({ change: 'gained' });
      changed();
      const started = gain(partition, revision)
        .catch((err: unknown) => {
          // Without its actors the partition is of no use here: give it up for another worker (or a retry).
          log.error({ err, partition }, 'partition could not be started; releasing it');
          void leases.release(partition);
        })
        .finally(() => starting.delete(started));
      starting.add(started);
    },
    onLost: async (partition, reason) => {
      leaseChanges?.inc({ change: reason });
      const worker = workers.get(partition);
      workers.delete(partition);
      changed();
      await worker?.stop();
    },
  });

  const pruning = startMessagePruning(sql, clock, log);
  const mailboxes = services.metrics ? reportMailboxes(services.metrics, bus, leaseClock, log) : undefined;

  await bus.ensureStream({ ...MAILBOX_STREAM, subjects: [...MAILBOX_STREAM.subjects] });
  await leases.start();
  log.info({ partitions, owned: leases.owned().length }, 'actor host started');

  return {
    workerId,
    ownedPartitions: () => leases.owned(),
    liveActors: () => [...workers.values()].reduce((sum, w) => sum + w.liveActors, 0),
    async ready() {
      while (starting.size > 0) await Promise.all([...starting]);
    },
    async stop() {
      stopping = true;
      pruning.cancel();
      mailboxes?.remove();
      // Partitions still being gained finish (or give up) first, so none starts after the services close.
      await Promise.allSettled([...starting]);
      await leases.stop();
      await Promise.all([...workers.values()].map((w) => w.stop()));
      workers.clear();
      if (services.metrics && owned) services.metrics.removeSingleMetric('sentral_actor_partitions_owned');
      log.info('actor host stopped');
    },
  };
}
