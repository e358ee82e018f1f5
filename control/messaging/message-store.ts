import type { Clock } from '../../shared/clock/clock.js';
import type { Db, Sql, Tx } from '../../shared/db/database.js';
import { pageOf, type Page } from '../../shared/db/page.js';
import { newId } from '../../shared/ids/ids.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { ErrorCode } from '../../shared/errors/catalogue.js';
import type { Metadata } from '../../protocol/api/common.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import { recordEvent, recordEvents } from '../events/event-log.js';
import type { Channel } from './channel.js';
import type { ChannelName, MessageRow } from './message-row.js';
import { reserveMessages, settleMessageMoney } from './message-money.js';
import { nextState, type MessageEvent, type ReceiptOutcome } from './message-transitions.js';

/** An outbound message to accept (the channel's route or the campaign runner builds it). */
export interface NewMessage {
  /** Derived from the Idempotency-Key (or campaign and contact): the same request names the same message. */
  id: string;
  companyId: string;
  profileId: string;
  mode: 'live' | 'test';
  from: string;
  to: string;
  content: Record<string, unknown>;
  priceOre: number;
  sendAtMs: number | null;
  validUntilMs: number | null;
  externalRef: string | null;
  metadata: Metadata | null;
  /** A campaign's message draws from the campaign's reservation (made when the campaign started). */
  campaign?: { id: string; reservationId: string | null };
}

/**
 * Stores an outbound message with its reservation and first status event, in the caller's transaction (the
 * 201 goes out after it commits). A message already stored under this id is returned as it is now
 * (`created` false): a retried request or a restarted campaign never sends twice.
 */
export async function acceptMessage(tx: Tx, clock: Clock, channel: Channel, input: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
  const [outcome] = await acceptMessages(tx, clock, channel, [input]);
  if (outcome instanceof SentralError) throw outcome;
  return outcome!;
}

/**
 * acceptMessage for a batch, set-based: one read of the ids already stored, one reservation pass (one lock
 * per profile, one balance update per company), one insert of the messages and one of their events. Each
 * input gets its outcome or its own error (a money refusal); an id given twice is stored once.
 */
export async function acceptMessages(
  tx: Tx,
  clock: Clock,
  channel: Channel,
  inputs: readonly NewMessage[],
): Promise<({ row: MessageRow; created: boolean } | SentralError)[]> {
  if (inputs.length === 0) return [];
  const stored = await tx<MessageRow[]>`select * from messages where id = any(${tx.array(inputs.map((i) => i.id))}::text[])`;
  const existing = new Map(stored.map((row) => [row.id, row]));
  const seen = new Set<string>();
  const fresh = inputs.filter((input) => !existing.has(input.id) && !seen.has(input.id) && seen.add(input.id));
  const money = await reserveMessages(tx, clock, channel.service, fresh.filter((input) => input.campaign === undefined));
  const now = clock.now();
  const outcome = new Map<string, SentralError>();
  const rows = fresh.flatMap((input) => {
    const reservation = input.campaign ? input.campaign.reservationId : money.get(input.id) ?? null;
    if (reservation instanceof SentralError) {
      outcome.set(input.id, reservation);
      return [];
    }
    const state = input.sendAtMs !== null && input.sendAtMs > now ? 'scheduled' : channel.transitions.initial;
    return [{
      id: input.id, channel: channel.name, company_id: input.companyId, profile_id: input.profileId, mode: input.mode, direction: 'outbound',
      state, from_address: input.from, to_address: input.to, content: tx.json(input.content as never), price_ore: input.priceOre,
      reservation_id: reservation, own_reservation: input.campaign === undefined, send_at_ms: input.sendAtMs, valid_until_ms: input.validUntilMs,
      next_attempt_at_ms: state === 'scheduled' ? input.sendAtMs : now, external_ref: input.externalRef,
      metadata: input.metadata === null ? null : tx.json(input.metadata as never), campaign_id: input.campaign?.id ?? null,
      created_at_ms: now, updated_at_ms: now,
    }];
  });
  const created = rows.length === 0 ? [] : await tx<MessageRow[]>`insert into messages ${tx(rows)} returning *`;
  const createdById = new Map(created.map((row) => [row.id, row]));
  await recordStatuses(tx, clock, new Map([[channel.name, channel]]), rows.map((r) => createdById.get(r.id)!));
  return inputs.map((input) => {
    const before = existing.get(input.id);
    if (before) return { row: before, created: false };
    return outcome.get(input.id) ?? { row: createdById.get(input.id)!, created: true };
  });
}

