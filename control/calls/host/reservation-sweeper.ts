/**
 * The reservation sweeper: ends the calls whose start was interrupted and gives back their money. POST
 * /v1/calls stores the call and its reservations in one transaction, then creates the call's actor; an API
 * process that dies in between, or an actor creation that failed for good (its message refused), leaves a
 * call "still being started" with no actor to run it, spend or release its money.
 *
 * A call is swept when it was created more than the grace period ago (far beyond any request still in
 * flight) and has no actor snapshot, whether it holds reservations or not (test-key calls hold none). The
 * candidates are the calls holding an open reservation (few: the money of calls under way), whatever their
 * age, and every call created within LOOKBACK_MS before the grace period ended. In one transaction the sweeper claims the call's
 * row (FOR UPDATE SKIP LOCKED: several workers sweep at once, each call is taken by one), writes the call's
 * final snapshot (ended, reason `not_started`) only if the call has none, and releases its reservations. The
 * snapshot is the fence: an actor creation that commits first makes the insert find its row (nothing is
 * released), and one that commits later finds the sweeper's row and answers as for an existing actor (the
 * host never overwrites a snapshot when creating). So a retried POST /v1/calls answers the ended call.
 */
import type { CallActorInput } from '../../../protocol/calls/call-actor.js';
import type { Clock, Timer } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import type { HotStore } from '../../../shared/kv/hot-store.js';
import type { Logger } from '../../../shared/log/log.js';
import { partitionOf } from '../../../protocol/bus/bus-names.js';
import { release } from '../../billing/ledger.js';
import { saveCallView } from '../store/call-views.js';
import { insertSnapshot } from './actor-store.js';
import type { CallContext } from '../context/call-context.js';
import { initialContext } from '../call/call-lifecycle.js';
import { creationStreamId } from '../requests/stream-launch.js';
import { releaseStreamSlot } from '../store/stream-slots.js';

/** How often a worker sweeps. */
export const SWEEP_INTERVAL_MS = 60_000;
/** How old a call without an actor must be before its money is given back. */
export const ABANDONED_AFTER_MS = 5 * 60_000;
/** How far back calls without reservations are looked at (a sweeper down for longer leaves older ones). */
export const LOOKBACK_MS = 7 * 24 * 3600_000;
/** Calls looked at per sweep (the rest wait for the next one). */
const SWEEP_BATCH = 100;

/** What the sweeper needs. */
export interface ReservationSweeperDeps {
  sql: Sql;
  clock: Clock;
  log: Logger;
  hot: HotStore;
  partitions: number;
  /** Default ABANDONED_AFTER_MS. */
  graceMs?: number;
  /** Default SWEEP_INTERVAL_MS. */
  intervalMs?: number;
}

/** A call the sweeper marked as never started, and the øre it gave back. */
export interface AbandonedCall {
  callId: string;
  releasedOre: number;
}

/** A running sweeper. */
export interface ReservationSweeper {
  /** Stops sweeping; waits for a sweep under way. */
  stop(): Promise<void>;
}

/** The call as its actor would have left it had it ended at `at` before starting anything. */
function notStartedContext(launch: CallActorInput, at: number): CallContext {
  return {
    ...initialContext(launch),
    status: 'ended',
    endReason: 'not_started',
    endedAt: at,
    result: { durationSeconds: 0, countedMinutes: 0, priceOre: 0, items: [] },
  };
}

/** Marks one call as never started and releases its reservations; null when it has an actor or another sweeper has it. */
async function abandon(deps: ReservationSweeperDeps, callId: string): Promise<{ launch: CallActorInput; releasedOre: number } | null> {
  const { sql, clock, partitions } = deps;
  return sql.begin(async (tx) => {
    const [row] = await tx<{ launch: CallActorInput }[]>`select launch from calls where id = ${callId} for update skip locked`;
    if (!row) return null;
    const at = clock.now();
    // Shaped like the host's persisted snapshots; `done` is never loaded back.
    const context = notStartedContext(row.launch, at);
    const snapshot = { status: 'done', value: 'ended', context, children: {}, historyValue: {} };
    // Epoch 0: written by no partition owner (claims issue epochs from 1).
    const marked = await insertSnapshot(tx, { callId, kind: 'call', partition: partitionOf(callId, partitions), epoch: 0, status: 'done', snapshot, at: new Date(at) });
    if (!marked) return null;
    await saveCallView(tx, context, true, at);
    const open = await tx<{ id: string }[]>`
      select id from reservations where company_id = ${row.launch.companyId} and reference = ${callId} and state = 'open' order by id`;
    let releasedOre = 0;
    for (const r of open) releasedOre += await release(tx, clock, { reservationId: r.id });
    return { launch: row.launch, releasedOre };
  });
}

/** One sweep: every call old enough that has no actor is marked as never started and its money (if any) released. */
export async function sweepAbandonedCalls(deps: ReservationSweeperDeps): Promise<AbandonedCall[]> {
  const { sql, clock, log, hot } = deps;
  const cutoff = clock.now() - (deps.graceMs ?? ABANDONED_AFTER_MS);
  const candidates = await sql<{ id: string }[]>`
    select id from (
      select c.id from reservations r join calls c on c.id = r.reference and c.company_id = r.company_id
      where r.state = 'open' and r.created_at_ms <= ${cutoff} and c.created_at_ms <= ${cutoff}
      union
      select c.id from calls c where c.created_at_ms <= ${cutoff} and c.created_at_ms > ${cutoff - LOOKBACK_MS}
    ) candidate
    where not exists (select 1 from actor_snapshots s where s.call_id = candidate.id)
    order by id
    limit ${SWEEP_BATCH}`;
  const swept: AbandonedCall[] = [];
  for (const { id } of candidates) {
    const done = await abandon(deps, id);
    if (done === null) continue;
    swept.push({ callId: id, releasedOre: done.releasedOre });
    log.warn({ callId: id, companyId: done.launch.companyId, releasedOre: done.releasedOre }, 'call never started: ended as not_started, its reservations released');
    // The concurrent-stream slot its stream took before the call was stored.
    if (done.launch.stream !== null) {
      await releaseStreamSlot(hot, done.launch.companyId, creationStreamId(id)).catch((err: unknown) => log.warn({ err, callId: id }, 'stream slot not given back'));
    }
  }
  return swept;
}

/** Sweeps every interval on the injected clock until stopped; a failed sweep is logged and tried again next time. */
export function startReservationSweeper(deps: ReservationSweeperDeps): ReservationSweeper {
  const intervalMs = deps.intervalMs ?? SWEEP_INTERVAL_MS;
  let stopped = false;
  let timer: Timer | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = (): void => {
    running = sweepAbandonedCalls(deps)
      .then((swept) => deps.log.debug({ released: swept.length }, 'reservations swept'))
      .catch((err: unknown) => deps.log.error({ err }, 'reservation sweep failed'))
      .finally(() => {
        if (!stopped) timer = deps.clock.setTimer(intervalMs, tick);
      });
  };
  timer = deps.clock.setTimer(intervalMs, tick);
  return {
    async stop() {
      stopped = true;
      timer?.cancel();
      await running;
    },
  };
}
