import type { Clock } from '../../../shared/clock/clock.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { newId } from '../../../shared/ids/ids.js';
import { cursorSeq, pageOf } from '../../../shared/db/page.js';
import type {
  ContactList,
  ContactListCreate,
  ContactListDeleted,
  ContactListPage,
  ContactListPageQuery,
  ContactListUpdate,
  ContactPage,
  MemberPageQuery,
  MembershipResult,
} from '../../../protocol/messaging/contact.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import type { Db } from '../../../shared/db/database.js';
import { ownerProfile, visibleTo } from '../../accounts/profile-scope.js';
import { contactView, suppressedColumn, type ContactRow } from './contacts.js';

/** A list as stored, with its member count. */
interface ListRow {
  id: string;
  seq: number;
  profile_id: string;
  mode: 'live' | 'test';
  name: string;
  description: string;
  member_count: number;
  created_at_ms: number;
  updated_at_ms: number;
}

/** Creates a list of the caller's profile. */
export async function createList(db: Db, clock: Clock, caller: KeyPrincipal, input: ContactListCreate): Promise<ContactList> {
  const profileId = await ownerProfile(db, caller, input.profileId);
  const now = clock.now();
  const [row] = await db<ListRow[]>`
    insert into contact_lists (id, company_id, profile_id, mode, name, description, created_at_ms, updated_at_ms)
    values (${newId('lst', clock)}, ${caller.companyId}, ${profileId}, ${caller.mode}, ${input.name}, ${input.description ?? ''}, ${now}, ${now})
    returning *, 0 as member_count`;
  return listView(row!);
}

/** The id and profile of a list the caller can see, or not_found (param names where the id came from). */
export async function findList(db: Db, caller: KeyPrincipal, id: string, param?: string): Promise<{ id: string; profile_id: string }> {
  const [row] = await db<{ id: string; profile_id: string }[]>`
    select id, profile_id from contact_lists where id = ${id} and ${visibleTo(db, caller, 'contact_lists')}`;
  if (!row) throw new SentralError('not_found', { message: 'No such contact list.', ...(param ? { param } : {}) });
  return row;
}

/** One list with its member count. */
export async function getList(db: Db, caller: KeyPrincipal, id: string): Promise<ContactList> {
  const [row] = await db<ListRow[]>`
    select l.*, (select count(*) from contact_list_members m where m.list_id = l.id)::int as member_count
    from contact_lists l where l.id = ${id} and ${visibleTo(db, caller, 'l')}`;
  if (!row) throw new SentralError('not_found', { message: 'No such contact list.' });
  return listView(row);
}

/** The caller's lists, oldest first. */
export async function listLists(db: Db, caller: KeyPrincipal, query: ContactListPageQuery): Promise<ContactListPage> {
  const limit = query.limit ?? 50;
  const visible = visibleTo(db, caller, 'l', query.profileId);
  const afterSeq = query.after === undefined ? 0 : await cursorSeq(db<{ seq: number }[]>`select seq from contact_lists l where l.id = ${query.after} and ${visible}`, 'contact list', 'after');
  const rows = await db<ListRow[]>`
    select l.*, (select count(*) from contact_list_members m where m.list_id = l.id)::int as member_count
    from contact_lists l where ${visible} and l.seq > ${afterSeq} order by l.seq limit ${limit + 1}`;
  return pageOf(rows, limit, listView);
}

/** Renames or re-describes a list. */
export async function updateList(db: Db, clock: Clock, caller: KeyPrincipal, id: string, patch: ContactListUpdate): Promise<ContactList> {
  await findList(db, caller, id);
  await db`
    update contact_lists set name = coalesce(${patch.name ?? null}, name), description = coalesce(${patch.description ?? null}, description),
      updated_at_ms = ${clock.now()}
    where id = ${id}`;
  return getList(db, caller, id);
}

/** Deletes a list; its contacts stay. */
export async function deleteList(db: Db, caller: KeyPrincipal, id: string): Promise<ContactListDeleted> {
  await findList(db, caller, id);
  await db`delete from contact_lists where id = ${id}`;
  return { id, object: 'contact_list', deleted: true };
}

/**
 * Adds contacts to a list in one statement. Every id must name a contact of the list's profile (else
 * not_found naming the first that does not, and nothing is added); contacts already in the list count as
 * unchanged.
 */
export async function addMembers(db: Db, clock: Clock, caller: KeyPrincipal, listId: string, contactIds: readonly string[]): Promise<MembershipResult> {
  const list = await findList(db, caller, listId);
  const ids = [...new Set(contactIds)];
  const found = await db<{ id: string }[]>`
    select id from contacts where id = any(${db.array(ids)}) and profile_id = ${list.profile_id}::uuid and mode = ${caller.mode}`;
  if (found.length !== ids.length) {
    const known = new Set(found.map((r) => r.id));
    const missing = ids.findIndex((id) => !known.has(id));
    throw new SentralError('not_found', { message: `No such contact in the list's profile: ${ids[missing]}.`, param: `contactIds.${contactIds.indexOf(ids[missing]!)}` });
  }
  const added = await db`
    insert into contact_list_members (list_id, contact_id, added_at_ms)
    select ${listId}, unnest(${db.array(ids)}::text[]), ${clock.now()}
    on conflict do nothing`;
  return membership(db, listId, added.count);
}

/** Removes contacts from a list; ids not in it are ignored. */
export async function removeMembers(db: Db, caller: KeyPrincipal, listId: string, contactIds: readonly string[]): Promise<MembershipResult> {
  await findList(db, caller, listId);
  const removed = await db`delete from contact_list_members where list_id = ${listId} and contact_id = any(${db.array([...contactIds])})`;
  return membership(db, listId, removed.count);
}

/** A list's contacts, oldest contact first, after the `after` cursor. */
export async function listMembers(db: Db, caller: KeyPrincipal, listId: string, query: MemberPageQuery): Promise<ContactPage> {
  await findList(db, caller, listId);
  const limit = query.limit ?? 100;
  let afterSeq = 0;
  if (query.after !== undefined) {
    const [cursor] = await db<{ seq: number }[]>`
      select c.seq from contacts c join contact_list_members m on m.contact_id = c.id where m.list_id = ${listId} and c.id = ${query.after}`;
    if (!cursor) throw new SentralError('invalid_request', { message: 'The cursor names no contact of this list.', param: 'after' });
    afterSeq = cursor.seq;
  }
  const rows = await db<ContactRow[]>`
    select c.*, ${suppressedColumn(db, 'c')} from contacts c join contact_list_members m on m.contact_id = c.id
    where m.list_id = ${listId} and c.seq > ${afterSeq} order by c.seq limit ${limit + 1}`;
  return pageOf(rows, limit, contactView);
}

async function membership(db: Db, listId: string, changed: number): Promise<MembershipResult> {
  const [n] = await db<{ count: number }[]>`select count(*)::int as count from contact_list_members where list_id = ${listId}`;
  return { object: 'contact_list_membership', listId, changed, memberCount: n!.count };
}

function listView(row: ListRow): ContactList {
  return {
    id: row.id,
    object: 'contact_list',
    profileId: row.profile_id,
    name: row.name,
    description: row.description,
    memberCount: row.member_count,
    mode: row.mode,
    createdAt: new Date(row.created_at_ms).toISOString(),
    updatedAt: new Date(row.updated_at_ms).toISOString(),
  };
}
