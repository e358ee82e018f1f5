import type { PriceList } from '../../protocol/api/admin.js';
import type { Sql, Tx } from '../../shared/db/database.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

/**
 * Default prices in øre excluding VAT. Per-minute prices are per started minute and per participant;
 * the non-call prices are the interface's (SMS NOK 0.75 per unit, email NOK 0.01, letter NOK 5,
 * dedicated SMS number NOK 490 and phone number NOK 59 per month).
 */
export const defaultPriceList: PriceList = {
  phoneMinuteOre: 25,
  /** An inbound caller's minute, from the answer (a carrier's inbound minute costs less than a dialled one). */
  inboundMinuteOre: 15,
  appParticipantMinuteOre: 5,
  botMinuteOre: 10,
  streamMinuteOre: 5,
  recordingMinuteOre: 2,
  transcriptionMinuteOre: 10,
  smsUnitOre: 75,
  emailOre: 1,
  letterOre: 500,
  smsNumberMonthOre: 49_000,
  phoneNumberMonthOre: 5_900,
};

/** The price list of a company: the defaults with its overrides applied. */
export async function priceListFor(db: Sql | Tx, companyId: string): Promise<PriceList> {
  const [row] = await db<{ price_overrides: Partial<PriceList> }[]>`select price_overrides from companies where id = ${companyId}`;
  if (!row) throw new SentralError('not_found', { message: 'No such company.' });
  return { ...defaultPriceList, ...pick(row.price_overrides) };
}

/** The price lists of several companies in one query, by company id; a company that does not exist is not_found. */
export async function priceListsFor(db: Sql | Tx, companyIds: Iterable<string>): Promise<Map<string, PriceList>> {
  const ids = [...new Set(companyIds)];
  if (ids.length === 0) return new Map();
  const rows = await db<{ id: string; price_overrides: Partial<PriceList> }[]>`
    select id, price_overrides from companies where id = any(${db.array(ids)}::text[])`;
  if (rows.length !== ids.length) throw new SentralError('not_found', { message: 'No such company.' });
  return new Map(rows.map((row) => [row.id, { ...defaultPriceList, ...pick(row.price_overrides) }]));
}

/** Applies overrides to a company's price list (a null value returns that price to the default). */
export async function updatePriceList(db: Sql | Tx, companyId: string, changes: Record<string, number | null>): Promise<PriceList> {
  for (const name of Object.keys(changes)) {
    if (!(name in defaultPriceList)) throw new SentralError('invalid_request', { message: `Unknown price ${name}.`, param: name });
  }
  const [row] = await db<{ price_overrides: Partial<PriceList> }[]>`select price_overrides from companies where id = ${companyId} for update`;
  if (!row) throw new SentralError('not_found', { message: 'No such company.' });
  const next: Record<string, number> = { ...pick(row.price_overrides) };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete next[name];
    else next[name] = value;
  }
  await db`update companies set price_overrides = ${db.json(next)} where id = ${companyId}`;
  return { ...defaultPriceList, ...next };
}

// Keeps only known price names, so an old override of a removed price never leaks out.
function pick(overrides: Partial<PriceList>): Partial<PriceList> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(overrides ?? {})) if (k in defaultPriceList && typeof v === 'number') out[k] = v;
  return out;
}
