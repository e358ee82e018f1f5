import { Type, type Static } from 'typebox';
import { CreatedRange, ListPage, Metadata, Mode, PageCursor, PageLimit, Timestamp, Uuid, WouldCostOre } from '../api/common.js';
import { statusEventFields } from './status-event.js';

/** Largest request body of POST /v1/letters: a 10 MB PDF in base64. */
export const LETTER_BODY_LIMIT_BYTES = 15 * 1024 * 1024;

/** A postal address for print: lines, postal code, city, country (ISO 3166-1 alpha-2, NO by default). */
export const PostalAddress = Type.Object(
  {
    lines: Type.Array(Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\r\\n]*$' }), { minItems: 1, maxItems: 3 }),
    postalCode: Type.String({ minLength: 2, maxLength: 10, pattern: '^[A-Za-z0-9 -]+$' }),
    city: Type.String({ minLength: 1, maxLength: 60, pattern: '^[^\\r\\n]*$' }),
    country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
  },
  { additionalProperties: false },
);
/** A postal address. */
export type PostalAddress = Static<typeof PostalAddress>;

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\r\\n]*$' });

/** Who gets the letter: by national identity number, organisation number, or name and postal address (print only). */
export const LetterRecipient = Type.Union([
  Type.Object({ nationalId: Type.String({ minLength: 11, maxLength: 11, description: '11 digits; never shown whole again' }), name: Type.Optional(Name), address: Type.Optional(PostalAddress) }, { additionalProperties: false }),
  Type.Object({ organisationNumber: Type.String({ minLength: 9, maxLength: 11 }), name: Type.Optional(Name), address: Type.Optional(PostalAddress) }, { additionalProperties: false }),
  Type.Object({ name: Name, address: PostalAddress }, { additionalProperties: false }),
]);
/** A letter's recipient. */
export type LetterRecipient = Static<typeof LetterRecipient>;

/** The letter itself: a PDF, a text rendered to PDF, or a letter template rendered with data. */
export const LetterDocument = Type.Union([
  Type.Object({ pdf: Type.String({ minLength: 8, maxLength: 14_000_000, pattern: '^[A-Za-z0-9+/]*={0,2}$', description: 'base64 of a PDF: at most 10 MB and 50 pages' }) }, { additionalProperties: false }),
  Type.Object({ text: Type.String({ minLength: 1, maxLength: 100_000 }) }, { additionalProperties: false }),
  Type.Object({ templateId: Type.String({ pattern: '^tpl_[0-9a-z]+$' }), data: Type.Optional(Metadata) }, { additionalProperties: false }),
]);

/** POST /v1/letters. */
export const LetterCreate = Type.Object(
  {
    profileId: Uuid,
    recipient: LetterRecipient,
    subject: Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\r\\n]*$' }),
    document: LetterDocument,
    printFallback: Type.Optional(Type.Boolean({ description: 'Print and post it when the recipient has no digital mailbox (needs the recipient\'s name and address)' })),
    sensitivity: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('sensitive')], { description: 'sensitive: the mailbox shows no subject before the recipient logs in' })),
    externalRef: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false, title: 'LetterCreate' },
);
/** POST /v1/letters. */
export type LetterCreate = Static<typeof LetterCreate>;

/** The states of a letter (docs/letters.md). */
export const LetterState = Type.Union([
  Type.Literal('accepted'), Type.Literal('sending'), Type.Literal('delivered'), Type.Literal('read'), Type.Literal('delivered_to_print'),
  Type.Literal('failed'), Type.Literal('scheduled'), Type.Literal('canceled'),
]);
/** A state of a letter. */
export type LetterState = Static<typeof LetterState>;

/** A letter as the API shows it (a national identity number only as its first six digits). */
export const Letter = Type.Object(
  {
    object: Type.Literal('letter'),
    id: Type.String(),
    state: LetterState,
    profileId: Uuid,
    mode: Mode,
    recipient: Type.Object({
      nationalId: Type.Optional(Type.String({ description: 'The birth date and *****' })),
      organisationNumber: Type.Optional(Type.String()),
      name: Type.Optional(Type.String()),
      address: Type.Optional(PostalAddress),
    }),
    subject: Type.String(),
    pages: Type.Integer({ minimum: 1 }),
    printFallback: Type.Boolean(),
    sensitivity: Type.Union([Type.Literal('normal'), Type.Literal('sensitive')]),
    /** What was drawn (0 in test mode and for a letter that ended unsent). */
    priceOre: Type.Integer({ minimum: 0 }),
    wouldCostOre: WouldCostOre,
    errorCode: Type.Union([Type.String(), Type.Null()]),
    errorDesc: Type.Union([Type.String(), Type.Null()]),
    externalRef: Type.Union([Type.String(), Type.Null()]),
    metadata: Type.Union([Metadata, Type.Null()]),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Letter' },
);
/** A letter. */
export type Letter = Static<typeof Letter>;

/** GET /v1/letters filters and cursor. */
export const LetterListQuery = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    state: Type.Optional(LetterState),
    ...CreatedRange,
    before: Type.Optional(PageCursor('ltr')),
    limit: Type.Optional(PageLimit(200)),
  },
  { additionalProperties: false },
);
/** GET /v1/letters query. */
export type LetterListQuery = Static<typeof LetterListQuery>;

/** A page of letters, newest first. */
export const LetterList = ListPage(Letter);

/** Data of `letter.status` (`to`: the recipient as the API shows it, a national id masked). */
export const LetterStatusData = Type.Object({ ...statusEventFields, to: Type.String(), state: LetterState }, { title: 'LetterStatusData' });
/** Data of `letter.status`. */
export type LetterStatusData = Static<typeof LetterStatusData>;

/** POST /admin/v1/sim/mailboxes: registers a recipient in the simulated mailbox service. */
export const SimMailboxCreate = Type.Union([
  Type.Object({ nationalId: Type.String({ minLength: 11, maxLength: 11 }) }, { additionalProperties: false }),
  Type.Object({ organisationNumber: Type.String({ minLength: 9, maxLength: 11 }) }, { additionalProperties: false }),
], { title: 'SimMailboxCreate' });

/** A recipient registered in the simulated mailbox service. */
export const SimMailbox = Type.Object({ object: Type.Literal('sim_mailbox'), recipient: Type.String(), createdAt: Timestamp }, { title: 'SimMailbox' });

/** One letter the simulated mailbox service received, with its PDF. */
export const SimMailboxLetter = Type.Object({
  messageId: Type.String(),
  subject: Type.String(),
  channel: Type.Union([Type.Literal('digital'), Type.Literal('print')]),
  deliveredAt: Timestamp,
  readAt: Type.Union([Timestamp, Type.Null()]),
  pdf: Type.String({ description: 'base64' }),
});

/** What a recipient's simulated mailbox holds, newest first. */
export const SimMailboxLetterList = Type.Object({ object: Type.Literal('list'), data: Type.Array(SimMailboxLetter) }, { title: 'SimMailboxLetterList' });
