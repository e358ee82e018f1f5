import type { Clock } from '../../shared/clock/clock.js';
import type { Sql, Tx } from '../../shared/db/database.js';
import { newId } from '../../shared/ids/ids.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { ErrorCode } from '../../shared/errors/catalogue.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import { recordEvents } from '../events/event-log.js';
import type { MessageChannel } from './message-channel.js';
import type { ChannelName, MessageRow } from './message-row.js';
import { settleMessagesMoney } from './message-money.js';
import type { MessageEvent, MoneyEffect, ReceiptOutcome } from './message-machine.js';
import { getMessage } from './message-reads.js';

// Moving messages: events through the channel's chart, carriers' receipts by part, the money and the
// status event of each move, in the caller's transaction.

/** An event for one message of a channel. */
export interface MessageEventFor {
  channel: MessageChannel;
  messageId: string;
  event: MessageEvent;
}

/**
 * Applies an event to a message in the caller's transaction: the new state, the money that goes with it
 * and the channel's status event. Null when the event does not move it.
 */
export async function applyMessageEvent(tx: Tx, clock: Clock, channel: MessageChannel, messageId: string, event: MessageEvent): Promise<MessageRow | null> {
  const [row] = await applyMessageEvents(tx, clock, [{ channel, messageId, event }]);
  return row!;
}

/** Applies an event in a transaction of its own. */
export function applyMessageEventNow(sql: Sql, clock: Clock, channel: MessageChannel, messageId: string, event: MessageEvent): Promise<MessageRow | null> {
  return sql.begin((tx) => applyMessageEvent(tx, clock, channel, messageId, event));
}

/**
 * applyMessageEvent for many events (a batch of carriers' answers, of receipts), set-based: the messages
 * are locked (in id order) and read once, each event moves its message through the channel's table in the
 * order given (a second event for one message sees the first's state), then one update, one insert of the
 * parts the carriers named, one pass of money and one insert of status events. Each event's answer is the
 * message as it moved, or null when it did not move it.
 */
export async function applyMessageEvents(tx: Tx, clock: Clock, items: readonly MessageEventFor[]): Promise<(MessageRow | null)[]> {
  if (items.length === 0) return [];
  const ids = [...new Set(items.map((i) => i.messageId))].sort();
  const locked = await tx<MessageRow[]>`select * from messages where id = any(${tx.array(ids)}::text[]) order by id for update`;
  const read = new Map(locked.map((row) => [row.id, row]));
  const current = new Map(read);
  const now = clock.now();
  const moves: { item: MessageEventFor; row: MessageRow; money: MoneyEffect; index: number }[] = [];
  const results = items.map((item, index): MessageRow | null => {
    const row = current.get(item.messageId);
    if (!row || row.channel !== item.channel.name) return null;
    const move = item.channel.transitions.step(row.state, item.event);
    if (move === null) return null;
    const next = { ...row, ...eventFields(item.event, now), state: move.state, updated_at_ms: now } as MessageRow;
    current.set(row.id, next);
    moves.push({ item, row: next, money: move.money, index });
    return next;
  });
  if (moves.length === 0) return results;
  const finals = [...new Set(moves.map((m) => m.row.id))].map((id) => current.get(id)!);
  const column = <K extends keyof MessageRow>(key: K) => tx.array(finals.map((row) => row[key]) as never[]);
  const updated = await tx`
    update messages m set state = v.state, carrier_ref = v.carrier_ref, lease_until_ms = v.lease_until_ms, error_code = v.error_code,
      error_desc = v.error_desc, next_attempt_at_ms = v.next_attempt_at_ms, updated_at_ms = ${now}
    from unnest(${column('id')}::text[], ${tx.array(finals.map((row) => read.get(row.id)!.state))}::text[], ${column('state')}::text[],
                ${column('carrier_ref')}::text[], ${column('lease_until_ms')}::bigint[], ${column('error_code')}::text[],
                ${column('error_desc')}::text[], ${column('next_attempt_at_ms')}::bigint[])
      as v(id, was, state, carrier_ref, lease_until_ms, error_code, error_desc, next_attempt_at_ms)
    where m.id = v.id and m.state = v.was returning m.id`;
  if (updated.length !== finals.length) throw new Error('a message changed state under its lock');
  const submitted = moves.flatMap((m) => (m.item.event.type === 'submitted' ? m.item.event.carrierRefs.map((ref, i) => ({ channel: m.item.channel.name, carrier_ref: ref, message_id: m.row.id, part: i + 1 })) : []));
  if (submitted.length > 0) {
    await lockRefs(tx, submitted.map((p) => ({ channel: p.channel, carrierRef: p.carrier_ref })));
    await tx`insert into message_parts ${tx(submitted)} on conflict do nothing`;
  }
  await settleMessagesMoney(tx, clock, moves.map((m) => ({ row: m.row, effect: m.money })));
  await recordStatuses(tx, clock, new Map(moves.map((m) => [m.item.channel.name, m.item.channel])), moves.map((m) => m.row));
  if (submitted.length > 0) {
    // Receipts that came before this commit (the carrier answered the submit and reported at once).
    const early = await tx<{ channel: ChannelName; carrier_ref: string; outcome: ReceiptOutcome | null; description: string | null }[]>`
      delete from early_receipts where (channel, carrier_ref) in
        (select * from unnest(${tx.array(submitted.map((p) => p.channel))}::text[], ${tx.array(submitted.map((p) => p.carrier_ref))}::text[]))
      returning channel, carrier_ref, outcome, description`;
    const channels = new Map(moves.map((m) => [m.item.channel.name, m.item.channel]));
    const settled = await applyReceipts(tx, clock, early.map((r) => ({ channel: channels.get(r.channel)!, carrierRef: r.carrier_ref, outcome: r.outcome, desc: r.description })));
    for (const row of settled) {
      if (row === null) continue;
      const move = moves.find((m) => m.row.id === row.id);
      if (move) results[move.index] = row;
    }
  }
  return results;
}

