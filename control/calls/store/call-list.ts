/**
 * GET /v1/calls: the caller's calls (its company and mode; its profile for a profile key), newest first,
 * filtered and paged from the read model. A running call's priceOre is what it has cost so far: the started
 * minutes since the answer at its own rate, within what its reservation holds (the final price replaces it
 * when the call ends).
 */
import type { Call } from '../../../protocol/calls/call.js';
import type { CallListQuery } from '../../../protocol/calls/call-list.js';
import type { CallReply, Charge } from '../../../protocol/calls/call-actor.js';
import { pageOf, type Page } from '../../../shared/db/page.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { parseInstant } from '../../../shared/clock/instant.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import type { Db } from '../../../shared/db/database.js';
import { ownProfileRows } from '../../accounts/profile-scope.js';

interface ListRow {
  id: string;
  created_at_ms: number;
  body: Call;
  charge: Charge | null;
  metadata_after_end: Call['metadata'] | null;
}

/** A page of the caller's calls; `sign` adds participants' connections as a single read does. */
export async function listCalls(db: Db, caller: KeyPrincipal, query: CallListQuery, now: number, sign: (call: CallReply) => Promise<Call>): Promise<Page<Call>> {
  const limit = query.limit ?? 20;
  let cursor: { id: string; created_at_ms: number } | null = null;
  if (query.after !== undefined) {
    const [row] = await db<{ id: string; created_at_ms: number }[]>`
      select id, created_at_ms from calls where id = ${query.after} and company_id = ${caller.companyId} and mode = ${caller.mode}
        and ${ownProfileRows(db, caller)}`;
    if (!row) throw new SentralError('invalid_request', { message: 'The cursor names no call this key can see.', param: 'after' });
    cursor = row;
  }
  const createdFrom = query.createdFrom === undefined ? null : parseInstant(query.createdFrom, 'createdFrom');
  const createdTo = query.createdTo === undefined ? null : parseInstant(query.createdTo, 'createdTo');
  const rows = await db<ListRow[]>`
    select c.id, c.created_at_ms, v.body, c.launch->'charge' as charge, c.metadata_after_end
    from calls c join call_views v on v.call_id = c.id
    where c.company_id = ${caller.companyId} and c.mode = ${caller.mode}
      and ${ownProfileRows(db, caller, db`c.profile_id`)}
      and ${query.profileId === undefined ? db`true` : db`c.profile_id = ${query.profileId.toLowerCase()}::uuid`}
      and ${query.state === undefined ? db`true` : db`v.body->>'state' = ${query.state}`}
      and ${query.direction === undefined ? db`true` : db`v.body->>'direction' = ${query.direction}`}
      and ${query.from === undefined ? db`true` : db`v.body->>'from' = ${query.from}`}
      and ${query.to === undefined ? db`true` : db`v.body->>'to' = ${query.to}`}
      and ${query.externalRef === undefined ? db`true` : db`v.body->>'externalRef' = ${query.externalRef}`}
      and ${createdFrom === null ? db`true` : db`c.created_at_ms >= ${createdFrom}`}
      and ${createdTo === null ? db`true` : db`c.created_at_ms < ${createdTo}`}
      and ${cursor === null ? db`true` : db`(c.created_at_ms, c.id) < (${cursor.created_at_ms}, ${cursor.id})`}
    order by c.created_at_ms desc, c.id desc
    limit ${limit + 1}`;
  const page = pageOf(rows, limit, (row) => row);
  const data = await Promise.all(page.data.map((row) => {
    const body = { ...row.body, ...(row.metadata_after_end ? { metadata: row.metadata_after_end } : {}) };
    return sign({ ...body, priceOre: body.priceOre ?? priceSoFar(body, row.charge, now) } as unknown as CallReply);
  }));
  return { ...page, data };
}

/** Started minutes since the answer at the call's own rate, within its reservation (0 before the answer). */
export function priceSoFar(call: Pick<Call, 'answeredAt' | 'endedAt'>, charge: Charge | null, now: number): number {
  if (call.answeredAt === null || charge === null) return 0;
  const end = call.endedAt === null ? now : Date.parse(call.endedAt);
  const minutes = Math.max(1, Math.ceil((end - Date.parse(call.answeredAt)) / 60_000));
  return Math.min(minutes * charge.rateOre, charge.reservedOre);
}
