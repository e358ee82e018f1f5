import type { Clock } from '../../shared/clock/clock.js';
import type { Db, Sql, Tx } from '../../shared/db/database.js';
import { newId } from '../../shared/ids/ids.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { allScopes } from '../../protocol/api/scopes.js';
import type { Company } from '../../protocol/api/admin.js';
import { topUp } from '../billing/ledger.js';
import { insertApiKey } from './api-keys.js';

/** A new company and its two company keys (whole values, shown once). */
export interface CreatedCompany {
  company: Company;
  liveKey: string;
  testKey: string;
}

/** Creates a company with an opening balance (a top-up entry) and a live and a test key with every scope. */
export async function createCompany(sql: Sql, clock: Clock, input: { name: string; balanceOre?: number }): Promise<CreatedCompany> {
  return sql.begin((tx) => insertCompany(tx, clock, input));
}

/** createCompany inside the caller's transaction. */
export async function insertCompany(tx: Tx, clock: Clock, input: { name: string; balanceOre?: number }): Promise<CreatedCompany> {
  const id = newId('co', clock);
  await tx`insert into companies (id, name, created_at_ms) values (${id}, ${input.name}, ${clock.now()})`;
  if (input.balanceOre) await topUp(tx, clock, { companyId: id, amountOre: input.balanceOre, reference: 'opening balance' });
  const live = await insertApiKey(tx, clock, { companyId: id, profileId: null, mode: 'live', name: 'Company live key', scopes: allScopes });
  const test = await insertApiKey(tx, clock, { companyId: id, profileId: null, mode: 'test', name: 'Company test key', scopes: allScopes });
  return { company: await getCompany(tx, id), liveKey: live.key, testKey: test.key };
}

/** One company with its available and reserved balance, or not_found. */
export async function getCompany(db: Db, id: string): Promise<Company> {
  const [row] = await db<{ id: string; name: string; balance_ore: number; reserved_ore: number; created_at_ms: number }[]>`
    select c.id, c.name, c.balance_ore, c.created_at_ms,
      coalesce((select sum(reserved_ore - captured_ore - released_ore) from reservations r
                where r.company_id = c.id and r.state = 'open'), 0)::bigint as reserved_ore
    from companies c where c.id = ${id}`;
  if (!row) throw new SentralError('not_found', { message: 'No such company.' });
  return {
    id: row.id,
    object: 'company',
    name: row.name,
    balanceOre: row.balance_ore,
    reservedOre: row.reserved_ore,
    createdAt: new Date(row.created_at_ms).toISOString(),
  };
}

/** Every company, oldest first. */
export async function listCompanies(db: Db): Promise<Company[]> {
  const rows = await db<{ id: string }[]>`select id from companies order by created_at_ms, id limit 1000`;
  return Promise.all(rows.map((r) => getCompany(db, r.id)));
}