/** Stores an inbound message (state `received`); the channel records its own event for it. */
export async function storeInbound(
  tx: Tx,
  clock: Clock,
  channel: Channel,
  input: { id: string; companyId: string; profileId: string; mode: 'live' | 'test'; from: string; to: string; content: Record<string, unknown>; numberId: string | null },
): Promise<MessageRow> {
  const now = clock.now();
  const [row] = await tx<MessageRow[]>`
    insert into messages (id, channel, company_id, profile_id, mode, direction, state, from_address, to_address, content, number_id,
                          created_at_ms, updated_at_ms)
    values (${input.id}, ${channel.name}, ${input.companyId}, ${input.profileId}, ${input.mode}, 'inbound', ${channel.transitions.received},
            ${input.from}, ${input.to}, ${tx.json(input.content as never)}, ${input.numberId}, ${now}, ${now})
    returning *`;
  return row!;
}

/**
 * Applies an event to a message in the caller's transaction: the new state, the money that goes with it
 * and the channel's status event. The update is guarded by the state it was read in, so a racing writer
 * that moved it first makes this one read again and re-apply. Null when the event does not move it.
 */
export async function applyMessageEvent(tx: Tx, clock: Clock, channel: Channel, messageId: string, event: MessageEvent): Promise<MessageRow | null> {
  for (;;) {
    const [current] = await tx<MessageRow[]>`select * from messages where id = ${messageId} and channel = ${channel.name}`;
    if (!current) return null;
    const move = nextState(channel.transitions, current.state, event);
    if (move === null) return null;
    const patch = { ...eventFields(event, clock.now()), state: move.state, updated_at_ms: clock.now() };
    const [row] = await tx<MessageRow[]>`
      update messages set ${tx(patch as Record<string, unknown>)} where id = ${messageId} and state = ${current.state} returning *`;
    if (!row) continue;
    if (event.type === 'submitted' && event.carrierRefs.length > 0) {
      for (const ref of event.carrierRefs) await lockRef(tx, channel.name, ref);
      const parts = event.carrierRefs.map((ref, i) => ({ channel: channel.name, carrier_ref: ref, message_id: messageId, part: i + 1 }));
      await tx`insert into message_parts ${tx(parts)} on conflict do nothing`;
    }
    await settleMessageMoney(tx, clock, row, move.money);
    await recordStatus(tx, clock, channel, row);
    if (event.type === 'submitted' && event.carrierRefs.length > 0) {
      // Receipts that came before this commit (the carrier answered the submit and reported at once).
      const early = await tx<{ carrier_ref: string; outcome: ReceiptOutcome | null; description: string | null }[]>`
        delete from early_receipts where channel = ${channel.name} and carrier_ref = any(${tx.array(event.carrierRefs)}::text[])
        returning carrier_ref, outcome, description`;
      let latest: MessageRow = row;
      for (const r of early) latest = (await applyReceipt(tx, clock, channel, r.carrier_ref, r.outcome, r.description)) ?? latest;
      return latest;
    }
    return row;
  }
}

/** Applies an event in a transaction of its own. */
export function applyMessageEventNow(sql: Sql, clock: Clock, channel: Channel, messageId: string, event: MessageEvent): Promise<MessageRow | null> {
  return sql.begin((tx) => applyMessageEvent(tx, clock, channel, messageId, event));
}

// Receipts settle a message by all its parts: a failed part is the message's outcome (the first such
// receipt decides); it is delivered when every part is. Order of preference among failed outcomes is
// the order they came in. Any other outcome (a letter read) moves the message as it comes.

/**
 * A carrier's receipt for one part: recorded on the part, and the message moved when its parts together
 * say how it ended. A receipt naming no known part, a repeated one, or one for a terminal message moves
 * nothing. Returns the message if it moved.
 */
