import type { Clock } from '../../shared/clock/clock.js';
import type { Sql, Tx } from '../../shared/db/database.js';
import { transaction } from '../../shared/db/commit-unknown.js';
import type { MessageChannel } from './message-channel.js';
import type { ChannelName, MessageRow } from './message-row.js';
import { settleMessagesMoney } from './message-money.js';
import { applyMessageEvent, recordStatuses } from './message-moves.js';

// The outbox queue: what is due, claimed under a lease before any hand-off.

/**
 * The outbox claim: takes up to `room` due outbound messages of the given channels (scheduled or accepted,
 * their time come) with FOR UPDATE SKIP LOCKED and moves each to `sending` under a lease, committed
 * before any is handed over. In the same pass, a message whose validity ran out before it was sent
 * expires, and a message found `sending` after its lease ran out (its sender died with it) fails with
 * outcome_unknown: it is never handed over again. A claim whose COMMIT went unanswered rejects with
 * CommitUnknownError holding the messages it moved (ownClaimed tells which of them it did).
 */
export async function claimDueMessages(
  sql: Sql,
  clock: Clock,
  channels: ReadonlyMap<ChannelName, MessageChannel>,
  input: { room: number; held: ReadonlySet<string>; leaseMs: number },
): Promise<MessageRow[]> {
  const names = [...channels.keys()];
  const now = clock.now();
  return transaction(sql, async (tx) => {
    const due = await tx<MessageRow[]>`
      select * from messages
      where state in ('scheduled', 'accepted') and next_attempt_at_ms <= ${now} and channel = any(${tx.array(names)}::text[])
        and not (id = any(${tx.array([...input.held])}::text[]))
      order by next_attempt_at_ms
      limit ${input.room}
      for update skip locked`;
    const stale = await tx<MessageRow[]>`
      select * from messages
      where state = 'sending' and lease_until_ms <= ${now} and channel = any(${tx.array(names)}::text[])
        and not (id = any(${tx.array([...input.held])}::text[]))
      order by lease_until_ms
      limit ${input.room}
      for update skip locked`;
    for (const row of stale) {
      await applyMessageEvent(tx, clock, channels.get(row.channel)!, row.id, { type: 'unknownOutcome', desc: 'The sender stopped before the carrier answered; it may or may not have been sent.' });
    }
    const ready: MessageRow[] = [];
    for (const row of due) {
      const channel = channels.get(row.channel)!;
      if (row.valid_until_ms !== null && Number(row.valid_until_ms) <= now) {
        await applyMessageEvent(tx, clock, channel, row.id, { type: 'expire' });
        continue;
      }
      if (row.state !== 'scheduled') ready.push(row);
      else {
        const accepted = await applyMessageEvent(tx, clock, channel, row.id, { type: 'due' });
        if (accepted !== null) ready.push(accepted);
      }
    }
    return claimMessages(tx, clock, channels, ready, now + input.leaseMs);
  });
}

/**
 * The claim of messages the caller has locked (the outbox's due messages, or those a campaign step just
 * stored), set-based: one update moves them all to `sending` under the lease, one insert records their
 * status events. Each row is moved by its channel's transition table; the update is guarded by the state
 * read, as applyMessageEvent's is. Returns the messages claimed, to be handed to their carriers.
 */
export async function claimMessages(tx: Tx, clock: Clock, channels: ReadonlyMap<ChannelName, MessageChannel>, rows: readonly MessageRow[], leaseUntilMs: number): Promise<MessageRow[]> {
  const moves = rows.flatMap((row) => {
    const move = channels.get(row.channel)!.transitions.step(row.state, { type: 'claim' });
    return move === null ? [] : [{ row, move }];
  });
  if (moves.length === 0) return [];
  const now = clock.now();
  const moved = await tx<MessageRow[]>`
    update messages m set state = v.state, lease_until_ms = ${leaseUntilMs}, attempts = m.attempts + 1, updated_at_ms = ${now}
    from (select unnest(${tx.array(moves.map((m) => m.row.id))}::text[]) as id,
                 unnest(${tx.array(moves.map((m) => m.row.state))}::text[]) as was,
                 unnest(${tx.array(moves.map((m) => m.move.state))}::text[]) as state) v
    where m.id = v.id and m.state = v.was
    returning m.*`;
  const byId = new Map(moved.map((row) => [row.id, row]));
  const claimed = moves.flatMap(({ row }) => (byId.has(row.id) ? [byId.get(row.id)!] : []));
  await settleMessagesMoney(tx, clock, moves.flatMap(({ row, move }) => (byId.has(row.id) ? [{ row: byId.get(row.id)!, effect: move.money }] : [])));
  await recordStatuses(tx, clock, channels, claimed);
  return claimed;
}

/**
 * Of the messages a claim whose COMMIT went unanswered moved, those the claim holds: still `sending` with the
 * lease, attempt count and time that claim wrote (a claim that did not land left them to be claimed again,
 * and any later claim writes its own lease and time). Read once the database answers again.
 */
export async function ownClaimed(sql: Sql, claimed: readonly MessageRow[]): Promise<MessageRow[]> {
  if (claimed.length === 0) return [];
  const held = await sql<{ id: string }[]>`
    select m.id from messages m
    join unnest(${sql.array(claimed.map((r) => r.id))}::text[], ${sql.array(claimed.map((r) => Number(r.lease_until_ms)))}::bigint[],
                ${sql.array(claimed.map((r) => r.attempts))}::int[], ${sql.array(claimed.map((r) => Number(r.updated_at_ms)))}::bigint[])
      as c(id, lease_until_ms, attempts, updated_at_ms)
      on m.id = c.id and m.lease_until_ms = c.lease_until_ms and m.attempts = c.attempts and m.updated_at_ms = c.updated_at_ms
    where m.state = 'sending'`;
  const ids = new Set(held.map((r) => r.id));
  return claimed.filter((r) => ids.has(r.id));
}

/** The earliest time an outbound message of these channels becomes due (or its lease ends); null when none. */
export async function nextMessageDueAt(sql: Sql, channels: readonly ChannelName[]): Promise<number | null> {
  const [row] = await sql<{ next: number | null }[]>`
    select least(
      (select min(next_attempt_at_ms) from messages where state in ('scheduled', 'accepted') and channel = any(${sql.array([...channels])}::text[])),
      (select min(lease_until_ms) from messages where state = 'sending' and channel = any(${sql.array([...channels])}::text[]))) as next`;
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}
