/**
 * Monthly rent of numbers customers rented. A number is paid a month at a time from the company's balance
 * (the price list's phoneNumberMonthOre or smsNumberMonthOre); `rent_due_at_ms` says when the runner looks
 * at it next: at the end of the paid month it charges the next month (or releases the number if it was
 * deleted), and a number whose month could not be paid is suspended until a top-up makes it due again.
 * Each charge is one row of number_rents keyed by number and month, so a month is charged once however
 * often a number is met (two workers, a pass retried after a crash).
 */
import type { Bus } from '../../shared/bus/bus.js';
import type { Clock } from '../../shared/clock/clock.js';
import { RENT_WAKE_SUBJECT } from '../../protocol/bus/bus-names.js';
import type { Sql, Tx } from '../../shared/db/database.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';
import type { PriceList } from '../../protocol/api/admin.js';
import type { numberEventSchemas } from '../../protocol/api/numbers.js';
import { capture, monthOf, release, reserve } from '../billing/ledger.js';
import { priceListFor } from '../billing/price-list.js';
import { recordEvent } from '../events/event-log.js';
import { toRecord, type NumberRow } from './numbers.js';

/** The monthly rent of a number of this type on this price list. */
export function monthlyRent(prices: PriceList, type: 'phone' | 'sms'): number {
  return type === 'sms' ? prices.smsNumberMonthOre : prices.phoneNumberMonthOre;
}