// Receipts settle a message by all its parts: a failed part is the message's outcome (the first such
// receipt decides); it is delivered when every part is. Order of preference among failed outcomes is
// the order they came in. Any other outcome (a letter read) moves the message as it comes.

/** A carrier's receipt for one part of a message of a channel; `outcome` null for a non-final status. */
export interface ReceiptFor {
  channel: MessageChannel;
  carrierRef: string;
  outcome: ReceiptOutcome | null;
  desc: string | null;
}

/**
 * A carrier's receipt for one part: recorded on the part, and the message moved when its parts together
 * say how it ended. A receipt naming no known part, a repeated one, or one for a terminal message moves
 * nothing. Returns the message if it moved.
 */
export async function applyReceipt(
  tx: Tx,
  clock: Clock,
  channel: MessageChannel,
  carrierRef: string,
  outcome: ReceiptOutcome | null,
  desc: string | null,
): Promise<MessageRow | null> {
  const [row] = await applyReceipts(tx, clock, [{ channel, carrierRef, outcome, desc }]);
  return row!;
}

/**
 * applyReceipt for many receipts, in the order given: one lock pass, one read of their parts, one update of
 * the parts, one count of each message's open parts, then applyMessageEvents for the messages they settle.
 * Each receipt's answer is the message if it moved it.
 */
