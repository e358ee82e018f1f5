/** The actor host's tables: snapshots, durable timers, processed-message outcomes (migration 040) and failed messages (041). */
import type { Sql, Tx } from '../../../shared/db/database.js';
import type { ActorEffect, ReplyRequest, TimerRequest } from './effect.js';

/** Lifecycle status of a persisted actor (XState's snapshot status). */
export type ActorStatus = 'active' | 'done' | 'error';

/** A persisted actor of a partition, as loaded on takeover. */
export interface StoredActor {
  callId: string;
  kind: string;
  snapshot: unknown;
}

/** A durable timer row. */
export interface StoredTimer extends TimerRequest {
  callId: string;
}

/** What processing a message produced: kept so that a redelivery or retry gets the same answer. */
export interface MessageOutcome {
  reply: ReplyRequest;
  /** The event time the machine saw, its kind and status after the transition (for the effect context). */
  at: number;
  kind: string;
  status: ActorStatus | null;
  /** The effects handed to the effect runner (run again on replay; receivers drop duplicates by id). */
  effects: ActorEffect[];
}

type Json = Parameters<Sql['json']>[0];

/** Snapshots of the partition's live (active) actors. */
export async function loadLiveActors(sql: Sql, partition: number): Promise<StoredActor[]> {
  const rows = await sql<{ call_id: string; kind: string; snapshot: unknown }[]>`
    select call_id, kind, snapshot from actor_snapshots where partition = ${partition} and status = 'active'`;
  return rows.map((r) => ({ callId: r.call_id, kind: r.kind, snapshot: r.snapshot }));
}

/** Every durable timer of the partition. */
export async function loadTimers(sql: Sql, partition: number): Promise<StoredTimer[]> {
  const rows = await sql<{ call_id: string; timer_id: string; fire_at: number; event: TimerRequest['event'] }[]>`
    select call_id, timer_id, fire_at, event from actor_timers where partition = ${partition}`;
  return rows.map((r) => ({ callId: r.call_id, timerId: r.timer_id, fireAt: Number(r.fire_at), event: r.event }));
}

/** One call's persisted actor (any status) and its durable timers; null when it has no snapshot. */
export async function loadActor(sql: Sql, callId: string): Promise<(StoredActor & { status: ActorStatus; timers: StoredTimer[] }) | null> {
  const [row] = await sql<{ kind: string; status: ActorStatus; snapshot: unknown }[]>`
    select kind, status, snapshot from actor_snapshots where call_id = ${callId}`;
  if (!row) return null;
  const timers = await sql<{ timer_id: string; fire_at: number; event: TimerRequest['event'] }[]>`
    select timer_id, fire_at, event from actor_timers where call_id = ${callId}`;
  return {
    callId,
    kind: row.kind,
    status: row.status,
    snapshot: row.snapshot,
    timers: timers.map((t) => ({ callId, timerId: t.timer_id, fireAt: Number(t.fire_at), event: t.event })),
  };
}

/** The stored outcome of a processed message, or null. */
export async function messageOutcome(sql: Sql, callId: string, messageId: string): Promise<MessageOutcome | null> {
  const [row] = await sql<{ outcome: MessageOutcome }[]>`
    select outcome from actor_messages where call_id = ${callId} and message_id = ${messageId}`;
  return row?.outcome ?? null;
}

/** The statuses of the calls' persisted actors, by call id (a call without one is absent). */
export async function actorStatuses(sql: Sql, callIds: readonly string[]): Promise<Map<string, ActorStatus>> {
  if (callIds.length === 0) return new Map();
  const rows = await sql<{ call_id: string; status: ActorStatus }[]>`
    select call_id, status from actor_snapshots where call_id = any(${[...new Set(callIds)]}::text[])`;
  return new Map(rows.map((r) => [r.call_id, r.status]));
}

/** The stored outcomes of those of `messages` that were processed, by `${callId}/${id}`. */
export async function messageOutcomes(sql: Sql, messages: readonly { callId: string; id: string }[]): Promise<Map<string, MessageOutcome>> {
  if (messages.length === 0) return new Map();
  const rows = await sql<{ call_id: string; message_id: string; outcome: MessageOutcome }[]>`
    select m.call_id, m.message_id, m.outcome
    from unnest(${messages.map((m) => m.callId)}::text[], ${messages.map((m) => m.id)}::text[]) as k(call_id, message_id)
    join actor_messages m using (call_id, message_id)`;
  return new Map(rows.map((r) => [`${r.call_id}/${r.message_id}`, r.outcome]));
}

/** A snapshot row to write. */
export interface SnapshotRow {
  callId: string;
  kind: string;
  partition: number;
  epoch: number;
  status: ActorStatus;
  snapshot: unknown;
  at: Date;
}

const snapshotValues = (tx: Tx, rows: readonly SnapshotRow[]) =>
  tx(rows.map((r) => ({
    call_id: r.callId, kind: r.kind, partition: r.partition, epoch: r.epoch, status: r.status,
    snapshot: tx.json(r.snapshot as Json), created_at: r.at, updated_at: r.at,
  })));

/** Writes call actors' snapshots in one statement (insert or replace); at most one row per call. */
export async function saveSnapshots(tx: Tx, rows: readonly SnapshotRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx`
    insert into actor_snapshots ${snapshotValues(tx, rows)}
    on conflict (call_id) do update
      set epoch = excluded.epoch, status = excluded.status, snapshot = excluded.snapshot, updated_at = excluded.updated_at`;
}

/**
 * Writes the first snapshots of new actors in one statement; the call ids that had one already (an actor
 * created meanwhile, or a call marked as never started), which a creation must never overwrite.
 */
