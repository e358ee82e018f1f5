import type { Clock } from '../../../shared/clock/clock.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { newId } from '../../../shared/ids/ids.js';
import { cursorSeq, pageOf } from '../../../shared/db/page.js';
import type { Contact, ContactCreate, ContactDeleted, ContactPage, ContactPageQuery, ContactUpdate } from '../../../protocol/messaging/contact.js';
import type { Metadata } from '../../../protocol/api/common.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import type { Db } from '../../../shared/db/database.js';
import { ownerProfile, visibleTo } from '../../accounts/profile-scope.js';
import { maskedNationalId, normalEmail, normalNationalId, normalPhone } from './contact-fields.js';

/** A contact's fields, checked and normalised, as stored. */
export interface ContactFields {
  name: string | null;
  phone: string | null;
  email: string | null;
  national_id: string | null;
  attributes: Metadata;
  external_ref: string | null;
}

/** A contact as stored. */
export interface ContactRow extends ContactFields {
  id: string;
  seq: number;
  company_id: string;
  profile_id: string;
  mode: 'live' | 'test';
  created_at_ms: number;
  updated_at_ms: number;
  /** Whether its phone or email is on the profile's suppression list (read with the row: suppressedColumn). */
  suppressed?: boolean;
}

/** The `suppressed` column of a contact row (table alias `t`): its phone or email on the profile's suppression list. */
export function suppressedColumn(db: Db, t = 'contacts') {
  const c = db(t);
  return db`exists (select 1 from suppressions s where s.profile_id = ${c}.profile_id and s.address in (${c}.phone, ${c}.email)) as suppressed`;
}

/** The fields of a new contact checked and normalised (phone E.164, email lower-cased, national id's check digits). */
export function contactFields(input: Omit<ContactCreate, 'profileId'>): ContactFields {
  const fields: ContactFields = {
    name: input.name ?? null,
    phone: input.phone === undefined ? null : normalPhone(input.phone),
    email: input.email === undefined ? null : normalEmail(input.email),
    national_id: input.nationalId === undefined ? null : normalNationalId(input.nationalId),
    attributes: input.attributes ?? {},
    external_ref: input.externalRef ?? null,
  };
  assertReachable(fields);
  return fields;
}

function assertReachable(f: ContactFields): void {
  if (f.phone === null && f.email === null && f.national_id === null) throw new SentralError('contact_address_missing');
}

/** Creates a contact of the caller's profile (a company key names it). */
export async function createContact(db: Db, clock: Clock, caller: KeyPrincipal, input: ContactCreate): Promise<Contact> {
  const profileId = await ownerProfile(db, caller, input.profileId);
  const f = contactFields(input);
  const now = clock.now();
  const [row] = await db<ContactRow[]>`
    insert into contacts (id, company_id, profile_id, mode, name, phone, email, national_id, attributes, external_ref, created_at_ms, updated_at_ms)
    values (${newId('cnt', clock)}, ${caller.companyId}, ${profileId}, ${caller.mode}, ${f.name}, ${f.phone}, ${f.email}, ${f.national_id},
            ${db.json(f.attributes)}, ${f.external_ref}, ${now}, ${now})
    on conflict (profile_id, mode, external_ref) where external_ref is not null do nothing
    returning *, ${suppressedColumn(db)}`;
  if (!row) throw externalRefTaken();
  return contactView(row);
}

/** One contact row the caller can see, or not_found. */
export async function findContact(db: Db, caller: KeyPrincipal, id: string): Promise<ContactRow> {
  const [row] = await db<ContactRow[]>`select *, ${suppressedColumn(db)} from contacts where id = ${id} and ${visibleTo(db, caller, 'contacts')}`;
  if (!row) throw new SentralError('not_found', { message: 'No such contact.' });
  return row;
}

/** The caller's contacts, oldest first, after the `after` cursor (a company key sees every profile's, or one's with profileId). */
export async function listContacts(db: Db, caller: KeyPrincipal, query: ContactPageQuery): Promise<ContactPage> {
  const limit = query.limit ?? 100;
  const visible = visibleTo(db, caller, 'contacts', query.profileId);
  const afterSeq = query.after === undefined ? 0 : await cursorSeq(db<{ seq: number }[]>`select seq from contacts where id = ${query.after} and ${visible}`, 'contact', 'after');
  const rows = await db<ContactRow[]>`
    select *, ${suppressedColumn(db)} from contacts where ${visible} and seq > ${afterSeq}
      and ${query.externalRef === undefined ? db`true` : db`external_ref = ${query.externalRef}`}
    order by seq limit ${limit + 1}`;
  return pageOf(rows, limit, contactView);
}

/** Changes a contact: given fields replace the stored ones (null clears), checked like a new contact's. */
export async function updateContact(db: Db, clock: Clock, caller: KeyPrincipal, id: string, patch: ContactUpdate): Promise<Contact> {
  const current = await findContact(db, caller, id);
  const pick = <T>(value: T | null | undefined, stored: T | null, normal: (v: T) => T): T | null =>
    value === undefined ? stored : value === null ? null : normal(value);
  const f: ContactFields = {
    name: patch.name === undefined ? current.name : patch.name,
    phone: pick(patch.phone, current.phone, (v) => normalPhone(v)),
    email: pick(patch.email, current.email, (v) => normalEmail(v)),
    national_id: pick(patch.nationalId, current.national_id, (v) => normalNationalId(v)),
    attributes: patch.attributes ?? current.attributes,
    external_ref: patch.externalRef === undefined ? current.external_ref : patch.externalRef,
  };
  assertReachable(f);
  try {
    const [row] = await db<ContactRow[]>`
      update contacts set name = ${f.name}, phone = ${f.phone}, email = ${f.email}, national_id = ${f.national_id},
        attributes = ${db.json(f.attributes)}, external_ref = ${f.external_ref}, updated_at_ms = ${clock.now()}
      where id = ${id} returning *, ${suppressedColumn(db)}`;
    return contactView(row!);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw externalRefTaken();
    throw err;
  }
}

/** Deletes a contact (and its list memberships); messages already sent to it keep their address. */
export async function deleteContact(db: Db, caller: KeyPrincipal, id: string): Promise<ContactDeleted> {
  const [row] = await db<{ id: string }[]>`delete from contacts where id = ${id} and ${visibleTo(db, caller, 'contacts')} returning id`;
  if (!row) throw new SentralError('not_found', { message: 'No such contact.' });
  return { id: row.id, object: 'contact', deleted: true };
}

function externalRefTaken(): SentralError {
  return new SentralError('contact_external_ref_taken', { param: 'externalRef' });
}

/** A contact as the API shows it (the national id masked). */
export function contactView(row: ContactRow): Contact {
  return {
    id: row.id,
    object: 'contact',
    profileId: row.profile_id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    nationalId: maskedNationalId(row.national_id),
    suppressed: row.suppressed ?? false,
    attributes: row.attributes,
    externalRef: row.external_ref,
    mode: row.mode,
    createdAt: new Date(Number(row.created_at_ms)).toISOString(),
    updatedAt: new Date(Number(row.updated_at_ms)).toISOString(),
  };
}
