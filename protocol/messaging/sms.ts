import { Type, type Static } from 'typebox';
import { CreatedRange, ListPage, Metadata, Mode, PageCursor, PageLimit, PhoneNumber, Timestamp, Uuid, WouldCostOre } from '../api/common.js';
import { statusEventFields } from './status-event.js';

/** Most units (parts) one SMS may have. */
export const SMS_MAX_UNITS = 10;
/** Longest text accepted before counting units (10 GSM-7 units of 153 is 1530 characters). */
export const SMS_TEXT_MAX = 1600;
/** Validity bounds in seconds, and the default (48 h, what Norwegian SMSCs use). */
export const SMS_VALIDITY_MIN_SECONDS = 60;
export const SMS_VALIDITY_MAX_SECONDS = 172_800;
/** Furthest ahead a send may be scheduled (7 days). */
export const SMS_SEND_AT_MAX_MS = 7 * 24 * 3_600_000;

/** An alphanumeric sender id: 1–11 letters, digits or spaces, at least one letter. */
export const AlphanumericSender = Type.String({
  minLength: 1,
  maxLength: 11,
  pattern: '^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$',
  description: '1–11 letters, digits or spaces with at least one letter; nobody can reply to it',
});

/** `from`: one of the profile's SMS numbers, or an alphanumeric sender id registered on the profile. */
export const SmsFrom = Type.Union([PhoneNumber, AlphanumericSender], { description: 'A number of the profile with SMS on (E.164) or a registered alphanumeric sender id' });

/** POST /v1/sms. */
export const SmsCreate = Type.Object(
  {
    profileId: Uuid,
    from: SmsFrom,
    to: PhoneNumber,
    text: Type.String({ minLength: 1, maxLength: SMS_TEXT_MAX, description: `At most ${SMS_MAX_UNITS} units` }),
    sendAt: Type.Optional(Type.String({ format: 'date-time', description: 'Send later (at most 7 days ahead); until then the message can be canceled' })),
    validitySeconds: Type.Optional(Type.Integer({ minimum: SMS_VALIDITY_MIN_SECONDS, maximum: SMS_VALIDITY_MAX_SECONDS, description: 'How long the network keeps trying (default 172800)' })),
    externalRef: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false, title: 'SmsCreate' },
);
/** POST /v1/sms. */
export type SmsCreate = Static<typeof SmsCreate>;

/** Most recipients of one POST /v1/sms/batches. */
export const SMS_BATCH_MAX = 1000;

/** A parameter's values by recipient (E.164), with an optional `default` for the others. */
// A Record's key schema only becomes a pattern of patternProperties; propertyNames refuses other keys.
export const SmsBatchParameter = Type.Record(Type.String(), Type.String({ maxLength: SMS_TEXT_MAX }), {
  propertyNames: { pattern: '^(\\+[1-9][0-9]{6,14}|default)$' },
  maxProperties: SMS_BATCH_MAX,
  description: 'Values by recipient number (E.164); `default` for recipients not named',
});

/** POST /v1/sms/batches: one text to many recipients, `${name}` in it filled per recipient from `parameters`. */
export const SmsBatchCreate = Type.Object(
  {
    profileId: Uuid,
    from: SmsFrom,
    to: Type.Array(PhoneNumber, { minItems: 1, maxItems: SMS_BATCH_MAX, description: `1–${SMS_BATCH_MAX} recipients, each at most once` }),
    text: Type.String({ minLength: 1, maxLength: SMS_TEXT_MAX, description: `\${name} is replaced by the recipient's value of parameters.name; at most ${SMS_MAX_UNITS} units per recipient` }),
    parameters: Type.Optional(Type.Record(Type.String(), SmsBatchParameter, {
      propertyNames: { pattern: '^[A-Za-z0-9_]{1,32}$' },
      maxProperties: 20,
      description: 'Per-recipient substitutions, as Sinch: {"name": {"+4791234567": "Kari", "default": "kunde"}}; at most 20 names of 1–32 letters, digits or _',
    })),
    sendAt: Type.Optional(Type.String({ format: 'date-time', description: 'Send later (at most 7 days ahead); until then each message can be canceled' })),
    validitySeconds: Type.Optional(Type.Integer({ minimum: SMS_VALIDITY_MIN_SECONDS, maximum: SMS_VALIDITY_MAX_SECONDS, description: 'How long the network keeps trying (default 172800)' })),
    externalRef: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Set on every message of the batch' })),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false, title: 'SmsBatchCreate' },
);
/** POST /v1/sms/batches. */
export type SmsBatchCreate = Static<typeof SmsBatchCreate>;

/** POST /v1/sms/quote: what a text costs; free, sends nothing. */
export const SmsQuoteRequest = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: SMS_TEXT_MAX }),
    profileId: Type.Optional(Uuid),
  },
  { additionalProperties: false, title: 'SmsQuoteRequest' },
);
/** POST /v1/sms/quote. */
export type SmsQuoteRequest = Static<typeof SmsQuoteRequest>;

/** gsm7 (GSM 03.38, æøå included) or ucs2 (any character outside it makes the whole message ucs2). */
export const SmsEncoding = Type.Union([Type.Literal('gsm7'), Type.Literal('ucs2')]);
/** An SMS encoding. */
export type SmsEncoding = Static<typeof SmsEncoding>;

