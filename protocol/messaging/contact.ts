import { Type, type Static } from 'typebox';
import { ListPage, Metadata, Mode, Nullable, PageCursor, PageLimit, Timestamp, Uuid } from '../api/common.js';

/** Most rows one CSV import takes (the header not counted). */
export const CONTACT_IMPORT_MAX_ROWS = 100_000;
/** Largest CSV import body in bytes. */
export const CONTACT_IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Longest CSV record in characters; a longer one is refused and the import goes on with the next. */
export const CONTACT_IMPORT_MAX_ROW_CHARS = 64 * 1024;
/** Most refused rows an import report lists one by one (all are counted). */
export const CONTACT_IMPORT_MAX_LISTED = 10_000;
/** Content types of a CSV import body. */
export const CONTACT_IMPORT_CONTENT_TYPES = ['text/csv', 'application/csv'] as const;

const Name = Type.String({ minLength: 1, maxLength: 200 });
const ExternalRef = Type.String({ minLength: 1, maxLength: 200, description: 'Your own id of the contact: unique within the profile' });
const PhoneInput = Type.String({ minLength: 1, maxLength: 40, description: 'E.164 (+4741234567), or a Norwegian number written nationally' });
const EmailInput = Type.String({ minLength: 3, maxLength: 254 });
const NationalIdInput = Type.String({ minLength: 11, maxLength: 11, pattern: '^[0-9]{11}$', description: 'Norwegian national identity number (11 digits)' });

/** POST /v1/contacts: at least one of phone, email and nationalId. */
export const ContactCreate = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    name: Type.Optional(Name),
    phone: Type.Optional(PhoneInput),
    email: Type.Optional(EmailInput),
    nationalId: Type.Optional(NationalIdInput),
    attributes: Type.Optional(Metadata),
    externalRef: Type.Optional(ExternalRef),
  },
  { additionalProperties: false, title: 'ContactCreate' },
);
/** POST /v1/contacts body. */
export type ContactCreate = Static<typeof ContactCreate>;

/** PATCH /v1/contacts/:id: null clears a field; attributes replace the stored ones. */
export const ContactUpdate = Type.Object(
  {
    name: Type.Optional(Nullable(Name)),
    phone: Type.Optional(Nullable(PhoneInput)),
    email: Type.Optional(Nullable(EmailInput)),
    nationalId: Type.Optional(Nullable(NationalIdInput)),
    attributes: Type.Optional(Metadata),
    externalRef: Type.Optional(Nullable(ExternalRef)),
  },
  { additionalProperties: false, title: 'ContactUpdate' },
);
/** PATCH /v1/contacts/:id body. */
export type ContactUpdate = Static<typeof ContactUpdate>;

/** A contact of a profile. */
export const Contact = Type.Object(
  {
    id: Type.String({ description: 'cnt_…' }),
    object: Type.Literal('contact'),
    profileId: Uuid,
    name: Nullable(Type.String()),
    phone: Nullable(Type.String({ description: 'E.164' })),
    email: Nullable(Type.String()),
    nationalId: Nullable(Type.String({ description: 'Masked: the birth date (6 digits) then *****' })),
    suppressed: Type.Boolean({ description: "Its phone or email is on the profile's suppression list (opted out, bounced): campaigns skip it" }),
    attributes: Metadata,
    externalRef: Nullable(Type.String()),
    mode: Mode,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Contact' },
);
/** A contact. */
export type Contact = Static<typeof Contact>;

/** GET /v1/contacts: oldest first, after a cursor. */
export const ContactPageQuery = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    after: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^cnt_[0-9a-z]+$', description: 'Contacts created after this contact id' })),
    limit: Type.Optional(PageLimit(500, 100)),
    externalRef: Type.Optional(ExternalRef),
  },
  { additionalProperties: false },
);
/** Query of GET /v1/contacts. */
export type ContactPageQuery = Static<typeof ContactPageQuery>;

/** A page of contacts; pass nextCursor as `after` to continue. */
export const ContactPage = Type.Object(
  {
    object: Type.Literal('list'),
    data: Type.Array(Contact),
    hasMore: Type.Boolean(),
    nextCursor: Nullable(Type.String()),
  },
  { title: 'ContactPage' },
);
/** A page of contacts. */
export type ContactPage = Static<typeof ContactPage>;

/** DELETE /v1/contacts/:id. */
export const ContactDeleted = Type.Object({ id: Type.String(), object: Type.Literal('contact'), deleted: Type.Literal(true) }, { title: 'ContactDeleted' });
/** A deleted contact. */
export type ContactDeleted = Static<typeof ContactDeleted>;