/** The same time `months` calendar months later (UTC), the day clamped to the month's last. */
export function addMonths(atMs: number, months: number): number {
  const d = new Date(atMs);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
  const f = new Date(first);
  const last = new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth() + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), last);
  return Date.UTC(f.getUTCFullYear(), f.getUTCMonth(), day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/**
 * Charges one month of a number's rent, from `startMs` (the month is named by the month `startMs` falls
 * in), inside the caller's transaction: the rent row, then the money (reserve, capture, close). Returns
 * false when that month was charged already. Throws insufficient_balance or profile_limit_reached when
 * the balance or the profile's limit cannot pay it (the caller's savepoint undoes the rent row).
 */
export async function chargeMonth(tx: Tx, clock: Clock, row: NumberRow, startMs: number, amountOre: number): Promise<boolean> {
  const period = monthOf(startMs);
  const [taken] = await tx<{ period: string }[]>`
    insert into number_rents (number_id, period, amount_ore, created_at_ms)
    values (${row.id}, ${period}, ${amountOre}, ${clock.now()})
    on conflict do nothing returning period`;
  if (!taken) return false;
  if (amountOre === 0) return true;
  const held = await reserve(tx, clock, { companyId: row.company_id, profileId: row.profile_id, service: 'number', amountOre, reference: row.id });
  await capture(tx, clock, { reservationId: held.reservationId, amountOre });
  await release(tx, clock, { reservationId: held.reservationId });
  return true;
}

/** What the runner did to one number. */
export type RentOutcome = 'renewed' | 'suspended' | 'released' | 'skipped';

/**
 * Takes one due number (FOR UPDATE SKIP LOCKED: another runner holding it means skipped) and does what
 * is due: release a deleted number at the end of its paid month; otherwise charge the months that ended
 * (an active number pays each month it held; a suspended one pays from now) until it is paid past now, or
 * suspend it when a month cannot be paid. Events go out with the change.
 */
export async function settleNumber(sql: Sql, clock: Clock, numberId: string): Promise<RentOutcome> {
  return sql.begin(async (tx) => {
    const now = clock.now();
    const [row] = await tx<NumberRow[]>`
      select * from phone_numbers where id = ${numberId} and status <> 'released' and rent_due_at_ms <= ${now}
      for update skip locked`;
    if (!row) return 'skipped';
    if (row.release_at_ms !== null && row.release_at_ms <= now) {
      const [released] = await tx<NumberRow[]>`
        update phone_numbers set status = 'released', rent_due_at_ms = null where id = ${row.id} returning *`;
      await numberEvent(tx, clock, 'number.released', released!, {});
      return 'released';
    }
    const rent = monthlyRent(await priceListFor(tx, row.company_id), row.type);
    // A suspended number pays from the top-up on; an active one pays every month it held without a gap.
    let start = row.status === 'suspended' || row.paid_until_ms === null ? now : row.paid_until_ms;
    let charged = 0;
    let failure: string | null = null;
    while (start <= now) {
      try {
        await tx.savepoint((sp) => chargeMonth(sp, clock, row, start, rent));
      } catch (err) {
        if (!isSentralError(err) || (err.code !== 'insufficient_balance' && err.code !== 'profile_limit_reached' && err.code !== 'profile_archived')) throw err;
        failure = err.code;
        break;
      }
      charged++;
      start = addMonths(start, 1);
    }
    if (failure !== null) {
      const [suspended] = await tx<NumberRow[]>`
        update phone_numbers set status = 'suspended', rent_due_at_ms = null,
          paid_until_ms = ${charged > 0 ? start : row.paid_until_ms}
        where id = ${row.id} returning *`;
      if (row.status !== 'suspended') await numberEvent(tx, clock, 'number.suspended', suspended!, { reason: failure, monthlyRentOre: rent });
      return 'suspended';
    }
    const [renewed] = await tx<NumberRow[]>`
      update phone_numbers set status = 'active', paid_until_ms = ${start},
        rent_due_at_ms = ${row.release_at_ms ?? start}
      where id = ${row.id} returning *`;
    await numberEvent(tx, clock, 'number.renewed', renewed!, { months: charged, amountOre: rent * charged, resumed: row.status === 'suspended' });
    return 'renewed';
  });
}

/** Up to `limit` numbers due now, leaving out `held` ids (a loop running them). */
export async function dueNumbers(db: Sql | Tx, now: number, limit: number, held: ReadonlySet<string> = new Set()): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select id from phone_numbers
    where rent_due_at_ms <= ${now} and status <> 'released' and not (id = any(${[...held]}::text[]))
    order by rent_due_at_ms, id limit ${limit}`;
  return rows.map((r) => r.id);
}

/** When the next number falls due (null: none). */
export async function nextRentDueAt(db: Sql | Tx): Promise<number | null> {
  const [row] = await db<{ at: number | null }[]>`select min(rent_due_at_ms)::bigint as at from phone_numbers where rent_due_at_ms is not null and status <> 'released'`;
  return row?.at ?? null;
}

/**
 * Settles every number due at `now` (a pass of the rent runner, also what tests drive on a manual clock);
 * returns what became of each. A number another runner holds is left to it.
 */
export async function chargeDueRents(sql: Sql, clock: Clock, now: number): Promise<Record<string, RentOutcome>> {
  const outcomes: Record<string, RentOutcome> = {};
  for (;;) {
    const ids = await dueNumbers(sql, now, 100, new Set(Object.keys(outcomes)));
    if (ids.length === 0) return outcomes;
    for (const id of ids) outcomes[id] = await settleNumber(sql, clock, id);
  }
}

/** Makes a company's suspended numbers due now (in the top-up's transaction), so the runner tries them again. */
export async function retrySuspendedNumbers(tx: Tx, clock: Clock, companyId: string): Promise<number> {
  const rows = await tx`
    update phone_numbers set rent_due_at_ms = ${clock.now()}
    where company_id = ${companyId} and status = 'suspended' returning id`;
  return rows.length;
}

/** Records a number.* event, in the number's mode (a test number's events go to test endpoints). */
export async function numberEvent(tx: Tx, clock: Clock, type: keyof typeof numberEventSchemas, row: NumberRow, extra: Record<string, unknown>): Promise<void> {
  await recordEvent(tx, clock, {
    companyId: row.company_id,
    profileId: row.profile_id,
    mode: row.mode,
    type,
    objectId: row.id,
    data: { number: toRecord(row), ...extra },
  });
}

/** Tells the rent runners that numbers may be due now (after the transaction that made them due commits). */
export async function wakeRentRunner(bus: Bus): Promise<void> {
  await bus.notify(RENT_WAKE_SUBJECT, new Uint8Array(0));
}
