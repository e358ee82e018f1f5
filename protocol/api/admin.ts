import { Type, type Static } from 'typebox';
import { Ore, PhoneNumber, Timestamp, Uuid } from './common.js';

/** POST /admin/v1/companies. */
export const CompanyCreate = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }), balanceOre: Type.Optional(Ore) },
  { additionalProperties: false },
);
/** POST /admin/v1/companies body. */
export type CompanyCreate = Static<typeof CompanyCreate>;

/** A company (the account) as the admin API returns it. */
export const Company = Type.Object({
  id: Type.String({ description: 'co_…' }),
  object: Type.Literal('company'),
  name: Type.String(),
  balanceOre: Type.Integer({ description: 'available balance in øre (reservations already taken off)' }),
  reservedOre: Type.Integer({ description: 'øre held by open reservations' }),
  createdAt: Timestamp,
});
/** A company. */
export type Company = Static<typeof Company>;

/** The answer of POST /admin/v1/companies: the company and its two company keys, whole, this once. */
export const CompanyCreated = Type.Object({
  ...Company.properties,
  liveKey: Type.String({ description: 'sk_live_… with every scope, shown only here' }),
  testKey: Type.String({ description: 'sk_test_… with every scope, shown only here' }),
});

/** POST /admin/v1/companies/:id/top-ups. */
export const TopUpCreate = Type.Object(
  { amountOre: Type.Integer({ minimum: 1, maximum: 1_000_000_000_000 }), reference: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
/** Top-up body. */
export type TopUpCreate = Static<typeof TopUpCreate>;

/** The answer of a top-up: the ledger entry and the new balance. */
export const TopUpAnswer = Type.Object({
  object: Type.Literal('top_up'),
  entryId: Type.String(),
  companyId: Type.String(),
  amountOre: Type.Integer(),
  balanceOre: Type.Integer(),
});

/** A company's price list in øre excl. VAT; every field has a documented default. */
export const PriceList = Type.Object(
  {
    phoneMinuteOre: Ore,
    inboundMinuteOre: Ore,
    appParticipantMinuteOre: Ore,
    botMinuteOre: Ore,
    streamMinuteOre: Ore,
    recordingMinuteOre: Ore,
    transcriptionMinuteOre: Ore,
    smsUnitOre: Ore,
    emailOre: Ore,
    letterOre: Ore,
    smsNumberMonthOre: Ore,
    phoneNumberMonthOre: Ore,
  },
  { additionalProperties: false },
);
/** A price list. */
export type PriceList = Static<typeof PriceList>;

/** PUT /admin/v1/companies/:id/prices: overrides of some prices (null returns one to the default). */
export const PriceListUpdate = Type.Record(
  Type.String({ pattern: '^[a-zA-Z]+Ore$' }),
  Type.Union([Ore, Type.Null()]),
);

/** What an inbound call on a number does when no API decision comes (or inboundMode is routing). */
export const NumberRouting = Type.Union([
  Type.Object({ type: Type.Literal('forward'), to: PhoneNumber }, { additionalProperties: false }),
  Type.Object(
    { type: Type.Literal('message'), text: Type.String({ minLength: 1, maxLength: 2000 }), voice: Type.Optional(Type.String({ maxLength: 32 })) },
    { additionalProperties: false },
  ),
  Type.Object(
    { type: Type.Literal('browser'), externalRefs: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 })) },
    { additionalProperties: false },
  ),
]);
/** A number's routing. */
export type NumberRouting = Static<typeof NumberRouting>;

/** api: call.incoming and wait for a decision; routing: run the routing at once. */
export const InboundMode = Type.Union([Type.Literal('api'), Type.Literal('routing')]);

/** What a number's holder configures: inbound mode, decision window, routing, salesperson. */
export const NumberSettings = {
  inboundMode: Type.Optional(InboundMode),
  decideWithinSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 120 })),
  routing: Type.Optional(Type.Union([NumberRouting, Type.Null()])),
  assignedTo: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
};

/** POST /admin/v1/numbers. */
export const NumberCreate = Type.Object(
  {
    number: PhoneNumber,
    companyId: Type.String({ minLength: 1, maxLength: 64 }),
    profileId: Uuid,
    ...NumberSettings,
  },
  { additionalProperties: false },
);
/** POST /admin/v1/numbers body. */
export type NumberCreate = Static<typeof NumberCreate>;

/** PATCH /admin/v1/numbers/:id. */
export const NumberUpdate = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    ...NumberSettings,
    state: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('released')])),
  },
  { additionalProperties: false },
);
/** PATCH /admin/v1/numbers/:id body. */
export type NumberUpdate = Static<typeof NumberUpdate>;

/** A provisioned phone number. */
export const PhoneNumberRecord = Type.Object({
  id: Type.String({ description: 'num_…' }),
  object: Type.Literal('number'),
  number: Type.String(),
  companyId: Type.String(),
  profileId: Type.String(),
  inboundMode: InboundMode,
  decideWithinSeconds: Type.Integer(),
  routing: Type.Union([NumberRouting, Type.Null()]),
  assignedTo: Type.Union([Type.String(), Type.Null()]),
  state: Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('released')], { description: 'suspended: the month could not be paid; held until a top-up pays it' }),
  type: Type.Union([Type.Literal('phone'), Type.Literal('sms')], { description: 'phone: a phone number; sms: a dedicated SMS number' }),
  mode: Type.Union([Type.Literal('live'), Type.Literal('test')], { description: 'test: a free test number (+441632960xxx) rented with a test key, seen and used only in test mode' }),
  smsEnabled: Type.Boolean({ description: 'SMS can be sent from the number' }),
  paidUntil: Type.Union([Timestamp, Type.Null()], { description: 'end of the paid month of a rented number (null: provisioned by the operator, no rent)' }),
  releaseAt: Type.Union([Timestamp, Type.Null()], { description: 'when a deleted number is released (the end of its paid month)' }),
  createdAt: Timestamp,
});
/** A provisioned phone number. */
export type PhoneNumberRecord = Static<typeof PhoneNumberRecord>;