/** The answer of POST /v1/sms/quote. */
export const SmsQuote = Type.Object(
  {
    object: Type.Literal('sms_quote'),
    encoding: SmsEncoding,
    units: Type.Integer({ minimum: 1 }),
    /** The characters that force UCS-2 (empty for gsm7). */
    nonGsmCharacters: Type.Array(Type.String()),
    priceOre: Type.Integer({ minimum: 0 }),
    maxUnits: Type.Integer(),
  },
  { title: 'SmsQuote' },
);
/** A quote. */
export type SmsQuote = Static<typeof SmsQuote>;

/** The states of an SMS (docs/sms.md); inbound messages are `received`. */
export const SmsState = Type.Union([
  Type.Literal('scheduled'), Type.Literal('accepted'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('delivered'),
  Type.Literal('undelivered'), Type.Literal('expired'), Type.Literal('rejected'), Type.Literal('failed'), Type.Literal('canceled'),
  Type.Literal('received'),
]);
/** A state of an SMS. */
export type SmsState = Static<typeof SmsState>;

/** An SMS as the API shows it. */
export const Sms = Type.Object(
  {
    object: Type.Literal('sms'),
    id: Type.String(),
    direction: Type.Union([Type.Literal('outbound'), Type.Literal('inbound')]),
    state: SmsState,
    profileId: Uuid,
    mode: Mode,
    from: Type.String(),
    to: Type.String(),
    text: Type.String(),
    encoding: SmsEncoding,
    units: Type.Integer({ minimum: 1 }),
    /** What it costs (0 in test mode: nothing is drawn; wouldCostOre says what live would cost). */
    priceOre: Type.Integer({ minimum: 0 }),
    wouldCostOre: WouldCostOre,
    /** Why it failed (a catalogued code); null otherwise. */
    errorCode: Type.Union([Type.String(), Type.Null()]),
    errorDesc: Type.Union([Type.String(), Type.Null()]),
    externalRef: Type.Union([Type.String(), Type.Null()]),
    metadata: Type.Union([Metadata, Type.Null()]),
    createdAt: Timestamp,
    sendAt: Type.Union([Timestamp, Type.Null()]),
    validUntil: Type.Union([Timestamp, Type.Null()]),
    updatedAt: Timestamp,
  },
  { title: 'Sms' },
);
/** An SMS. */
export type Sms = Static<typeof Sms>;

/** The answer of POST /v1/sms/batches: one message per recipient, in the order of `to`. */
export const SmsBatch = Type.Object(
  {
    object: Type.Literal('sms_batch'),
    id: Type.String(),
    messages: Type.Array(Type.Object({
      id: Type.String(),
      to: Type.String(),
      state: SmsState,
      units: Type.Integer({ minimum: 1 }),
      priceOre: Type.Integer({ minimum: 0 }),
      wouldCostOre: WouldCostOre,
    })),
    /** The sum of the messages' priceOre. */
    priceOre: Type.Integer({ minimum: 0 }),
    /** Test mode: the sum of the messages' wouldCostOre; null in live mode. */
    wouldCostOre: WouldCostOre,
  },
  { title: 'SmsBatch' },
);
/** A batch of SMS. */
export type SmsBatch = Static<typeof SmsBatch>;

/** GET /v1/sms filters and cursor. */
export const SmsListQuery = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    direction: Type.Optional(Type.Union([Type.Literal('outbound'), Type.Literal('inbound')])),
    state: Type.Optional(SmsState),
    to: Type.Optional(PhoneNumber),
    ...CreatedRange,
    before: Type.Optional(PageCursor('msg')),
    limit: Type.Optional(PageLimit(200)),
  },
  { additionalProperties: false },
);
/** GET /v1/sms query. */
export type SmsListQuery = Static<typeof SmsListQuery>;

/** A page of SMS, newest first. */
export const SmsList = ListPage(Sms, 'SmsList');
/** A page of SMS. */
export type SmsList = Static<typeof SmsList>;

/** Data of `sms.status`: the interface's fields, plus the customer's externalRef and metadata. */
export const SmsStatusData = Type.Object({ ...statusEventFields, to: Type.String(), state: SmsState, units: Type.Integer({ minimum: 1 }) }, { title: 'SmsStatusData' });
/** Data of `sms.status`. */
export type SmsStatusData = Static<typeof SmsStatusData>;

/** Data of `sms.received`: a text to one of the company's numbers (`optOut` when it was STOP or START). */
export const SmsReceivedData = Type.Object(
  {
    messageId: Type.String(),
    from: Type.String(),
    to: Type.String(),
    text: Type.String(),
    numberId: Type.String(),
    receivedAt: Timestamp,
    optOut: Type.Union([Type.Literal('stop'), Type.Literal('start'), Type.Null()]),
    mode: Mode,
    profileId: Uuid,
  },
  { title: 'SmsReceivedData' },
);
/** Data of `sms.received`. */
export type SmsReceivedData = Static<typeof SmsReceivedData>;

/** POST /admin/v1/sim/sms: a phone on the simulated network texts one of the provisioned numbers. */
export const SimSmsCreate = Type.Object(
  { from: PhoneNumber, to: PhoneNumber, text: Type.String({ minLength: 1, maxLength: SMS_TEXT_MAX }) },
  { additionalProperties: false, title: 'SimSmsCreate' },
);
/** POST /admin/v1/sim/sms. */
export type SimSmsCreate = Static<typeof SimSmsCreate>;
