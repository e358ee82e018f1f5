import { Type, type Static } from 'typebox';
import { CreatedRange, ListPage, Metadata, Mode, PageCursor, PageLimit, Timestamp, Uuid, WouldCostOre } from '../api/common.js';
import { statusEventFields } from './status-event.js';

/** Most recipients (to, cc and bcc together) of one email. */
export const EMAIL_MAX_RECIPIENTS = 50;
/** Most attachment bytes (decoded) of one email: 10 MB. */
export const EMAIL_ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;
/** Largest request body of POST /v1/email: 10 MB of attachments in base64 and the bodies. */
export const EMAIL_BODY_LIMIT_BYTES = 16 * 1024 * 1024;
/** Furthest ahead a send may be scheduled (7 days). */
export const EMAIL_SEND_AT_MAX_MS = 7 * 24 * 3_600_000;

// No CR or LF anywhere a header field is made from: a line break would start a header of the caller's.
const ONE_LINE = '^[^\\r\\n]*$';

/** One email address (no display name): local@domain, no spaces, brackets or line breaks. */
export const EmailAddress = Type.String({
  minLength: 3,
  maxLength: 254,
  pattern: '^[^\\s@<>()",;:\\\\\\[\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$',
  description: 'local@domain',
});

/** `from`: an address at a verified sender domain of the profile, optionally with a display name. */
export const EmailFrom = Type.String({
  minLength: 3,
  maxLength: 320,
  pattern: ONE_LINE,
  description: 'address@domain or "Display Name <address@domain>"; the domain must be a verified sender domain of the profile',
});

/** One attachment: base64 content, a file name and a content type. */
export const EmailAttachment = Type.Object(
  {
    filename: Type.String({ minLength: 1, maxLength: 255, pattern: '^[^\\r\\n/\\\\"]+$' }),
    contentType: Type.String({ minLength: 3, maxLength: 127, pattern: '^[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+$' }),
    content: Type.String({ minLength: 0, maxLength: Math.ceil(EMAIL_ATTACHMENTS_MAX_BYTES / 3) * 4 + 4, pattern: '^[A-Za-z0-9+/]*={0,2}$', description: 'base64' }),
  },
  { additionalProperties: false },
);

/** POST /v1/email. */
export const EmailCreate = Type.Object(
  {
    profileId: Uuid,
    from: EmailFrom,
    to: Type.Union([EmailAddress, Type.Array(EmailAddress, { minItems: 1, maxItems: EMAIL_MAX_RECIPIENTS })], { description: 'One address or up to 50' }),
    cc: Type.Optional(Type.Array(EmailAddress, { maxItems: EMAIL_MAX_RECIPIENTS })),
    bcc: Type.Optional(Type.Array(EmailAddress, { maxItems: EMAIL_MAX_RECIPIENTS })),
    replyTo: Type.Optional(EmailAddress),
    subject: Type.String({ minLength: 1, maxLength: 998, pattern: ONE_LINE }),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 1_000_000 })),
    html: Type.Optional(Type.String({ minLength: 1, maxLength: 2_000_000 })),
    attachments: Type.Optional(Type.Array(EmailAttachment, { maxItems: 20, description: 'At most 10 MB together (decoded)' })),
    headers: Type.Optional(
      Type.Record(Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' }), Type.String({ maxLength: 998, pattern: ONE_LINE }), {
        description: 'Extra header fields (X-… and the like); the ones sentral writes (From, To, Subject, Message-ID, DKIM-Signature…) are refused',
      }),
    ),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' }), { maxItems: 10 })),
    sendAt: Type.Optional(Type.String({ format: 'date-time', description: 'Send later (at most 7 days ahead); until then the email can be canceled' })),
    externalRef: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false, title: 'EmailCreate' },
);
/** POST /v1/email. */
export type EmailCreate = Static<typeof EmailCreate>;

/** Most messages in one POST /v1/email/batch. */
export const EMAIL_BATCH_MAX = 500;
/** Largest request body of POST /v1/email/batch: 50 MB, attachments (in base64) included. */
export const EMAIL_BATCH_BODY_LIMIT_BYTES = 50 * 1024 * 1024;

/** POST /v1/email/batch: up to 500 emails, each exactly as POST /v1/email's body. */
export const EmailBatchCreate = Type.Object(
  {
    messages: Type.Array(EmailCreate, { minItems: 1, maxItems: EMAIL_BATCH_MAX, description: 'Up to 500 emails, each as the body of POST /v1/email; 50 MB at most together' }),
  },
  { additionalProperties: false, title: 'EmailBatchCreate' },
);
/** POST /v1/email/batch. */
export type EmailBatchCreate = Static<typeof EmailBatchCreate>;

