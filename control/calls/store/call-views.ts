/**
 * The calls' read model (migration 052): what the API shows of a call, its commands and its streams, written
 * by the transaction that commits the call actor's snapshot, from the call's context through the pure view
 * functions of context/reply-bodies.ts. The API reads these documents and never a snapshot, so XState's
 * snapshot format is no contract; a field added to the view is stored and read without a change here.
 */
import type { CallReply } from '../../../protocol/calls/call-actor.js';
import type { Command } from '../../../protocol/calls/command.js';
import type { Stream } from '../../../protocol/calls/stream.js';
import type { Db, Sql, Tx } from '../../../shared/db/database.js';
import type { Logger } from '../../../shared/log/log.js';
import type { CallContext } from '../context/call-context.js';
import type { InboundPhase } from '../context/inbound-window.js';
import { callBody, commandBody, streamBody } from '../context/reply-bodies.js';
import { upgradeCallContext } from '../context/stored-calls.js';
import { isStream } from '../context/participant-records.js';

/** The parts of a call read one by one, and the document each is read as. */
export interface CallViewItems {
  command: Command;
  stream: Stream;
}

/** A call as its last commit left it. */
export interface CallView {
  /** The actor finished: nothing changes the call any more. */
  done: boolean;
  call: CallReply;
  /** When the call's paid time ends (null before billing starts). */
  paidUntil: number | null;
  /** Whole minutes the call's own reservation pays for. */
  paidMinutes: number;
  /** The dialled participant, if any. */
  primaryId: string | null;
}

type Json = Parameters<Tx['json']>[0];

/**
 * Writes the read model of a call from its context (inside the transaction that commits it). With
 * `keepExisting`, a document already there is left as it is (a backfill never overwrites a newer commit).
 */
export async function saveCallView(tx: Tx, ctx: CallContext, done: boolean, at: number, keepExisting = false): Promise<void> {
  await saveCallViews(tx, [{ ctx, done }], at, keepExisting);
}

/**
 * Writes the read models of several calls (one entry per call) in two statements whatever their number:
 * the documents travel as one JSON parameter, so the statements' text, prepared once per connection, does
 * not change with the batch.
 */
export async function saveCallViews(tx: Tx, calls: readonly { ctx: CallContext; done: boolean }[], at: number, keepExisting = false): Promise<void> {
  if (calls.length === 0) return;
  const views = calls.map(({ ctx, done }) => ({
    call_id: ctx.callId, done, body: callBody(ctx), paid_until_ms: ctx.paidUntil, paid_minutes: ctx.charge.paidMinutes,
    primary_participant_id: ctx.primaryId, updated_at_ms: at, inbound_phase: ctx.inbound?.window.phase ?? null, media_node_id: ctx.media.nodeId,
  }));
  const items = calls.flatMap(({ ctx }) => [
    ...ctx.commands.map((c) => ({ call_id: ctx.callId, kind: 'command', id: c.id, body: commandBody(ctx, c) })),
    ...ctx.participants.filter(isStream).map((p) => ({ call_id: ctx.callId, kind: 'stream', id: p.id, body: streamBody(ctx, p) })),
  ]);
  const written = tx`
    insert into call_views (call_id, done, body, paid_until_ms, paid_minutes, primary_participant_id, updated_at_ms, inbound_phase, media_node_id)
    select * from jsonb_to_recordset(${tx.json(views as unknown as Json)}) as x(call_id text, done boolean, body jsonb, paid_until_ms bigint,
      paid_minutes integer, primary_participant_id text, updated_at_ms bigint, inbound_phase text, media_node_id text)
    on conflict (call_id) do ${keepExisting ? tx`nothing` : tx`update
      set done = excluded.done, body = excluded.body, paid_until_ms = excluded.paid_until_ms, paid_minutes = excluded.paid_minutes,
          primary_participant_id = excluded.primary_participant_id, updated_at_ms = excluded.updated_at_ms, inbound_phase = excluded.inbound_phase,
          media_node_id = excluded.media_node_id`}`;
  if (items.length === 0) {
    await written;
    return;
  }
  // Sent with the views (one round trip); a document that did not change is not rewritten.
  await Promise.all([
    written,
    tx`
      insert into call_view_items (call_id, kind, item_id, body)
      select x.call_id, x.kind, x.id, x.body from jsonb_to_recordset(${tx.json(items as unknown as Json)}) as x(call_id text, kind text, id text, body jsonb)
      on conflict (call_id, kind, item_id) do ${keepExisting ? tx`nothing` : tx`update set body = excluded.body
        where call_view_items.body is distinct from excluded.body`}`,
  ]);
}

const BACKFILL_BATCH = 200;

/**
 * Writes the read model of calls whose last commit came before it existed (migration 052), from their
 * stored snapshots; workers run it at start (at once without harm: nothing present is overwritten). Returns
 * how many calls it wrote. A snapshot that cannot be read is logged and skipped.
 */
export async function backfillCallViews(sql: Sql, log: Logger, at: number): Promise<number> {
  let after = '';
  let written = 0;
  for (;;) {
    const rows = await sql<{ call_id: string; status: string; snapshot: { context?: CallContext } }[]>`
      select s.call_id, s.status, s.snapshot from actor_snapshots s
      where s.kind = 'call' and s.call_id > ${after} and not exists (select 1 from call_views v where v.call_id = s.call_id)
      order by s.call_id limit ${BACKFILL_BATCH}`;
    for (const row of rows) {
      try {
        await sql.begin((tx) => saveCallView(tx, upgradeCallContext(row.snapshot.context!), row.status !== 'active', at, true));
        written++;
      } catch (err) {
        log.warn({ err, callId: row.call_id }, 'call read model not backfilled: its snapshot could not be read');
      }
    }
    if (rows.length < BACKFILL_BATCH) return written;
    after = rows.at(-1)!.call_id;
  }
}

/** The call's read model, or null before its actor's first commit. */
export async function callView(db: Db, callId: string): Promise<CallView | null> {
  const [row] = await db<{ done: boolean; body: CallReply; paid_until_ms: number | null; paid_minutes: number; primary_participant_id: string | null }[]>`
    select done, body, paid_until_ms, paid_minutes, primary_participant_id from call_views where call_id = ${callId}`;
  if (!row) return null;
  return { done: row.done, call: row.body, paidUntil: row.paid_until_ms, paidMinutes: row.paid_minutes, primaryId: row.primary_participant_id };
}

/** Where an inbound call's decision window stands as its last commit left it (null: outbound, unknown, or a view written before it was kept). */
export async function callInboundPhase(db: Db, callId: string): Promise<InboundPhase | null> {
  const [row] = await db<{ inbound_phase: InboundPhase | null }[]>`select inbound_phase from call_views where call_id = ${callId}`;
  return row?.inbound_phase ?? null;
}

/**
 * One command or stream of a call: `call` false before the actor's first commit, `item` null when the call
 * has no such part.
 */
export async function callViewItem<K extends keyof CallViewItems>(
  db: Db,
  callId: string,
  kind: K,
  itemId: string,
): Promise<{ call: boolean; item: CallViewItems[K] | null }> {
  const [row] = await db<{ body: CallViewItems[K] | null }[]>`
    select i.body from call_views v
    left join call_view_items i on i.call_id = v.call_id and i.kind = ${kind} and i.item_id = ${itemId}
    where v.call_id = ${callId}`;
  return { call: row !== undefined, item: row?.body ?? null };
}
