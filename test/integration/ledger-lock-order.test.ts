import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../control/accounts/companies.js';
import { createProfile } from '../../control/accounts/profiles.js';
import { profileRoom, releaseMany, reserve, reserveMany } from '../../control/billing/ledger.js';
import { reserveCharges } from '../../control/calls/requests/call-pricing.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { freshDatabase } from '../support/services.js';
import { eventually } from '../support/eventually.js';
import type { ScratchDatabase } from '../support/scratch-database.js';

// Reservations of one profile take their locks in one order — the profile's row, then the company's —
// whether a call setup, a send or a release takes them; two that met in opposite orders would wait on
// each other until PostgreSQL aborted one (40P01: a setup answered 503 under concurrency).
describe('the ledger\'s lock order', () => {
  let db: ScratchDatabase;
  let sql: Sql;
  const clock = new ManualClock(Date.UTC(2026, 10, 26));

  beforeAll(async () => {
    db = await freshDatabase();
    sql = openDatabase({ url: db.url, max: 12 });
    await migrate(sql);
  });
  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await db?.drop();
  });

  async function customer(balanceOre: number, limitOre: number | null): Promise<{ companyId: string; profileId: string }> {
    const { company } = await createCompany(sql, clock, { name: 'Låsrekkefølge', balanceOre });
    const profile = await createProfile(sql, clock, company.id, { name: 'P', slug: `p${Math.random().toString(36).slice(2, 8)}` });
    await sql`update profiles set limit_ore = ${limitOre} where id = ${profile.id}`;
    return { companyId: company.id, profileId: profile.id };
  }

  const balanceOf = async (companyId: string): Promise<number> =>
    Number((await sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${companyId}`)[0]!.balance_ore);

  const setup = (c: { companyId: string; profileId: string }, reference: string) =>
    sql.begin((tx) => reserveCharges(tx, clock, { ...c, mode: 'live', reference, minutes: 2 }, [{ service: 'phone', rateOre: 50, maxMinutes: null }]));

  it('a call setup started while a send holds the profile row waits for it, then both go through', async () => {
    const c = await customer(100_000, 1_000_000);
    const earlier = await sql.begin((tx) => reserve(tx, clock, { ...c, service: 'sms', amountOre: 40 }));
    let held: () => void = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    let letGo: () => void = () => {};
    const goOn = new Promise<void>((resolve) => (letGo = resolve));
    // A send's transaction, stopped after its first lock (the profile's row).
    const send = sql.begin(async (tx) => {
      await profileRoom(tx, clock, c.companyId, c.profileId);
      held();
      await goOn;
      return reserveMany(tx, clock, [{ ...c, service: 'sms', amountOre: 30 }]);
    });
    await holding;
    const call = setup(c, 'call_lock_order');
    // The setup is queued on a row lock (before the fix: holding the company's row, waiting for the profile's).
    await eventually(async () => (await sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`).length > 0);
    const released = sql.begin((tx) => releaseMany(tx, clock, [earlier.reservationId]));
    letGo();
    const [sent, charges, rest] = await Promise.all([send, call, released]);
    expect(sent[0]).toMatchObject({ amountOre: 30 });
    expect(charges[0]).toMatchObject({ reservedOre: 100 });
    expect(rest).toEqual([40]);
    expect(await balanceOf(c.companyId)).toBe(100_000 - 30 - 100);
  });

  it('setups, sends and releases of one profile at once: none deadlocks, the money is exact to the øre', async () => {
    const c = await customer(1_000_000, 10_000_000);
    const open = await Promise.all(Array.from({ length: 12 }, () => sql.begin((tx) => reserve(tx, clock, { ...c, service: 'sms', amountOre: 7 }))));
    const before = await balanceOf(c.companyId);
    const work = Array.from({ length: 36 }, (_, i) => {
      if (i % 3 === 0) return setup(c, `call_mix_${i}`).then((charges) => -charges[0]!.reservedOre);
      if (i % 3 === 1) return sql.begin((tx) => reserveMany(tx, clock, [{ ...c, service: 'sms', amountOre: 11 }])).then(() => -11);
      return sql.begin((tx) => releaseMany(tx, clock, [open[(i - 2) / 3]!.reservationId])).then(([rest]) => rest!);
    });
    const moved = await Promise.all(work);
    expect(moved.filter((m) => m === -100)).toHaveLength(12);
    expect(moved.filter((m) => m === 7)).toHaveLength(12);
    expect(await balanceOf(c.companyId)).toBe(before + moved.reduce((a, b) => a + b, 0));
  });
});
