/**
 * Numbers as the customer's own resource: the operator's inventory of numbers to rent, renting one (the
 * first month paid at once), listing, configuring and deleting (released at the end of the paid month). A
 * profile key sees and changes only its profile's numbers. Test and live never mix: a live key rents from
 * the operator's inventory and sees live numbers only; a test key rents test numbers (free, from the test
 * range of test-numbers.ts, released at once when deleted) and sees test numbers only.
 */
import type { Clock } from '../../shared/clock/clock.js';
import type { Db, Sql, Tx } from '../../shared/db/database.js';
import { newId } from '../../shared/ids/ids.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { pageOf, type Page } from '../../shared/db/page.js';
import type { PhoneNumberRecord } from '../../protocol/api/admin.js';
import type { AvailableNumber, AvailableNumbersQuery, CustomerNumberUpdate, InventoryAdd, NumberListQuery, NumberRent, NumberType } from '../../protocol/api/numbers.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import { getProfile, viewerOf } from '../accounts/profiles.js';
import { ownProfileRows } from '../accounts/profile-scope.js';
import { priceListFor } from '../billing/price-list.js';
import { DEFAULT_DECIDE_WITHIN_SECONDS, toRecord, type NumberRow } from './numbers.js';
import { addMonths, chargeMonth, monthlyRent, numberEvent } from './number-rent.js';
import { isTestNumber, testRange } from './test-numbers.js';

/** Adds numbers to the operator's inventory; a number already there keeps its type. */
export async function addInventory(db: Db, clock: Clock, input: InventoryAdd): Promise<{ added: number; alreadyPresent: number }> {
  const numbers = [...new Set(input.numbers)];
  const test = numbers.findIndex(isTestNumber);
  if (test >= 0) throw new SentralError('invalid_request', { message: `${numbers[test]} is a test number: test keys rent it, it is never live.`, param: 'numbers' });
  const rows = await db`
    insert into number_inventory (number, type, created_at_ms)
    select n, ${input.type}, ${clock.now()} from unnest(${numbers}::text[]) as n
    on conflict (number) do nothing returning number`;
  return { added: rows.length, alreadyPresent: numbers.length - rows.length };
}

/** Inventory numbers nobody holds, by number, with the company's monthly rent; for a test key, free test numbers. */
export async function availableNumbers(db: Db, caller: KeyPrincipal, query: AvailableNumbersQuery): Promise<AvailableNumber[]> {
  if (caller.mode === 'test') {
    const free = await freeTestNumbers(db, testCandidates(query), query.limit ?? 50);
    return free.map((n) => ({ object: 'available_number' as const, number: n.number, type: n.type, monthlyRentOre: 0 }));
  }
  const prices = await priceListFor(db, caller.companyId);
  const rows = await db<{ number: string; type: 'phone' | 'sms' }[]>`
    select i.number, i.type from number_inventory i
    where ${query.type === undefined ? db`true` : db`i.type = ${query.type}`}
      and ${query.prefix === undefined ? db`true` : db`starts_with(i.number, ${normalPrefix(query.prefix)})`}
      and not exists (select 1 from phone_numbers p where p.number = i.number and p.status <> 'released')
    order by i.number limit ${query.limit ?? 50}`;
  return rows.map((r) => ({ object: 'available_number' as const, number: r.number, type: r.type, monthlyRentOre: monthlyRent(prices, r.type) }));
}

/**
 * Rents a number of the inventory to a profile and charges its first month at once, in one transaction:
 * a balance that cannot pay it leaves nothing behind (402). Emits number.rented.
 */
