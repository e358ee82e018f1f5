import type { Clock } from '../../shared/clock/clock.js';
import { pageOf, type Page } from '../../shared/db/page.js';
import type { Static } from 'typebox';
import type { Suppression as SuppressionSchema } from '../../protocol/messaging/suppression.js';
import type { Db } from '../../shared/db/database.js';

/** One entry of a profile's suppression list. */
export type Suppression = Static<typeof SuppressionSchema>;

/** Why an address is on a profile's list: the API, an opt-out keyword, a hard bounce, a complaint. */
export type SuppressionSource = 'api' | 'keyword' | 'bounce' | 'complaint';

interface SuppressionRow {
  address: string;
  reason: string;
  source: SuppressionSource;
  created_at_ms: number;
}

/**
 * The address as the list keys it, whatever the channel: an email address lower-cased, a phone number as
 * given (E.164 already).
 */
export function suppressionAddress(address: string): string {
  return address.includes('@') ? address.trim().toLowerCase() : address.trim();
}

/** True when the profile's list holds the address (every send checks it, one message or a campaign's). */
export async function isSuppressed(db: Db, profileId: string, address: string): Promise<boolean> {
  const [row] = await db<{ one: number }[]>`
    select 1 as one from suppressions where profile_id = ${profileId} and address = ${suppressionAddress(address)}`;
  return row !== undefined;
}

/** For each (profile, address) pair, whether the profile's list holds the address: one query for a batch of sends. */
export async function suppressedPairs(db: Db, pairs: readonly { profileId: string; address: string }[]): Promise<boolean[]> {
  if (pairs.length === 0) return [];
  const keys = pairs.map((p) => ({ profileId: p.profileId, address: suppressionAddress(p.address) }));
  const rows = await db<{ profile_id: string; address: string }[]>`
    select profile_id, address from suppressions
    where (profile_id, address) in (select * from unnest(${db.array(keys.map((k) => k.profileId))}::uuid[], ${db.array(keys.map((k) => k.address))}::text[]))`;
  const held = new Set(rows.map((r) => `${r.profile_id} ${r.address}`));
  return keys.map((k) => held.has(`${k.profileId} ${k.address}`));
}

/** Puts an address on the profile's list (adding it again keeps the first entry); returns the entry. */
export async function addSuppression(
  db: Db,
  clock: Clock,
  input: { profileId: string; address: string; reason: string; source: SuppressionSource },
): Promise<Suppression> {
  const address = suppressionAddress(input.address);
  await db`
    insert into suppressions (profile_id, address, reason, source, created_at_ms)
    values (${input.profileId}, ${address}, ${input.reason}, ${input.source}, ${clock.now()})
    on conflict (profile_id, address) do nothing`;
  const [row] = await db<SuppressionRow[]>`select * from suppressions where profile_id = ${input.profileId} and address = ${address}`;
  return suppressionView(row!);
}

/** Takes an address off the profile's list; true when it was on it. */
export async function removeSuppression(db: Db, profileId: string, address: string): Promise<boolean> {
  const rows = await db`delete from suppressions where profile_id = ${profileId} and address = ${suppressionAddress(address)} returning address`;
  return rows.length > 0;
}

/** A page of the profile's list in address order, after the `after` address. */
export async function listSuppressions(db: Db, profileId: string, query: { after?: string | undefined; limit?: number | undefined }): Promise<Page<Suppression>> {
  const limit = query.limit ?? 50;
  const rows = await db<SuppressionRow[]>`
    select * from suppressions where profile_id = ${profileId}
      and ${query.after === undefined ? db`true` : db`address > ${suppressionAddress(query.after)}`}
    order by address limit ${limit + 1}`;
  return pageOf(rows, limit, suppressionView);
}

function suppressionView(row: SuppressionRow): Suppression {
  return { object: 'suppression', id: row.address, address: row.address, reason: row.reason, source: row.source, createdAt: new Date(Number(row.created_at_ms)).toISOString() };
}
