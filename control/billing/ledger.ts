import type { Clock } from '../../shared/clock/clock.js';
import type { Tx } from '../../shared/db/database.js';
import { newId } from '../../shared/ids/ids.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

/**
 * The money ledger: append-only entries (top_up, reserve, capture, release) in øre. The company's
 * balance is what is available; a reservation takes money off it at once, a capture draws from the
 * reservation (that is what usage counts), a release returns the rest. Every function runs inside the
 * caller's transaction so that money moves together with the state change that needs it.
 *
 * Lock order, everywhere a reservation is made: the profile's row (profileRoom, FOR NO KEY UPDATE), then
 * the company's; profiles and companies of a batch in id order. Two transactions that took them in
 * opposite orders would wait on each other until PostgreSQL aborted one (a setup answered 503).
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
  const [made] = await recordReservations(tx, clock, [{ ...input, amountOre: Number(row.taken) }]);
  return made!;
}

/**
 * Reserves many amounts at once (a batch of accepted messages), each all or nothing, in order: the same
 * checks as `reserve` with one lock of each profile and one guarded update of each company's balance for
 * the batch's total. Each input gets its reservation or its own error (profile_limit_reached,
 * insufficient_balance, not_found, profile_archived); the others go on.
 */
export async function reserveMany(tx: Tx, clock: Clock, inputs: readonly Omit<ReserveInput, 'partial'>[]): Promise<(Reservation | SentralError)[]> {
  const outcome: (Reservation | SentralError | null)[] = inputs.map((input) => {
    try {
      assertAmount(input.amountOre, 'amountOre');
      return null;
    } catch (err) {
      return err as SentralError;
    }
  });
  const profileIds = [...new Set(inputs.flatMap((i) => (i.profileId === null ? [] : [i.profileId])))].sort();
  const profiles = profileIds.length === 0 ? [] : await tx<{ id: string; company_id: string; limit_ore: number | null; status: string }[]>`
    select id, company_id, limit_ore, status from profiles where id = any(${tx.array(profileIds)}::uuid[]) order by id for no key update`;
  const limited = profiles.filter((p) => p.limit_ore !== null).map((p) => p.id);
  const room = new Map<string, number>();
  for (const [id, used] of await profileUse(tx, clock, limited)) room.set(id, Number(profiles.find((p) => p.id === id)!.limit_ore) - used);
  const totals = new Map<string, number>();
  inputs.forEach((input, i) => {
    if (outcome[i] !== null) return;
    if (input.profileId !== null) {
      const profile = profiles.find((p) => p.id === input.profileId && p.company_id === input.companyId);
      if (!profile) return void (outcome[i] = new SentralError('not_found', { message: 'No such profile.', param: 'profileId' }));
      if (profile.status !== 'active') return void (outcome[i] = new SentralError('profile_archived'));
      const left = room.get(profile.id);
      if (left !== undefined) {
        if (left < input.amountOre) return void (outcome[i] = new SentralError('profile_limit_reached'));
        room.set(profile.id, left - input.amountOre);
      }
    }
    totals.set(input.companyId, (totals.get(input.companyId) ?? 0) + input.amountOre);
  });
  // One guarded update for every company of the batch, their rows locked in id order first.
  const companyIds = [...totals.keys()].sort();
  const taken = companyIds.length === 0 ? [] : await tx<{ id: string }[]>`
    update companies c set balance_ore = c.balance_ore - v.total
    from (select co.id, t.total from companies co
          join unnest(${tx.array(companyIds)}::text[], ${tx.array(companyIds.map((id) => totals.get(id)!))}::bigint[]) as t(id, total) on t.id = co.id
          order by co.id for no key update of co) v
    where c.id = v.id and c.balance_ore >= v.total
    returning c.id`;
  const fitted = new Set(taken.map((row) => row.id));
  for (const companyId of companyIds) {
    if (fitted.has(companyId)) continue;
    // The batch does not fit: each takes its turn against the balance, as one reservation at a time would.
    const [company] = await tx<{ balance_ore: number }[]>`select balance_ore from companies where id = ${companyId} for no key update`;
    let balance = company === undefined ? 0 : Number(company.balance_ore);
    let total = 0;
    inputs.forEach((input, i) => {
      if (outcome[i] !== null || input.companyId !== companyId) return;
      if (balance < input.amountOre) return void (outcome[i] = new SentralError('insufficient_balance'));
      balance -= input.amountOre;
      total += input.amountOre;
    });
    await tx`update companies set balance_ore = balance_ore - ${total} where id = ${companyId}`;
  }
  const accepted = inputs.flatMap((input, i) => (outcome[i] === null ? [{ input, i }] : []));
  const made = await recordReservations(tx, clock, accepted.map((a) => a.input));
  accepted.forEach((a, k) => (outcome[a.i] = made[k]!));
  return outcome as (Reservation | SentralError)[];
}

// The reservations and their `reserve` ledger entries, the balance already taken: one insert of each.
async function recordReservations(tx: Tx, clock: Clock, inputs: readonly Omit<ReserveInput, 'partial'>[]): Promise<Reservation[]> {
  if (inputs.length === 0) return [];
  const now = clock.now();
  const reservations = inputs.map((input) => ({
    id: newId('led', clock),
    company_id: input.companyId,
    profile_id: input.profileId,
    service: input.service,
    reserved_ore: input.amountOre,
    reference: input.reference ?? null,
    created_at_ms: now,
  }));
  // Sent at once and run in this order (one round trip on the transaction's connection).
  await Promise.all([
    tx`insert into reservations ${tx(reservations)}`,
    tx`insert into ledger_entries ${tx(reservations.map((r) => ({
      id: newId('led', clock), company_id: r.company_id, profile_id: r.profile_id, kind: 'reserve', service: r.service,
      amount_ore: r.reserved_ore, reservation_id: r.id, reference: r.reference, created_at_ms: now,
    })))}`,
  ]);
  return reservations.map((r) => ({ reservationId: r.id, amountOre: r.reserved_ore }));
}

