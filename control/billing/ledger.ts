import type { Clock } from '../../shared/clock/clock.js';
import type { Tx } from '../../shared/db/database.js';
import { newId } from '../../shared/ids/ids.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

/**
 * The money ledger: append-only entries (top_up, reserve, capture, release) in øre. The company's
 * balance is what is available; a reservation takes money off it at once, a capture draws from the
 * reservation (that is what usage counts), a release returns the rest. Every function runs inside the
 * caller's transaction so that money moves together with the state change that needs it.
 */

/** A reservation request. */
export interface ReserveInput {
  companyId: string;
  profileId: string | null;
  /** What the money is for: phone, app, bot, stream, recording, transcription, sms, email, letter, number. */
  service: string;
  amountOre: number;
  /** Take as much as the balance and the profile's limit allow instead of failing (at least 1 øre). */
  partial?: boolean;
  /** The caller's object, e.g. a call id. */
  reference?: string;
}

/** A reservation made. */
export interface Reservation {
  reservationId: string;
  amountOre: number;
}

/** Adds money to a company's balance; returns the entry and the new balance. */
export async function topUp(
  tx: Tx,
  clock: Clock,
  input: { companyId: string; amountOre: number; reference?: string },
): Promise<{ entryId: string; balanceOre: number }> {
  assertAmount(input.amountOre, 'amountOre');
  const [row] = await tx<{ balance_ore: number }[]>`
    update companies set balance_ore = balance_ore + ${input.amountOre} where id = ${input.companyId} returning balance_ore`;
  if (!row) throw new SentralError('not_found', { message: 'No such company.' });
  const entryId = newId('led', clock);
  await tx`insert into ledger_entries (id, company_id, kind, amount_ore, reference, created_at_ms)
           values (${entryId}, ${input.companyId}, 'top_up', ${input.amountOre}, ${input.reference ?? null}, ${clock.now()})`;
  return { entryId, balanceOre: row.balance_ore };
}

/**
 * Reserves money for a service: checks the profile's monthly limit (serialised per profile by a row
 * lock) and takes the amount off the balance with a guarded update, so the balance never goes below zero.
 */
export async function reserve(tx: Tx, clock: Clock, input: ReserveInput): Promise<Reservation> {
  assertAmount(input.amountOre, 'amountOre');
  let wanted = input.amountOre;
  if (input.profileId !== null) {
    const room = await profileRoom(tx, clock, input.companyId, input.profileId);
    if (room !== null && room < wanted) {
      if (!input.partial || room <= 0) throw new SentralError('profile_limit_reached');
      wanted = room;
    }
  }
  const [row] = input.partial
    ? await tx<{ taken: number }[]>`
        update companies c set balance_ore = c.balance_ore - least(o.balance_ore, ${wanted})
        from (select id, balance_ore from companies where id = ${input.companyId} for no key update) o
        where c.id = o.id and o.balance_ore > 0
        returning least(o.balance_ore, ${wanted})::bigint as taken`
    : await tx<{ taken: number }[]>`
        update companies set balance_ore = balance_ore - ${wanted}
        where id = ${input.companyId} and balance_ore >= ${wanted}
        returning ${wanted}::bigint as taken`;
  if (!row) throw new SentralError('insufficient_balance');
  const reservationId = newId('led', clock);
  const now = clock.now();
  await tx`insert into reservations (id, company_id, profile_id, service, reserved_ore, reference, created_at_ms)
           values (${reservationId}, ${input.companyId}, ${input.profileId}, ${input.service}, ${row.taken},
                   ${input.reference ?? null}, ${now})`;
  await tx`insert into ledger_entries (id, company_id, profile_id, kind, service, amount_ore, reservation_id, reference, created_at_ms)
           values (${newId('led', clock)}, ${input.companyId}, ${input.profileId}, 'reserve', ${input.service}, ${row.taken},
                   ${reservationId}, ${input.reference ?? null}, ${now})`;
  return { reservationId, amountOre: row.taken };
}