export async function insertSnapshots(tx: Tx, rows: readonly SnapshotRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx<{ call_id: string }[]>`
    insert into actor_snapshots ${snapshotValues(tx, rows)}
    on conflict (call_id) do nothing
    returning call_id`;
  const written = new Set(inserted.map((r) => r.call_id));
  return rows.filter((r) => !written.has(r.callId)).map((r) => r.callId);
}

/** Records processed messages with their outcomes in one statement. */
export async function recordOutcomes(tx: Tx, rows: readonly { callId: string; messageId: string; outcome: MessageOutcome; at: Date }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx`
    insert into actor_messages ${tx(rows.map((r) => ({ call_id: r.callId, message_id: r.messageId, outcome: tx.json(r.outcome as unknown as Json), processed_at: r.at })))}
    on conflict do nothing`;
}

/**
 * Writes the first snapshot of a call's actor; false when the call has one already (an actor created
 * meanwhile, or a call marked as never started), which a creation must never overwrite.
 */
export async function insertSnapshot(
  tx: Tx,
  row: { callId: string; kind: string; partition: number; epoch: number; status: ActorStatus; snapshot: unknown; at: Date },
): Promise<boolean> {
  const inserted = await tx`
    insert into actor_snapshots (call_id, kind, partition, epoch, status, snapshot, created_at, updated_at)
    values (${row.callId}, ${row.kind}, ${row.partition}, ${row.epoch}, ${row.status}, ${tx.json(row.snapshot as Json)}, ${row.at}, ${row.at})
    on conflict (call_id) do nothing
    returning 1`;
  return inserted.length > 0;
}

// The timer statements are sent when called (execute), not a microtask later when awaited: a batch sends
// a call's timer changes without waiting between them, and they must reach the database in that order.

/** Arms (or re-arms) a durable timer. */
export async function upsertTimer(tx: Tx, partition: number, timer: StoredTimer): Promise<void> {
  await tx`
    insert into actor_timers (call_id, timer_id, partition, fire_at, event)
    values (${timer.callId}, ${timer.timerId}, ${partition}, ${timer.fireAt}, ${tx.json(timer.event as Json)})
    on conflict (call_id, timer_id) do update set fire_at = excluded.fire_at, event = excluded.event`.execute();
}

/** Removes a durable timer; with `fireAt`, only if it is still set for that deadline. */
export async function deleteTimer(tx: Tx, callId: string, timerId: string, fireAt?: number): Promise<void> {
  if (fireAt === undefined) await tx`delete from actor_timers where call_id = ${callId} and timer_id = ${timerId}`.execute();
  else await tx`delete from actor_timers where call_id = ${callId} and timer_id = ${timerId} and fire_at = ${fireAt}`.execute();
}

/** Removes every durable timer of a call (it ended). */
export async function deleteCallTimers(tx: Tx, callId: string): Promise<void> {
  await tx`delete from actor_timers where call_id = ${callId}`.execute();
}

/** Records a message as processed, with its outcome. */
export async function recordOutcome(tx: Tx, callId: string, messageId: string, outcome: MessageOutcome, at: Date): Promise<void> {
  await tx`
    insert into actor_messages (call_id, message_id, outcome, processed_at)
    values (${callId}, ${messageId}, ${tx.json(outcome as unknown as Json)}, ${at})
    on conflict do nothing`;
}

/** Forgets processed-message outcomes older than `before` (retries come within minutes); returns how many. */
export async function pruneOutcomes(sql: Sql, before: Date): Promise<number> {
  const rows = await sql`delete from actor_messages where processed_at < ${before} returning 1`;
  return rows.length;
}

/** A mailbox message that failed for good, as recorded for operators. */
export interface FailedMessage {
  partition: number;
  streamSeq: number;
  deliveryCount: number;
  callId: string | null;
  messageId: string | null;
  messageType: string | null;
  /** The catalogue code the sender was answered with. */
  code: string;
  /** The error's text (well-formed, NUL-free, at most 2,000 characters). */
  error: string;
  failedAt: Date;
}

/** Records a message that failed for good. */
export async function recordFailure(sql: Sql | Tx, row: FailedMessage): Promise<void> {
  await sql`
    insert into actor_failed_messages (partition, stream_seq, delivery_count, call_id, message_id, message_type, code, error, failed_at)
    values (${row.partition}, ${row.streamSeq}, ${row.deliveryCount}, ${row.callId}, ${row.messageId}, ${row.messageType}, ${row.code}, ${row.error}, ${row.failedAt})`;
}

/** Failed messages, newest first (what an operator reads). */
export async function failedMessages(sql: Sql, options: { callId?: string; limit?: number } = {}): Promise<FailedMessage[]> {
  const limit = options.limit ?? 100;
  const rows = await sql<Array<Record<string, unknown>>>`
    select partition, stream_seq, delivery_count, call_id, message_id, message_type, code, error, failed_at from actor_failed_messages
    where ${options.callId === undefined ? sql`true` : sql`call_id = ${options.callId}`}
    order by failed_at desc, id desc limit ${limit}`;
  return rows.map((r) => ({
    partition: r.partition as number,
    streamSeq: Number(r.stream_seq),
    deliveryCount: r.delivery_count as number,
    callId: r.call_id as string | null,
    messageId: r.message_id as string | null,
    messageType: r.message_type as string | null,
    code: r.code as string,
    error: r.error as string,
    failedAt: r.failed_at as Date,
  }));
}

/** Forgets failed-message records older than `before`; returns how many. */
export async function pruneFailures(sql: Sql, before: Date): Promise<number> {
  const rows = await sql`delete from actor_failed_messages where failed_at < ${before} returning 1`;
  return rows.length;
}