export async function rentNumber(sql: Sql, clock: Clock, caller: KeyPrincipal, input: NumberRent): Promise<PhoneNumberRecord> {
  if (input.number === undefined && input.type === undefined) {
    throw new SentralError('invalid_request', { message: 'Give number, or type (phone or sms) and optionally prefix.', param: 'type' });
  }
  return sql.begin(async (tx) => {
    const profile = await getProfile(tx, viewerOf(caller), input.profileId);
    if (profile.state !== 'active') throw new SentralError('profile_archived', { param: 'profileId' });
    if (caller.mode === 'test') return rentTestNumber(tx, clock, caller, profile.id, input);
    const [pick] = await tx<{ number: string; type: 'phone' | 'sms' }[]>`
      select i.number, i.type from number_inventory i
      where ${input.number === undefined ? tx`true` : tx`i.number = ${input.number}`}
        and ${input.type === undefined ? tx`true` : tx`i.type = ${input.type}`}
        and ${input.prefix === undefined ? tx`true` : tx`starts_with(i.number, ${normalPrefix(input.prefix)})`}
        and not exists (select 1 from phone_numbers p where p.number = i.number and p.status <> 'released')
      order by i.number limit 1
      for update of i skip locked`;
    if (!pick) throw new SentralError('number_unavailable', { param: input.number !== undefined ? 'number' : 'type' });
    const now = clock.now();
    const paidUntil = addMonths(now, 1);
    const [row] = await tx<NumberRow[]>`
      insert into phone_numbers (id, number, company_id, profile_id, type, inbound_mode, decide_within_seconds, routing, assigned_to,
                                 sms_enabled, paid_until_ms, rent_due_at_ms, created_at_ms)
      values (${newId('num', clock)}, ${pick.number}, ${caller.companyId}, ${profile.id}, ${pick.type}, ${input.inboundMode ?? 'routing'},
              ${input.decideWithinSeconds ?? DEFAULT_DECIDE_WITHIN_SECONDS}, ${input.routing ? tx.json(input.routing) : null},
              ${input.assignedTo ?? null}, true, ${paidUntil}, ${paidUntil}, ${now})
      on conflict (number) where status <> 'released' do nothing
      returning *`;
    if (!row) throw new SentralError('number_taken', { param: 'number' });
    const rent = monthlyRent(await priceListFor(tx, caller.companyId), row.type);
    await chargeMonth(tx, clock, row, now, rent);
    await numberEvent(tx, clock, 'number.rented', row, { amountOre: rent });
    return toRecord(row);
  });
}

// A test number: the first free one of the test range that the request names, free of charge, with no paid
// month (no rent ever falls due) and mode test.
async function rentTestNumber(tx: Tx, clock: Clock, caller: KeyPrincipal, profileId: string, input: NumberRent): Promise<PhoneNumberRecord> {
  const [pick] = await freeTestNumbers(tx, testCandidates(input), 1);
  if (!pick) throw new SentralError('number_unavailable', { param: input.number !== undefined ? 'number' : 'type' });
  const [row] = await tx<NumberRow[]>`
    insert into phone_numbers (id, number, company_id, profile_id, type, mode, inbound_mode, decide_within_seconds, routing, assigned_to,
                               sms_enabled, created_at_ms)
    values (${newId('num', clock)}, ${pick.number}, ${caller.companyId}, ${profileId}, ${pick.type}, 'test', ${input.inboundMode ?? 'routing'},
            ${input.decideWithinSeconds ?? DEFAULT_DECIDE_WITHIN_SECONDS}, ${input.routing ? tx.json(input.routing) : null},
            ${input.assignedTo ?? null}, true, ${clock.now()})
    on conflict (number) where status <> 'released' do nothing
    returning *`;
  if (!row) throw new SentralError('number_taken', { param: 'number' });
  await numberEvent(tx, clock, 'number.rented', row, { amountOre: 0 });
  return toRecord(row);
}

// The test numbers a query or a rent names: of its type, starting with its prefix, the one number it gives.
function testCandidates(q: { type?: NumberType | undefined; prefix?: string | undefined; number?: string | undefined }): { number: string; type: NumberType }[] {
  const prefix = q.prefix === undefined ? undefined : normalPrefix(q.prefix);
  return testRange(q.type).filter((n) => (q.number === undefined || n.number === q.number) && (prefix === undefined || n.number.startsWith(prefix)));
}

// The first `limit` of `candidates` nobody holds, by number.
async function freeTestNumbers(db: Db, candidates: { number: string; type: NumberType }[], limit: number): Promise<{ number: string; type: NumberType }[]> {
  if (candidates.length === 0) return [];
  const held = await db<{ number: string }[]>`
    select number from phone_numbers where number = any(${candidates.map((c) => c.number)}::text[]) and status <> 'released'`;
  const taken = new Set(held.map((h) => h.number));
  return candidates.filter((c) => !taken.has(c.number)).slice(0, limit);
}