/** Draws `amountOre` from an open reservation (what usage reports); more than remains is an error. */
export async function capture(tx: Tx, clock: Clock, input: { reservationId: string; amountOre: number }): Promise<void> {
  assertAmount(input.amountOre, 'amountOre');
  if (input.amountOre === 0) return;
  const [row] = await tx<{ company_id: string; profile_id: string | null; service: string; reference: string | null }[]>`
    update reservations set captured_ore = captured_ore + ${input.amountOre}
    where id = ${input.reservationId} and state = 'open'
      and captured_ore + released_ore + ${input.amountOre} <= reserved_ore
    returning company_id, profile_id, service, reference`;
  if (!row) throw new SentralError('reservation_exceeded');
  await tx`insert into ledger_entries (id, company_id, profile_id, kind, service, amount_ore, reservation_id, reference, created_at_ms)
           values (${newId('led', clock)}, ${row.company_id}, ${row.profile_id}, 'capture', ${row.service}, ${input.amountOre},
                   ${input.reservationId}, ${row.reference}, ${clock.now()})`;
}

/** Closes a reservation and returns what was not captured to the balance; returns that amount (0 if closed). */
export async function release(tx: Tx, clock: Clock, input: { reservationId: string }): Promise<number> {
  const [row] = await tx<{ company_id: string; profile_id: string | null; service: string; reference: string | null; rest: number }[]>`
    update reservations r set released_ore = r.reserved_ore - r.captured_ore, state = 'closed'
    from (select id, reserved_ore - captured_ore - released_ore as rest from reservations where id = ${input.reservationId} for update) o
    where r.id = o.id and r.state = 'open'
    returning r.company_id, r.profile_id, r.service, r.reference, o.rest::bigint as rest`;
  if (!row) return 0;
  if (row.rest > 0) {
    await tx`update companies set balance_ore = balance_ore + ${row.rest} where id = ${row.company_id}`;
  }
  await tx`insert into ledger_entries (id, company_id, profile_id, kind, service, amount_ore, reservation_id, reference, created_at_ms)
           values (${newId('led', clock)}, ${row.company_id}, ${row.profile_id}, 'release', ${row.service}, ${row.rest},
                   ${input.reservationId}, ${row.reference}, ${clock.now()})`;
  return row.rest;
}

/** First and past-last epoch ms of the UTC month `period` (YYYY-MM). */
export function monthBounds(period: string): { startMs: number; endMs: number } {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return { startMs: Date.UTC(y, m - 1, 1), endMs: Date.UTC(y, m, 1) };
}

/** The UTC month (YYYY-MM) that contains epoch ms `atMs`. */
export function monthOf(atMs: number): string {
  return new Date(atMs).toISOString().slice(0, 7);
}

/**
 * Øre the profile may still reserve this month (null: no limit): limit - captured this month - open holds.
 * Locks the profile row against other reservations (FOR NO KEY UPDATE, not FOR UPDATE: a ledger entry's
 * foreign key takes a key-share lock on it, so a release that already holds the company row would wait on
 * this one while this one waits for the company row — a deadlock).
 */
export async function profileRoom(tx: Tx, clock: Clock, companyId: string, profileId: string): Promise<number | null> {
  const [p] = await tx<{ limit_ore: number | null; status: string }[]>`
    select limit_ore, status from profiles where id = ${profileId} and company_id = ${companyId} for no key update`;
  if (!p) throw new SentralError('not_found', { message: 'No such profile.', param: 'profileId' });
  if (p.status !== 'active') throw new SentralError('profile_archived');
  if (p.limit_ore === null) return null;
  const { startMs, endMs } = monthBounds(monthOf(clock.now()));
  const [used] = await tx<{ captured: number; held: number }[]>`
    select
      coalesce((select sum(amount_ore) from ledger_entries
                where profile_id = ${profileId} and kind = 'capture' and created_at_ms >= ${startMs} and created_at_ms < ${endMs}), 0)::bigint as captured,
      coalesce((select sum(reserved_ore - captured_ore - released_ore) from reservations
                where profile_id = ${profileId} and state = 'open'), 0)::bigint as held`;
  return p.limit_ore - used!.captured - used!.held;
}

function assertAmount(amount: number, param: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new SentralError('invalid_request', { message: 'Amounts are whole øre, zero or more.', param });
  }
}
