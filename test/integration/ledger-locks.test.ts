import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../control/accounts/companies.js';
import { createProfile } from '../../control/accounts/profiles.js';
import { profileRoom, release, reserve } from '../../control/billing/ledger.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { freshDatabase } from '../support/services.js';
import type { ScratchDatabase } from '../support/scratch-database.js';

// A reservation locks its profile row, then its company row; a release updates the company row, then writes
// a ledger entry whose foreign key takes a key-share lock on the profile. If the reservation's lock blocked
// key-share locks, the two would wait on each other (PostgreSQL then aborts one: a failed send or a refund
// retried under load). The order is made certain here: the reservation's profile lock is held while the
// release runs.
describe('the ledger\'s locks', () => {
  let db: ScratchDatabase;
  let sql: Sql;
  const clock = new ManualClock(Date.UTC(2026, 10, 26));

  beforeAll(async () => {
    db = await freshDatabase();
    sql = openDatabase({ url: db.url, max: 4 });
    await migrate(sql);
  });
  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await db?.drop();
  });

  it('a release goes through while a reservation of the same profile holds the profile row', async () => {
    const { company } = await createCompany(sql, clock, { name: 'Låser', balanceOre: 10_000 });
    const profile = await createProfile(sql, clock, company.id, { name: 'P', slug: 'p' });
    const first = await sql.begin((tx) => reserve(tx, clock, { companyId: company.id, profileId: profile.id, service: 'sms', amountOre: 75 }));

    let held: () => void = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    let letGo: () => void = () => {};
    const done = new Promise<void>((resolve) => (letGo = resolve));
    const second = sql.begin(async (tx) => {
      await profileRoom(tx, clock, company.id, profile.id);
      held();
      await done;
      return reserve(tx, clock, { companyId: company.id, profileId: profile.id, service: 'sms', amountOre: 75 });
    });
    await holding;
    const guard = new Promise<string>((resolve) => setTimeout(() => resolve('the release waited on the profile lock'), 5_000).unref());
    const released = sql.begin((tx) => release(tx, clock, { reservationId: first.reservationId })).then((rest) => `released ${rest}`);
    const outcome = await Promise.race([released, guard]);
    letGo();
    await released;
    await second;
    expect(outcome).toBe('released 75');
    const [row] = await sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${company.id}`;
    expect(Number(row!.balance_ore)).toBe(10_000 - 75);
  });
});