/** A page of the caller's numbers (its profile's for a profile key), oldest first. */
export async function listCustomerNumbers(db: Db, caller: KeyPrincipal, query: NumberListQuery): Promise<Page<PhoneNumberRecord>> {
  const limit = query.limit ?? 50;
  if (query.after !== undefined) await visibleRow(db, caller, query.after, 'after');
  const rows = await db<NumberRow[]>`
    select * from phone_numbers
    where company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}
      and ${query.profileId === undefined ? db`true` : db`profile_id = ${query.profileId.toLowerCase()}::uuid`}
      and ${query.state === undefined ? db`true` : db`status = ${query.state}`}
      and ${query.type === undefined ? db`true` : db`type = ${query.type}`}
      and ${query.after === undefined ? db`true` : db`id > ${query.after}`}
    order by id limit ${limit + 1}`;
  return pageOf(rows, limit, toRecord);
}

/** One of the caller's numbers. */
export async function getCustomerNumber(db: Db, caller: KeyPrincipal, id: string): Promise<PhoneNumberRecord> {
  return toRecord(await visibleRow(db, caller, id));
}

/** Changes what a customer configures on one of its numbers (a released number changes no more). */
export async function updateCustomerNumber(sql: Sql, caller: KeyPrincipal, id: string, input: CustomerNumberUpdate): Promise<PhoneNumberRecord> {
  return sql.begin(async (tx) => {
    const current = await visibleRow(tx, caller, id, undefined, true);
    if (current.status === 'released') throw new SentralError('number_released');
    const routing = input.routing === undefined ? current.routing : input.routing;
    const [row] = await tx<NumberRow[]>`
      update phone_numbers set
        inbound_mode = ${input.inboundMode ?? current.inbound_mode},
        decide_within_seconds = ${input.decideWithinSeconds ?? current.decide_within_seconds},
        routing = ${routing === null ? null : tx.json(routing)},
        assigned_to = ${input.assignedTo === undefined ? current.assigned_to : input.assignedTo},
        sms_enabled = ${input.smsEnabled ?? current.sms_enabled}
      where id = ${id} returning *`;
    return toRecord(row!);
  });
}

/**
 * Deletes a number: it stays the customer's until the end of its paid month and is released then (a
 * suspended number, with no paid month, and an operator's number are released at once). Deleting twice
 * answers the same.
 */
export async function deleteCustomerNumber(sql: Sql, clock: Clock, caller: KeyPrincipal, id: string): Promise<PhoneNumberRecord> {
  return sql.begin(async (tx) => {
    const current = await visibleRow(tx, caller, id, undefined, true);
    if (current.status === 'released' || current.release_at_ms !== null) return toRecord(current);
    const now = clock.now();
    const at = current.status === 'active' && current.paid_until_ms !== null && current.paid_until_ms > now ? current.paid_until_ms : now;
    if (at > now) {
      const [row] = await tx<NumberRow[]>`update phone_numbers set release_at_ms = ${at}, rent_due_at_ms = ${at} where id = ${id} returning *`;
      return toRecord(row!);
    }
    const [row] = await tx<NumberRow[]>`
      update phone_numbers set release_at_ms = ${now}, status = 'released', rent_due_at_ms = null where id = ${id} returning *`;
    await numberEvent(tx, clock, 'number.released', row!, {});
    return toRecord(row!);
  });
}

// A number of the caller's company and mode (and profile, for a profile key); anything else is not_found, or
// for a paging cursor invalid_request naming it.
async function visibleRow(db: Db, caller: KeyPrincipal, id: string, cursorParam?: string, forUpdate = false): Promise<NumberRow> {
  const [row] = await db<NumberRow[]>`
    select * from phone_numbers where id = ${id} and company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}
    ${forUpdate ? db`for update` : db``}`;
  if (row) return row;
  if (cursorParam !== undefined) throw new SentralError('invalid_request', { message: 'The cursor names no number this key can see.', param: cursorParam });
  throw new SentralError('not_found', { message: 'No such number.' });
}

// A prefix may be given without its +.
function normalPrefix(prefix: string): string {
  return prefix.startsWith('+') ? prefix : `+${prefix}`;
}