export async function applyReceipt(
  tx: Tx,
  clock: Clock,
  channel: Channel,
  carrierRef: string,
  outcome: ReceiptOutcome | null,
  desc: string | null,
): Promise<MessageRow | null> {
  if (outcome === null) return null;
  await lockRef(tx, channel.name, carrierRef);
  // The message row is locked first: the receipts of a long message's parts come together, and without the
  // lock each would count the others' parts as still open (not committed yet) and none would settle it.
  await tx`
    select m.id from messages m join message_parts p on p.message_id = m.id
    where p.channel = ${channel.name} and p.carrier_ref = ${carrierRef} for update of m`;
  const [part] = await tx<{ message_id: string; status: string | null }[]>`
    select message_id, status from message_parts where channel = ${channel.name} and carrier_ref = ${carrierRef}`;
  if (!part) {
    // Not recorded yet (the submit's transaction has not committed) or never ours: kept for the submit's
    // transaction to apply, 48 h at most.
    const now = clock.now();
    await tx`delete from early_receipts where received_at_ms < ${now - EARLY_RECEIPT_KEEP_MS}`;
    await tx`
      insert into early_receipts (channel, carrier_ref, outcome, description, received_at_ms)
      values (${channel.name}, ${carrierRef}, ${outcome}, ${desc}, ${now}) on conflict do nothing`;
    return null;
  }
  if (part.status !== null) return null;
  await tx`update message_parts set status = ${outcome} where channel = ${channel.name} and carrier_ref = ${carrierRef}`;
  if (outcome !== 'delivered') return applyMessageEvent(tx, clock, channel, part.message_id, { type: 'receipt', outcome, desc });
  const [open] = await tx<{ n: number }[]>`
    select count(*)::int as n from message_parts where message_id = ${part.message_id} and (status is null or status <> 'delivered')`;
  if (open!.n > 0) return null;
  return applyMessageEvent(tx, clock, channel, part.message_id, { type: 'receipt', outcome: 'delivered', desc: null });
}

// How long a receipt naming no recorded part is kept for the submit that may still record it.
const EARLY_RECEIPT_KEEP_MS = 48 * 3_600_000;