/** Draws `amountOre` from an open reservation (what usage reports); more than remains is an error. */
export async function capture(tx: Tx, clock: Clock, input: { reservationId: string; amountOre: number }): Promise<void> {
  await captureMany(tx, clock, [input]);
}

/**
 * Draws many amounts (several may name one reservation) in one update of the reservations and one insert
 * of the entries; reservation_exceeded when any would draw more than remains (nothing is drawn then: the
 * caller's transaction fails).
 */
export async function captureMany(tx: Tx, clock: Clock, inputs: readonly { reservationId: string; amountOre: number }[]): Promise<void> {
  for (const input of inputs) assertAmount(input.amountOre, 'amountOre');
  const drawn = inputs.filter((input) => input.amountOre > 0);
  if (drawn.length === 0) return;
  const totals = new Map<string, number>();
  for (const input of drawn) totals.set(input.reservationId, (totals.get(input.reservationId) ?? 0) + input.amountOre);
  const rows = await tx<{ id: string; company_id: string; profile_id: string | null; service: string; reference: string | null }[]>`
    update reservations r set captured_ore = r.captured_ore + v.amount
    from unnest(${tx.array([...totals.keys()])}::text[], ${tx.array([...totals.values()])}::bigint[]) as v(id, amount)
    where r.id = v.id and r.state = 'open' and r.captured_ore + r.released_ore + v.amount <= r.reserved_ore
    returning r.id, r.company_id, r.profile_id, r.service, r.reference`;
  if (rows.length !== totals.size) throw new SentralError('reservation_exceeded');
  const byId = new Map(rows.map((row) => [row.id, row]));
  const now = clock.now();
  await tx`insert into ledger_entries ${tx(drawn.map((input) => {
    const row = byId.get(input.reservationId)!;
    return { id: newId('led', clock), company_id: row.company_id, profile_id: row.profile_id, kind: 'capture', service: row.service,
             amount_ore: input.amountOre, reservation_id: input.reservationId, reference: row.reference, created_at_ms: now };
  }))}`;
}

/** Closes a reservation and returns what was not captured to the balance; returns that amount (0 if closed). */
export async function release(tx: Tx, clock: Clock, input: { reservationId: string }): Promise<number> {
  const [rest] = await releaseMany(tx, clock, [input.reservationId]);
  return rest!;
}

/**
 * Closes many reservations in one update, gives each company back what was not captured (one update per
 * company) and records the entries in one insert; returns each one's amount given back (0 if it was closed).
 */
export async function releaseMany(tx: Tx, clock: Clock, reservationIds: readonly string[]): Promise<number[]> {
  if (reservationIds.length === 0) return [];
  const rows = await tx<{ id: string; company_id: string; profile_id: string | null; service: string; reference: string | null; rest: number }[]>`
    update reservations r set released_ore = r.reserved_ore - r.captured_ore, state = 'closed'
    from (select id, reserved_ore - captured_ore - released_ore as rest from reservations
          where id = any(${tx.array([...new Set(reservationIds)])}::text[]) order by id for update) o
    where r.id = o.id and r.state = 'open'
    returning r.id, r.company_id, r.profile_id, r.service, r.reference, o.rest::bigint as rest`;
  if (rows.length === 0) return reservationIds.map(() => 0);
  const back = new Map<string, number>();
  for (const row of rows) back.set(row.company_id, (back.get(row.company_id) ?? 0) + Number(row.rest));
  for (const [companyId, amount] of [...back].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (amount > 0) await tx`update companies set balance_ore = balance_ore + ${amount} where id = ${companyId}`;
  }
  const now = clock.now();
  await tx`insert into ledger_entries ${tx(rows.map((row) => ({
    id: newId('led', clock), company_id: row.company_id, profile_id: row.profile_id, kind: 'release', service: row.service,
    amount_ore: Number(row.rest), reservation_id: row.id, reference: row.reference, created_at_ms: now,
  })))}`;
  const rest = new Map(rows.map((row) => [row.id, Number(row.rest)]));
  // A reservation named twice is given back once.
  return reservationIds.map((id) => {
    const amount = rest.get(id) ?? 0;
    rest.delete(id);
    return amount;
  });
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
  const used = await profileUse(tx, clock, [profileId]);
  return Number(p.limit_ore) - used.get(profileId)!;
}

// What each profile used of its limit this month: captured this month plus what its open reservations hold.
async function profileUse(tx: Tx, clock: Clock, profileIds: readonly string[]): Promise<Map<string, number>> {
  if (profileIds.length === 0) return new Map();
  const { startMs, endMs } = monthBounds(monthOf(clock.now()));
  const rows = await tx<{ id: string; captured: number; held: number }[]>`
    select p.id,
      coalesce((select sum(amount_ore) from ledger_entries
                where profile_id = p.id and kind = 'capture' and created_at_ms >= ${startMs} and created_at_ms < ${endMs}), 0)::bigint as captured,
      coalesce((select sum(reserved_ore - captured_ore - released_ore) from reservations
                where profile_id = p.id and state = 'open'), 0)::bigint as held
    from unnest(${tx.array([...profileIds])}::uuid[]) as p(id)`;
  return new Map(rows.map((r) => [r.id, Number(r.captured) + Number(r.held)]));
}

function assertAmount(amount: number, param: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new SentralError('invalid_request', { message: 'Amounts are whole øre, zero or more.', param });
  }
}
