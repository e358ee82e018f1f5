/**
 * Group commit: the decisions of a batch of mailbox messages written in one fenced transaction. Per batch
 * one fence check, one statement for the new actors' snapshots, one for the changed ones (the last
 * snapshot of each call), one for the messages' outcomes; timer changes in the order the machines asked
 * for them; onCommit with the batch's transitions in mailbox order. After the fence, these are sent
 * together, pipelined. One commit (one WAL flush) for the batch.
 */
import type { Sql, Tx } from '../../../shared/db/database.js';
import { insertSnapshots, recordOutcomes, saveSnapshots, deleteCallTimers, deleteTimer, upsertTimer, type SnapshotRow } from './actor-store.js';
import type { Decision } from './decision.js';
import type { EffectContext, OnCommit } from './effect.js';
import type { TraceCarrier } from '../../../shared/tracing/trace-context.js';
import { withFence, type FenceTimeouts } from './fence.js';
import { CreationRaceError } from './message-failure.js';
import { timed, type DurationObserver } from '../../../shared/metrics/latency-metrics.js';

/**
 * Test-only fault injection: runs inside each message's commit transaction after the host's own writes;
 * what it throws fails that commit (a transient or a permanent failure, as classified).
 */
export type CommitFault = (tx: Tx, message: { id: string; callId: string; type: string }) => Promise<void>;

/** What the group commit needs. */
export interface GroupCommitDeps {
  sql: Sql;
  partition: number;
  epoch: number;
  onCommit: OnCommit;
  fenceTimeouts?: FenceTimeouts;
  commitFault?: CommitFault;
  /** Told how long each commit took (metrics). */
  commitDurations?: Record<'committed' | 'failed', DurationObserver>;
}

/** The effect context of a decision and, with tracing on, the trace context of its message. */
export interface DecisionContexts {
  contextOf(d: Decision): EffectContext;
  traceOf?(d: Decision): TraceCarrier | undefined;
}

/** Commits `decisions` (in mailbox order) in one fenced transaction; throws what failed, having written nothing. */
export async function commitDecisions(deps: GroupCommitDeps, decisions: readonly Decision[], at: Date, contexts: DecisionContexts): Promise<void> {
  const started = performance.now();
  try {
    await timed(deps.commitDurations?.committed, () => commitBatch(deps, decisions, at, contexts));
  } catch (err) {
    deps.commitDurations?.failed.observe((performance.now() - started) / 1000);
    throw err;
  }
}

async function commitBatch(deps: GroupCommitDeps, decisions: readonly Decision[], at: Date, contexts: DecisionContexts): Promise<void> {
  const { sql, partition, epoch, onCommit } = deps;
  await sql.begin(async (tx) => {
    // The fence and the batch's writes go out together, pipelined on the transaction's connection (one
    // round trip, not one per statement): a stale fence fails its own statement, so the writes behind it
    // meet an aborted transaction and change nothing; the first write that fails aborts it before its commit.
    const fence = withFence(tx, partition, epoch, deps.fenceTimeouts);
    const transitions = decisions.flatMap((d) => (d.change ? [{ effects: d.change.effects.others, context: contexts.contextOf(d), trace: contexts.traceOf?.(d) }] : []));
    const writes = [
      writeSnapshots(tx, decisions, partition, epoch, at),
      // Sent in mailbox order (a connection runs its statements in the order sent): a later message's timer change of a call wins.
      ...decisions.flatMap((d) => timerWrites(tx, d, partition)),
      recordOutcomes(tx, decisions.map((d) => ({ callId: d.callId, messageId: d.entry.id, outcome: d.outcome, at }))),
      transitions.length > 0 ? onCommit(tx, transitions) : undefined,
    ];
    await firstFailure(fence, writes);
    if (deps.commitFault) for (const d of decisions) await deps.commitFault(tx, { id: d.entry.id, callId: d.callId, type: d.entry.type });
  });
}

// What a statement sent behind a failed one in the same transaction fails with (in_failed_sql_transaction).
const ABORTED_TRANSACTION = '25P02';

/**
 * Waits for the fence and the writes sent behind it; throws the fence's failure first (a stale epoch
 * makes every write behind it fail too), else the first failure that is not just the aborted transaction.
 */
async function firstFailure(fence: Promise<void>, writes: readonly (Promise<unknown> | undefined)[]): Promise<void> {
  const [fenced, ...written] = await Promise.allSettled([fence, ...writes]);
  if (fenced!.status === 'rejected') throw fenced!.reason;
  const failures = written.flatMap((w) => (w.status === 'rejected' ? [w.reason as unknown] : []));
  if (failures.length > 0) throw failures.find((e) => (e as { code?: unknown }).code !== ABORTED_TRANSACTION) ?? failures[0];
}

/** The last snapshot of each call the batch changed: inserted when the batch created the actor, else replaced. */
async function writeSnapshots(tx: Tx, decisions: readonly Decision[], partition: number, epoch: number, at: Date): Promise<void> {
  const last = new Map<string, SnapshotRow & { created: boolean }>();
  for (const { callId, change } of decisions) {
    if (!change) continue;
    const created = last.get(callId)?.created ?? change.created;
    last.set(callId, { callId, kind: change.live.kind, partition, epoch, status: change.status, snapshot: change.snapshot, at, created });
  }
  const rows = [...last.values()];
  // Both sent at once (they touch different calls). The call got a snapshot since its actor was decided
  // into being (e.g. marked as never started): the batch fails, and the message, decided again alone,
  // meets it and is answered as for an existing actor.
  const [taken] = await Promise.all([insertSnapshots(tx, rows.filter((r) => r.created)), saveSnapshots(tx, rows.filter((r) => !r.created))]);
  if (taken.length > 0) throw new CreationRaceError(taken[0]!);
}

/** The durable timer changes of one transition, as the host applies them after the commit, each sent at once. */
function timerWrites(tx: Tx, { entry, callId, change }: Decision, partition: number): Promise<void>[] {
  if (!change) return [];
  const fired = entry.timer ? [deleteTimer(tx, callId, entry.timer.timerId, entry.timer.fireAt)] : [];
  if (change.status !== 'active') return [...fired, deleteCallTimers(tx, callId)];
  return [...fired, ...change.effects.timerOps.map((op) => (op.op === 'set' ? upsertTimer(tx, partition, { callId, ...op.timer }) : deleteTimer(tx, callId, op.timerId)))];
}