/** Query of POST /v1/contacts/imports (the body is the CSV file itself). */
export const ContactImportQuery = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    listId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^lst_[0-9a-z]+$', description: 'Add every imported contact to this list' })),
  },
  { additionalProperties: false },
);
/** Query of a CSV import. */
export type ContactImportQuery = Static<typeof ContactImportQuery>;

/** One row an import refused: its number in the file (the header is row 1), a catalogued code and why. */
export const RefusedRow = Type.Object({
  row: Type.Integer({ minimum: 1 }),
  code: Type.String(),
  message: Type.String(),
});
/** A refused row. */
export type RefusedRow = Static<typeof RefusedRow>;

/** What an import did: rows read, contacts created and updated (same externalRef), rows refused and why. */
export const ContactImportReport = Type.Object(
  {
    object: Type.Literal('contact_import'),
    profileId: Uuid,
    listId: Nullable(Type.String()),
    rows: Type.Integer({ minimum: 0 }),
    created: Type.Integer({ minimum: 0 }),
    updated: Type.Integer({ minimum: 0 }),
    refused: Type.Integer({ minimum: 0 }),
    refusedRows: Type.Array(RefusedRow, { description: `The first ${CONTACT_IMPORT_MAX_LISTED} refused rows` }),
  },
  { title: 'ContactImportReport' },
);
/** An import's report. */
export type ContactImportReport = Static<typeof ContactImportReport>;

/** POST /v1/contact-lists. */
export const ContactListCreate = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    name: Name,
    description: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false, title: 'ContactListCreate' },
);
/** POST /v1/contact-lists body. */
export type ContactListCreate = Static<typeof ContactListCreate>;

/** PATCH /v1/contact-lists/:id. */
export const ContactListUpdate = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Type.String({ maxLength: 1000 })) },
  { additionalProperties: false, title: 'ContactListUpdate' },
);
/** PATCH /v1/contact-lists/:id body. */
export type ContactListUpdate = Static<typeof ContactListUpdate>;

/** A list of contacts (a campaign's audience). */
export const ContactList = Type.Object(
  {
    id: Type.String({ description: 'lst_…' }),
    object: Type.Literal('contact_list'),
    profileId: Uuid,
    name: Type.String(),
    description: Type.String(),
    memberCount: Type.Integer({ minimum: 0 }),
    mode: Mode,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'ContactList' },
);
/** A contact list. */
export type ContactList = Static<typeof ContactList>;

/** GET /v1/contact-lists: oldest first, after a cursor. */
export const ContactListPageQuery = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    after: Type.Optional(PageCursor('lst')),
    limit: Type.Optional(PageLimit(100, 50)),
  },
  { additionalProperties: false },
);
/** Query of GET /v1/contact-lists. */
export type ContactListPageQuery = Static<typeof ContactListPageQuery>;

/** A page of contact lists. */
export const ContactListPage = ListPage(ContactList, 'ContactListPage');
/** A page of contact lists. */
export type ContactListPage = Static<typeof ContactListPage>;

/** GET /v1/contact-lists/:id/members: the list's contacts, oldest member first. */
export const MemberPageQuery = Type.Object(
  {
    after: Type.Optional(PageCursor('cnt')),
    limit: Type.Optional(PageLimit(500, 100)),
  },
  { additionalProperties: false },
);
/** Query of a list's members. */
export type MemberPageQuery = Static<typeof MemberPageQuery>;

/** POST /v1/contact-lists/:id/members and …/members/remove: contacts added or removed in bulk. */
export const MembershipChange = Type.Object(
  { contactIds: Type.Array(Type.String({ minLength: 1, maxLength: 64, pattern: '^cnt_[0-9a-z]+$' }), { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false, title: 'MembershipChange' },
);
/** A bulk membership change. */
export type MembershipChange = Static<typeof MembershipChange>;

/** What a bulk membership change did. */
export const MembershipResult = Type.Object(
  {
    object: Type.Literal('contact_list_membership'),
    listId: Type.String(),
    /** Contacts added (or removed) by this request; those already in (or not in) the list are not counted. */
    changed: Type.Integer({ minimum: 0 }),
    memberCount: Type.Integer({ minimum: 0 }),
  },
  { title: 'MembershipResult' },
);
/** A membership change's result. */
export type MembershipResult = Static<typeof MembershipResult>;

/** DELETE /v1/contact-lists/:id (the contacts stay). */
export const ContactListDeleted = Type.Object({ id: Type.String(), object: Type.Literal('contact_list'), deleted: Type.Literal(true) }, { title: 'ContactListDeleted' });
/** A deleted contact list. */
export type ContactListDeleted = Static<typeof ContactListDeleted>;