// Serialises a receipt and the recording of the part it names (a transaction-scoped advisory lock), so a
// receipt either finds its part or is kept where the submit's transaction finds it.
async function lockRef(tx: Tx, channel: string, carrierRef: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext(${`receipt:${channel}:${carrierRef}`}))`;
}

// The catalogued code of a failed receipt (a message's errorCode).
const RECEIPT_ERROR_CODES: Readonly<Record<ReceiptOutcome, ErrorCode | null>> = {
  delivered: null,
  undelivered: 'undeliverable',
  expired: 'validity_expired',
  rejected: 'rejected_by_network',
  read: null,
};

// The columns an event sets besides the state.
function eventFields(event: MessageEvent, now: number): Record<string, unknown> {
  switch (event.type) {
    case 'claim':
      return {};
    case 'submitted':
      return { carrier_ref: event.carrierRefs[0] ?? null, lease_until_ms: null };
    case 'refused':
    case 'fail':
      return { error_code: event.code, error_desc: event.desc, lease_until_ms: null };
    case 'retry':
      return { next_attempt_at_ms: event.atMs, lease_until_ms: null };
    case 'unknownOutcome':
      return { error_code: 'outcome_unknown', error_desc: event.desc, lease_until_ms: null };
    case 'receipt':
      return RECEIPT_ERROR_CODES[event.outcome] === null ? {} : { error_code: RECEIPT_ERROR_CODES[event.outcome], error_desc: event.desc ?? event.outcome };
    case 'expire':
      return { error_code: 'validity_expired', error_desc: 'The validity period ended before the message was sent.' };
    case 'due':
      return { next_attempt_at_ms: now };
    case 'cancel':
      return { next_attempt_at_ms: null };
  }
}

// The status events of rows that just moved, in one go and in the order given.
async function recordStatuses(tx: Tx, clock: Clock, channels: ReadonlyMap<ChannelName, Channel>, rows: readonly MessageRow[]): Promise<void> {
  await recordEvents(
    tx,
    clock,
    rows.map((row) => {
      const id = newId('evt', clock);
      const { type, data } = channels.get(row.channel)!.statusEvent(row, id);
      return { id, companyId: row.company_id, profileId: row.profile_id, mode: row.mode, type, data, objectId: row.id };
    }),
  );
}

async function recordStatus(tx: Tx, clock: Clock, channel: Channel, row: MessageRow): Promise<void> {
  const id = newId('evt', clock);
  const { type, data } = channel.statusEvent(row, id);
  await recordEvent(tx, clock, { id, companyId: row.company_id, profileId: row.profile_id, mode: row.mode, type, data, objectId: row.id });
}

/**
 * The outbox claim: takes up to `room` due outbound messages of the given channels (scheduled or accepted,
 * their time come) with FOR UPDATE SKIP LOCKED and moves each to `sending` under a lease, committed
 * before any is handed over. In the same pass, a message whose validity ran out before it was sent
 * expires, and a message found `sending` after its lease ran out (its sender died with it) fails with
 * outcome_unknown: it is never handed over again.
 */
export async function claimDueMessages(
  sql: Sql,
  clock: Clock,
  channels: ReadonlyMap<ChannelName, Channel>,
  input: { room: number; held: ReadonlySet<string>; leaseMs: number },
): Promise<MessageRow[]> {
  const names = [...channels.keys()];
  const now = clock.now();
  return sql.begin(async (tx) => {
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
    return claimBatch(tx, clock, channels, ready, now + input.leaseMs);
  });
}

// The claim of the due messages (locked by the caller), set-based: one update moves them all to `sending`
// under the lease, one insert records their status events. Each row is moved by its channel's transition
// table; the update is guarded by the state read, as applyMessageEvent's is.
async function claimBatch(tx: Tx, clock: Clock, channels: ReadonlyMap<ChannelName, Channel>, rows: readonly MessageRow[], leaseUntilMs: number): Promise<MessageRow[]> {
  const moves = rows.flatMap((row) => {
    const move = nextState(channels.get(row.channel)!.transitions, row.state, { type: 'claim' });
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
  for (const { row, move } of moves) if (byId.has(row.id)) await settleMessageMoney(tx, clock, byId.get(row.id)!, move.money);
  await recordStatuses(tx, clock, channels, claimed);
  return claimed;
}

/** The earliest time an outbound message of these channels becomes due (or its lease ends); null when none. */
export async function nextMessageDueAt(sql: Sql, channels: readonly ChannelName[]): Promise<number | null> {
  const [row] = await sql<{ next: number | null }[]>`
    select least(
      (select min(next_attempt_at_ms) from messages where state in ('scheduled', 'accepted') and channel = any(${sql.array([...channels])}::text[])),
      (select min(lease_until_ms) from messages where state = 'sending' and channel = any(${sql.array([...channels])}::text[]))) as next`;
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

/** Filters of a message list (GET /v1/sms and the like). */
export interface MessageFilters {
  profileId?: string | undefined;
  direction?: 'outbound' | 'inbound' | undefined;
  state?: string | undefined;
  to?: string | undefined;
  createdAfterMs?: number | undefined;
  createdBeforeMs?: number | undefined;
  /** Cursor: the id of the last message of the previous page. */
  before?: string | undefined;
  limit?: number | undefined;
}

/** One message of a channel the caller can see (its company and mode; its profile's only, for a profile key), or not_found. */
export async function getMessage(db: Db, caller: KeyPrincipal, channel: ChannelName, id: string): Promise<MessageRow> {
  const [row] = await db<MessageRow[]>`
    select * from messages where id = ${id} and channel = ${channel} and company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${visibleTo(db, caller)}`;
  if (!row) throw new SentralError('not_found', { message: 'No such message.' });
  return row;
}

/** The messages of a channel the caller can see, newest first, before the cursor. */
export async function listMessages<T extends { id: string }>(
  db: Db,
  caller: KeyPrincipal,
  channel: ChannelName,
  filters: MessageFilters,
  view: (row: MessageRow) => T,
): Promise<Page<T>> {
  const limit = filters.limit ?? 50;
  let beforeSeq: number | null = null;
  if (filters.before !== undefined) {
    const [cursor] = await db<{ seq: number }[]>`
      select seq from messages where id = ${filters.before} and channel = ${channel} and company_id = ${caller.companyId} and mode = ${caller.mode}`;
    if (!cursor) throw new SentralError('invalid_request', { message: 'The cursor names no message of this account.', param: 'before' });
    beforeSeq = cursor.seq;
  }
  const rows = await db<MessageRow[]>`
    select * from messages
    where company_id = ${caller.companyId} and mode = ${caller.mode} and channel = ${channel} and ${visibleTo(db, caller)}
      and ${filters.profileId === undefined ? db`true` : db`profile_id = ${filters.profileId}::uuid`}
      and ${filters.direction === undefined ? db`true` : db`direction = ${filters.direction}`}
      and ${filters.state === undefined ? db`true` : db`state = ${filters.state}`}
      and ${filters.to === undefined ? db`true` : db`to_address = ${filters.to}`}
      and ${filters.createdAfterMs === undefined ? db`true` : db`created_at_ms >= ${filters.createdAfterMs}`}
      and ${filters.createdBeforeMs === undefined ? db`true` : db`created_at_ms < ${filters.createdBeforeMs}`}
      and ${beforeSeq === null ? db`true` : db`seq < ${beforeSeq}`}
    order by seq desc limit ${limit + 1}`;
  return pageOf(rows, limit, view);
}

function visibleTo(db: Db, caller: KeyPrincipal) {
  return caller.profileId === null ? db`true` : db`profile_id = ${caller.profileId}::uuid`;
}
