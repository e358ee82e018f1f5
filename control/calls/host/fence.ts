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
 * Limits PostgreSQL puts on fenced transactions and on claims, so that no owner, frozen or cut off, holds
 * what the next owner needs for longer than `idleMs`: the fence's row lock lives as long as the transaction
 * that took it, and a process stopped in the middle of a commit (SIGSTOP, a long GC pause, a host that
 * went away) leaves its session `idle in transaction`. PostgreSQL ends such a session after `idleMs`
 * (idle_in_transaction_session_timeout), which rolls the transaction back and frees the row; `idleMs`
 * is well under the lease TTL, so the lock is gone before the lease can pass to anyone. A wait for the
 * row lock (the fence's or a claim's) gives up after `lockMs` (lock_timeout, SQLSTATE 55P03, which the
 * host treats as transient) instead of queueing behind such an owner. The embedded PGlite takes neither
 * (a session with idle_in_transaction_session_timeout set never answers again), so standalone mode runs
 * without them: its only process cannot be frozen apart from its database.
 */
export interface FenceTimeouts {
  idleMs: number;
  lockMs: number;
}

/** The limits cluster workers use (docs/actors.md, Takeover). */
export const FENCE_TIMEOUTS: FenceTimeouts = { idleMs: 3_000, lockMs: 2_000 };

/** Applies `limits` to the rest of the transaction `tx`. */
async function limitTransaction(tx: Tx, limits: FenceTimeouts): Promise<void> {
  await tx`select set_config('idle_in_transaction_session_timeout', ${`${limits.idleMs}ms`}, true),
                  set_config('lock_timeout', ${`${limits.lockMs}ms`}, true)`;
}

/**
 * Issues the next epoch of `partition` to `owner`, who has just gained its lease at `leaseRevision`.
 * From this commit on, writes under any older epoch are refused. With `limits`, a claim that would wait
 * on the row lock longer than `lockMs` fails with 55P03 (the lease is given up and claimed again).
 */
export async function claimEpoch(sql: Sql, clock: Clock, partition: number, leaseRevision: number, owner: string, limits?: FenceTimeouts): Promise<number> {
  const at = new Date(clock.now());
  return sql.begin(async (tx) => {
    if (limits) await limitTransaction(tx, limits);
    const [row] = await tx<{ epoch: number }[]>`
      insert into partition_epochs (partition, epoch, lease_revision, owner, claimed_at)
      values (${partition}, 1, ${leaseRevision}, ${owner}, ${at})
      on conflict (partition) do update
        set epoch = partition_epochs.epoch + 1, lease_revision = excluded.lease_revision,
            owner = excluded.owner, claimed_at = excluded.claimed_at
      returning epoch`;
    return row!.epoch;
  });
}

// What the fence statement fails with when the epoch is stale (see withFence).
const DIVISION_BY_ZERO = '22012';

/**
 * The guard every write transaction of the actor host runs first: it takes the partition row's lock
 * (so a concurrent claim waits for this transaction to end) and throws StaleEpochError, aborting the
 * transaction, when the partition's epoch is no longer `epoch`. Epochs only grow, and only claims issue
 * them, so "not equal" means "a newer one was issued". With `limits` (see FenceTimeouts) the transaction
 * cannot hold that lock while it sits idle.
 *
 * A stale epoch is an error of the statement itself (a division by the zero rows it updated), not only of
 * its caller's check: statements sent behind it on the same connection, pipelined before its answer came
 * back, then meet an aborted transaction and change nothing (group-commit.ts sends the batch's writes so).
 */
export async function withFence(tx: Tx, partition: number, epoch: number, limits?: FenceTimeouts): Promise<void> {
  // One statement with the limits: the join makes them set before the update takes the row's lock. Sent
  // now (execute), not when awaited: an await reaches a query a microtask later, so a statement created
  // after it but awaited directly would go out first.
  const fenced = limits
    ? tx`
        with limits as (
          select set_config('idle_in_transaction_session_timeout', ${`${limits.idleMs}ms`}, true),
                 set_config('lock_timeout', ${`${limits.lockMs}ms`}, true)),
        fenced as (
          update partition_epochs set epoch = epoch from limits
          where partition = ${partition} and epoch = ${epoch}
          returning 1)
        select 1 / count(*)::int as ok from fenced`.execute()
    : tx`
        with fenced as (
          update partition_epochs set epoch = epoch
          where partition = ${partition} and epoch = ${epoch}
          returning 1)
        select 1 / count(*)::int as ok from fenced`.execute();
  try {
    await fenced;
  } catch (err) {
    // 22012 (division_by_zero) can only be the zero rows above: nothing else in the statement divides.
    if ((err as { code?: unknown }).code === DIVISION_BY_ZERO) throw new StaleEpochError(partition, epoch);
    throw err;
  }
}
