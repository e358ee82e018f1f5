import type { Db } from '../../shared/db/database.js';
import { cursorSeq, pageOf, type Page } from '../../shared/db/page.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import type { ChannelName, MessageRow } from './message-row.js';
import { ownProfileRows } from '../accounts/profile-scope.js';

// Reading messages as their caller may see them.

/** Filters of a message list (GET /v1/sms and the like). */
export interface MessageFilters {
  profileId?: string | undefined;
  direction?: 'outbound' | 'inbound' | undefined;
  state?: string | undefined;
  to?: string | undefined;
  createdAfterMs?: number | undefined;
  createdBeforeMs?: number | undefined;
  /** Cursor: the id of the last message of the previous page. */
  before?: string | undefined;
  limit?: number | undefined;
}

/** A list request's query (GET /v1/sms and the like: the fields a channel's list query has) as the store's filters. */
export function listFilters(query: Record<string, unknown>): MessageFilters {
  const q = query as { profileId?: string; direction?: 'outbound' | 'inbound'; state?: string; to?: string; createdAfter?: string; createdBefore?: string; before?: string; limit?: number };
  return {
    profileId: q.profileId,
    direction: q.direction,
    state: q.state,
    to: q.to,
    createdAfterMs: q.createdAfter === undefined ? undefined : Date.parse(q.createdAfter),
    createdBeforeMs: q.createdBefore === undefined ? undefined : Date.parse(q.createdBefore),
    before: q.before,
    limit: q.limit,
  };
}

/** One message of a channel the caller can see (its company and mode; its profile's only, for a profile key), or not_found. */
export async function getMessage(db: Db, caller: KeyPrincipal, channel: ChannelName, id: string): Promise<MessageRow> {
  const [row] = await db<MessageRow[]>`
    select * from messages where id = ${id} and channel = ${channel} and company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}`;
  if (!row) throw new SentralError('not_found', { message: 'No such message.' });
  return row;
}

/** The messages of a channel the caller can see, newest first, before the cursor. */
export async function listMessages<T extends { id: string }>(
  db: Db,
  caller: KeyPrincipal,
  channel: ChannelName,
  filters: MessageFilters,
  view: (row: MessageRow) => T,
): Promise<Page<T>> {
  const limit = filters.limit ?? 50;
  const beforeSeq = filters.before === undefined ? null : await cursorSeq(db<{ seq: number }[]>`
    select seq from messages where id = ${filters.before} and channel = ${channel} and company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}`, 'message', 'before');
  const rows = await db<MessageRow[]>`
    select * from messages
    where company_id = ${caller.companyId} and mode = ${caller.mode} and channel = ${channel} and ${ownProfileRows(db, caller)}
      and ${filters.profileId === undefined ? db`true` : db`profile_id = ${filters.profileId}::uuid`}
      and ${filters.direction === undefined ? db`true` : db`direction = ${filters.direction}`}
      and ${filters.state === undefined ? db`true` : db`state = ${filters.state}`}
      and ${filters.to === undefined ? db`true` : db`to_address = ${filters.to}`}
      and ${filters.createdAfterMs === undefined ? db`true` : db`created_at_ms >= ${filters.createdAfterMs}`}
      and ${filters.createdBeforeMs === undefined ? db`true` : db`created_at_ms < ${filters.createdBeforeMs}`}
      and ${beforeSeq === null ? db`true` : db`seq < ${beforeSeq}`}
    order by seq desc limit ${limit + 1}`;
  return pageOf(rows, limit, view);
}
