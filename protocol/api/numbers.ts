import { Type, type Static } from 'typebox';
import { NumberSettings, PhoneNumberRecord } from './admin.js';
import { ListPage, Mode, Ore, PhoneNumber, Uuid } from './common.js';

/** phone: a phone number (calls and SMS); sms: a dedicated SMS number. */
export const NumberType = Type.Union([Type.Literal('phone'), Type.Literal('sms')], { description: 'phone or sms' });
/** A number's type. */
export type NumberType = Static<typeof NumberType>;

/** The start of a number in E.164 (a + and up to 15 digits), e.g. +4723. */
export const NumberPrefix = Type.String({ pattern: '^\\+?[0-9]{1,15}$', description: 'the start of an E.164 number, e.g. +4723' });

/** A page size of a list. */
const Limit = Type.Integer({ minimum: 1, maximum: 100, description: 'items per page (default 50)' });
/** A cursor: the nextCursor of the previous page. */
const Cursor = Type.String({ minLength: 1, maxLength: 64, description: 'nextCursor of the previous page' });

/** GET /v1/available-numbers query. */
export const AvailableNumbersQuery = Type.Object(
  { type: Type.Optional(NumberType), prefix: Type.Optional(NumberPrefix), limit: Type.Optional(Limit) },
  { additionalProperties: false },
);
/** GET /v1/available-numbers query. */
export type AvailableNumbersQuery = Static<typeof AvailableNumbersQuery>;

/** A number of the operator's inventory that no one holds, with its monthly rent for the caller's company. */
export const AvailableNumber = Type.Object({
  object: Type.Literal('available_number'),
  number: Type.String({ description: 'E.164' }),
  type: NumberType,
  monthlyRentOre: Ore,
});
/** An available number. */
export type AvailableNumber = Static<typeof AvailableNumber>;

/** The answer of GET /v1/available-numbers (the first `limit` matches, by number). */
export const AvailableNumberList = Type.Object({ object: Type.Literal('list'), data: Type.Array(AvailableNumber) });

/** POST /v1/numbers: rent a given number, or the first available one of a type (and prefix). */
export const NumberRent = Type.Object(
  {
    profileId: Uuid,
    number: Type.Optional(PhoneNumber),
    type: Type.Optional(NumberType),
    prefix: Type.Optional(NumberPrefix),
    ...NumberSettings,
  },
  { additionalProperties: false },
);
/** POST /v1/numbers body. */
export type NumberRent = Static<typeof NumberRent>;

/** PATCH /v1/numbers/:id: what a customer configures on a number. */
export const CustomerNumberUpdate = Type.Object(
  {
    ...NumberSettings,
    smsEnabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
/** PATCH /v1/numbers/:id body. */
export type CustomerNumberUpdate = Static<typeof CustomerNumberUpdate>;

/** GET /v1/numbers query. */
export const NumberListQuery = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    state: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('released')])),
    type: Type.Optional(NumberType),
    after: Type.Optional(Cursor),
    limit: Type.Optional(Limit),
  },
  { additionalProperties: false },
);
/** GET /v1/numbers query. */
export type NumberListQuery = Static<typeof NumberListQuery>;

/** A page of numbers, oldest first. */
export const NumberList = ListPage(PhoneNumberRecord);

/** POST /admin/v1/available-numbers: numbers added to the inventory customers rent from. */
export const InventoryAdd = Type.Object(
  { type: NumberType, numbers: Type.Array(PhoneNumber, { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);
/** POST /admin/v1/available-numbers body. */
export type InventoryAdd = Static<typeof InventoryAdd>;

/** The answer of an inventory load: how many numbers were new (a number already there is left as it is). */
export const InventoryAdded = Type.Object({ object: Type.Literal('inventory_load'), added: Type.Integer(), alreadyPresent: Type.Integer() });

// What every number.* event carries: the number as GET /v1/numbers/:id shows it.
const numberEventBase = { number: PhoneNumberRecord, mode: Mode, profileId: Type.String() };

/** number.rented: a number was rented and its first month drawn (`amountOre`). */
export const NumberRentedData = Type.Object({ ...numberEventBase, amountOre: Ore }, { title: 'NumberRentedData' });
/** number.released: a number left the company (deleted at the end of its paid month, or by the operator). */
export const NumberReleasedData = Type.Object(numberEventBase, { title: 'NumberReleasedData' });
/** number.suspended: a month's rent could not be drawn (`reason`: the error code, e.g. insufficient_balance). */
export const NumberSuspendedData = Type.Object({ ...numberEventBase, reason: Type.String(), monthlyRentOre: Ore }, { title: 'NumberSuspendedData' });
/** number.renewed: `months` more months were drawn (`amountOre` in all); `resumed` when it was suspended. */
export const NumberRenewedData = Type.Object(
  { ...numberEventBase, months: Type.Integer({ minimum: 0 }), amountOre: Ore, resumed: Type.Boolean() },
  { title: 'NumberRenewedData' },
);

/** Each number event type and the schema of its data. */
export const numberEventSchemas = {
  'number.rented': NumberRentedData,
  'number.released': NumberReleasedData,
  'number.suspended': NumberSuspendedData,
  'number.renewed': NumberRenewedData,
} as const;
