/**
 * Fencing: the database refuses writes of a partition owner whose epoch is not the newest.
 *
 * The epoch is issued by PostgreSQL when a worker gains a partition's lease (a counter per partition,
 * bumped under the lease, with the lease's KV revision stored beside it). It is not the KV revision
 * itself because that sequence restarts whenever the KV does (the in-process bus of standalone mode
 * starts empty on every start, and a recreated NATS bucket starts again at 1), while the database keeps
 * the epochs: a restarted standalone would otherwise be fenced out of its own partitions for good.
 */
import type { Sql, Tx } from '../../../shared/db/database.js';
import type { Clock } from '../../../shared/clock/clock.js';

/** A write was refused because a newer owner has claimed the partition since this epoch was issued. */
export class StaleEpochError extends Error {
  constructor(
    readonly partition: number,
    readonly epoch: number,
  ) {
    super(`partition ${partition}: epoch ${epoch} is stale (a newer owner claimed the partition)`);
    this.name = 'StaleEpochError';
  }
}

/** True when `err` is a StaleEpochError. */
export function isStaleEpochError(err: unknown): err is StaleEpochError {
  return err instanceof StaleEpochError;
}

/**
 * Issues the next epoch of `partition` to `owner`, who has just gained its lease at `leaseRevision`.
 * From this commit on, writes under any older epoch are refused.
 */
export async function claimEpoch(sql: Sql, clock: Clock, partition: number, leaseRevision: number, owner: string): Promise<number> {
  const at = new Date(clock.now());
  const [row] = await sql<{ epoch: number }[]>`
    insert into partition_epochs (partition, epoch, lease_revision, owner, claimed_at)
    values (${partition}, 1, ${leaseRevision}, ${owner}, ${at})
    on conflict (partition) do update
      set epoch = partition_epochs.epoch + 1, lease_revision = excluded.lease_revision,
          owner = excluded.owner, claimed_at = excluded.claimed_at
    returning epoch`;
  return row!.epoch;
}

/**
 * The guard every write transaction of the actor host runs first: it takes the partition row's lock
 * (so a concurrent claim waits for this transaction to end) and throws StaleEpochError, aborting the
 * transaction, when the partition's epoch is no longer `epoch`. Epochs only grow, and only claims issue
 * them, so "not equal" means "a newer one was issued".
 */
export async function withFence(tx: Tx, partition: number, epoch: number): Promise<void> {
  const rows = await tx`
    update partition_epochs set epoch = epoch
    where partition = ${partition} and epoch = ${epoch}
    returning 1`;
  if (rows.length === 0) throw new StaleEpochError(partition, epoch);
}