/** The states of an email (docs/email.md). */
export const EmailState = Type.Union([
  Type.Literal('scheduled'), Type.Literal('accepted'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('delivered'),
  Type.Literal('bounced'), Type.Literal('failed'), Type.Literal('canceled'),
]);
/** A state of an email. */
export type EmailState = Static<typeof EmailState>;

/**
 * The DKIM signature an email went out with. sentral signs every email it hands over with its sender
 * domain's key; whether a receiving server found the signature valid is not reported back to it.
 */
export const EmailDkim = Type.Object(
  {
    domain: Type.String({ description: 'The signing domain (d=)' }),
    selector: Type.String({ description: 'The key\'s selector (s=): the public key is the TXT record <selector>._domainkey.<domain>' }),
    signedAt: Timestamp,
  },
  { title: 'EmailDkim' },
);

/** An email as the API shows it (bodies and attachments are not shown again). */
export const Email = Type.Object(
  {
    object: Type.Literal('email'),
    id: Type.String(),
    state: EmailState,
    profileId: Uuid,
    mode: Mode,
    from: Type.String(),
    to: Type.Array(Type.String()),
    cc: Type.Array(Type.String()),
    /** How many bcc recipients it has (their addresses are not shown). */
    bccCount: Type.Integer({ minimum: 0 }),
    subject: Type.String(),
    attachments: Type.Array(Type.Object({ filename: Type.String(), contentType: Type.String(), sizeBytes: Type.Integer() })),
    tags: Type.Array(Type.String()),
    /** One price per recipient: what it costs (0 in test mode: nothing is drawn; wouldCostOre says what live would cost). */
    priceOre: Type.Integer({ minimum: 0 }),
    wouldCostOre: WouldCostOre,
    errorCode: Type.Union([Type.String(), Type.Null()], { description: 'Why it bounced or failed, a code of the error catalogue (email_bounced…); null unless it did' }),
    errorDesc: Type.Union([Type.String(), Type.Null()], {
      description: 'The bounce reason as the mail system gave it: the relay\'s SMTP reply when it refused the email at hand-off (`550 5.1.1 …`), or the delivery report\'s status and diagnostic; null unless it bounced or failed',
    }),
    externalRef: Type.Union([Type.String(), Type.Null()]),
    metadata: Type.Union([Metadata, Type.Null()]),
    createdAt: Timestamp,
    sendAt: Type.Union([Timestamp, Type.Null()]),
    updatedAt: Timestamp,
    dkim: Type.Union([EmailDkim, Type.Null()], { description: 'The DKIM signature sentral put on it when it handed it to the relay; null until then' }),
  },
  { title: 'Email' },
);
/** An email. */
export type Email = Static<typeof Email>;

/** The answer of POST /v1/email/batch: each email as POST /v1/email answers it, in the order of `messages`. */
export const EmailBatch = Type.Object(
  {
    object: Type.Literal('email_batch'),
    id: Type.String(),
    messages: Type.Array(Email),
    /** The sum of the messages' priceOre. */
    priceOre: Type.Integer({ minimum: 0 }),
    /** Test mode: the sum of the messages' wouldCostOre; null in live mode. */
    wouldCostOre: WouldCostOre,
  },
  { title: 'EmailBatch' },
);
/** A batch of email. */
export type EmailBatch = Static<typeof EmailBatch>;

/** GET /v1/email filters and cursor. */
export const EmailListQuery = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    state: Type.Optional(EmailState),
    to: Type.Optional(EmailAddress),
    ...CreatedRange,
    before: Type.Optional(PageCursor('eml')),
    limit: Type.Optional(PageLimit(200)),
  },
  { additionalProperties: false },
);
/** GET /v1/email query. */
export type EmailListQuery = Static<typeof EmailListQuery>;

/** A page of email, newest first. */
export const EmailList = ListPage(Email);
/** A page of email. */
export type EmailList = Static<typeof EmailList>;

/** Data of `email.status`. */
export const EmailStatusData = Type.Object({ ...statusEventFields, to: Type.Array(Type.String()), state: EmailState }, { title: 'EmailStatusData' });
/** Data of `email.status`. */
export type EmailStatusData = Static<typeof EmailStatusData>;

/** One DNS record of a sender domain. */
export const DnsRecord = Type.Object({
  purpose: Type.Union([Type.Literal('dkim'), Type.Literal('spf'), Type.Literal('return_path')]),
  type: Type.Union([Type.Literal('TXT'), Type.Literal('CNAME')]),
  name: Type.String(),
  value: Type.String(),
  /** Whether the last verification found it (null before the first). */
  found: Type.Union([Type.Boolean(), Type.Null()]),
  /** What the lookup found instead, or its error. */
  detail: Type.Union([Type.String(), Type.Null()]),
});

/** A sender domain of a profile: its DKIM key's records and whether they were found. */
export const EmailDomain = Type.Object(
  {
    object: Type.Literal('email_domain'),
    id: Type.String(),
    profileId: Uuid,
    domain: Type.String(),
    state: Type.Union([Type.Literal('pending'), Type.Literal('verified')]),
    dkimSelector: Type.String(),
    records: Type.Array(DnsRecord),
    createdAt: Timestamp,
    verifiedAt: Type.Union([Timestamp, Type.Null()]),
    checkedAt: Type.Union([Timestamp, Type.Null()]),
  },
  { title: 'EmailDomain' },
);
/** A sender domain. */
export type EmailDomain = Static<typeof EmailDomain>;

/** POST /v1/profiles/:slug/email-domains. */
export const EmailDomainCreate = Type.Object(
  {
    domain: Type.String({
      minLength: 3,
      maxLength: 253,
      pattern: '^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$',
      description: 'The domain From addresses will use, e.g. shop.example.no',
    }),
  },
  { additionalProperties: false, title: 'EmailDomainCreate' },
);
/** POST /v1/profiles/:slug/email-domains. */
export type EmailDomainCreate = Static<typeof EmailDomainCreate>;

/** A profile's sender domains. */
export const EmailDomainList = Type.Object({ object: Type.Literal('list'), data: Type.Array(EmailDomain) }, { title: 'EmailDomainList' });
/** A profile's sender domains. */
export type EmailDomainList = Static<typeof EmailDomainList>;

/** One message the embedded sink kept (GET /admin/v1/email-sink). */
export const SinkMessage = Type.Object({
  id: Type.String(),
  receivedAt: Timestamp,
  mailFrom: Type.String(),
  rcptTo: Type.Array(Type.String()),
  messageIdHeader: Type.Union([Type.String(), Type.Null()]),
  subject: Type.Union([Type.String(), Type.Null()]),
  sizeBytes: Type.Integer(),
});

/** A page of the sink's messages, newest first. */
export const SinkMessageList = ListPage(SinkMessage);