export async function applyReceipts(tx: Tx, clock: Clock, receipts: readonly ReceiptFor[]): Promise<(MessageRow | null)[]> {
  const results: (MessageRow | null)[] = receipts.map(() => null);
  const final = receipts.flatMap((r, index) => (r.outcome === null ? [] : [{ ...r, outcome: r.outcome, index }]));
  if (final.length === 0) return results;
  await lockRefs(tx, final);
  const channels = tx.array(final.map((r) => r.channel.name));
  const refs = tx.array(final.map((r) => r.carrierRef));
  const owners = await tx<{ message_id: string }[]>`
    select distinct message_id from message_parts where (channel, carrier_ref) in (select * from unnest(${channels}::text[], ${refs}::text[]))`;
  // The message rows are locked before their parts are read: the receipts of a long message's parts come
  // together, and without the lock each would count the others' parts as still open and none would settle it.
  if (owners.length > 0) {
    await tx`select id from messages where id = any(${tx.array(owners.map((o) => o.message_id).sort())}::text[]) order by id for update`;
  }
  const parts = await tx<{ channel: string; carrier_ref: string; message_id: string; status: string | null }[]>`
    select channel, carrier_ref, message_id, status from message_parts
    where (channel, carrier_ref) in (select * from unnest(${channels}::text[], ${refs}::text[]))`;
  const partOf = new Map(parts.map((p) => [`${p.channel} ${p.carrier_ref}`, p]));
  const early: typeof final = [];
  // The receipts that mark their part (a part's first final receipt), with the part's message.
  const marking: ((typeof final)[number] & { messageId: string })[] = [];
  for (const r of final) {
    const part = partOf.get(`${r.channel.name} ${r.carrierRef}`);
    if (!part) early.push(r);
    else if (part.status === null) {
      part.status = r.outcome;
      marking.push({ ...r, messageId: part.message_id });
    }
  }
  if (early.length > 0) {
    // Not recorded yet (the submit's transaction has not committed) or never ours: kept for the submit's
    // transaction to apply, 48 h at most.
    const now = clock.now();
    await tx`delete from early_receipts where received_at_ms < ${now - EARLY_RECEIPT_KEEP_MS}`;
    await tx`insert into early_receipts ${tx(early.map((r) => ({ channel: r.channel.name, carrier_ref: r.carrierRef, outcome: r.outcome, description: r.desc, received_at_ms: now })))}
             on conflict do nothing`;
  }
  if (marking.length === 0) return results;
  await tx`
    update message_parts p set status = v.status
    from unnest(${tx.array(marking.map((m) => m.channel.name))}::text[], ${tx.array(marking.map((m) => m.carrierRef))}::text[], ${tx.array(marking.map((m) => m.outcome))}::text[])
      as v(channel, carrier_ref, status)
    where p.channel = v.channel and p.carrier_ref = v.carrier_ref`;
  const deliveredTo = [...new Set(marking.filter((r) => r.outcome === 'delivered').map((r) => r.messageId))];
  const open = deliveredTo.length === 0 ? [] : await tx<{ message_id: string; open: number }[]>`
    select message_id, count(*) filter (where status is null or status <> 'delivered')::int as open
    from message_parts where message_id = any(${tx.array(deliveredTo)}::text[]) group by message_id`;
  const complete = new Set(open.filter((o) => o.open === 0).map((o) => o.message_id));
  // Each marking receipt moves its message as it would alone: a failed one at once; the last delivered part
  // of a message whose parts are all delivered settles it.
  const lastDelivered = new Map(marking.filter((r) => r.outcome === 'delivered').map((r) => [r.messageId, r.index]));
  const events = marking.flatMap((r): { item: MessageEventFor; index: number }[] => {
    const item = { channel: r.channel, messageId: r.messageId };
    if (r.outcome !== 'delivered') return [{ item: { ...item, event: { type: 'receipt', outcome: r.outcome, desc: r.desc } }, index: r.index }];
    if (complete.has(r.messageId) && lastDelivered.get(r.messageId) === r.index) return [{ item: { ...item, event: { type: 'receipt', outcome: 'delivered', desc: null } }, index: r.index }];
    return [];
  });
  const moved = await applyMessageEvents(tx, clock, events.map((e) => e.item));
  events.forEach((e, k) => (results[e.index] = moved[k]!));
  return results;
}

// How long a receipt naming no recorded part is kept for the submit that may still record it.
const EARLY_RECEIPT_KEEP_MS = 48 * 3_600_000;

// Serialises a receipt and the recording of the part it names (transaction-scoped advisory locks, taken
// in one order), so a receipt either finds its part or is kept where the submit's transaction finds it.
async function lockRefs(tx: Tx, refs: readonly { channel: MessageChannel | ChannelName; carrierRef: string }[]): Promise<void> {
  const keys = [...new Set(refs.map((r) => `receipt:${typeof r.channel === 'string' ? r.channel : r.channel.name}:${r.carrierRef}`))].sort();
  await tx`select pg_advisory_xact_lock(hashtext(k)) from unnest(${tx.array(keys)}::text[]) with ordinality as t(k, n) order by n`;
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

/** The status events of rows that just moved, in one go and in the order given. */
export async function recordStatuses(tx: Tx, clock: Clock, channels: ReadonlyMap<ChannelName, MessageChannel>, rows: readonly MessageRow[]): Promise<void> {
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

/** Cancels a scheduled message the caller can see (its reservation back); one on its way or done is message_not_cancelable. */
export async function cancelMessage(sql: Sql, clock: Clock, channel: MessageChannel, caller: KeyPrincipal, id: string): Promise<MessageRow> {
  return sql.begin(async (tx) => {
    const row = await getMessage(tx, caller, channel.name, id);
    if (row.state === 'canceled') return row;
    const moved = await applyMessageEvent(tx, clock, channel, id, { type: 'cancel' });
    const noun = channel.names.noun;
    if (!moved) throw new SentralError('message_not_cancelable', { message: `The ${noun} is ${row.state}; only a scheduled ${noun} can be canceled.` });
    return moved;
  });
}
