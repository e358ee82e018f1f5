import { Type, type Static, type TSchema } from 'typebox';

/** A schema or null. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** live or test: which world a key, endpoint or call belongs to. */
export const Mode = Type.Union([Type.Literal('live'), Type.Literal('test')], { description: 'live or test' });
/** live or test. */
export type Mode = Static<typeof Mode>;

/** A phone number in international (E.164) format, e.g. +4712345678. */
export const PhoneNumber = Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164, e.g. +4712345678' });

/** A UUID (profiles are named by UUIDs). */
export const Uuid = Type.String({ format: 'uuid', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });

/** A point in time a client gives (a range's end): a UTC date (its start) or an ISO 8601 UTC timestamp. */
export const Instant = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,3})?)?Z)?$',
  description: 'a UTC date (YYYY-MM-DD, its start) or an ISO 8601 UTC timestamp',
});

/** An ISO 8601 UTC timestamp with milliseconds. */
export const Timestamp = Type.String({ description: 'ISO 8601 UTC with milliseconds' });

/** Amount of money in øre (1/100 NOK), excluding VAT. */
export const Ore = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000, description: 'øre, excl. VAT' });

/** What a test-mode message or call would have cost live (its priceOre is 0: test keys draw nothing); null in live mode. */
export const WouldCostOre = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
  description: 'test mode: what the same message or call would have drawn live (priceOre is 0); null in live mode',
});

/** A prefixed object id such as co_… or key_… (path parameter). */
export const IdParam = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z]+_[0-9a-z]+$' });

/** Most keys of a metadata object (Stripe's figure). */
export const METADATA_MAX_KEYS = 50;
/** Longest metadata key, in characters. */
export const METADATA_MAX_KEY_LENGTH = 40;
/** Longest metadata string value, in characters. */
export const METADATA_MAX_VALUE_LENGTH = 500;

/**
 * Customer key/value data, bounded as Stripe bounds it: at most 50 keys of 1–40 characters, each value a
 * string of at most 500 characters, a number, a boolean or null (flat: no objects or arrays), so a whole
 * metadata object stays under about 27 KB.
 */
export const Metadata = Type.Record(
  Type.String(),
  Type.Union([Type.String({ maxLength: METADATA_MAX_VALUE_LENGTH }), Type.Number(), Type.Boolean(), Type.Null()]),
  // A Record's key schema only becomes a pattern, so key length is bounded by propertyNames.
  { maxProperties: METADATA_MAX_KEYS, propertyNames: { minLength: 1, maxLength: METADATA_MAX_KEY_LENGTH }, description: 'At most 50 keys of 1–40 characters; values: strings of at most 500 characters, numbers, booleans or null' },
);
/** Customer key/value data. */
export type Metadata = Static<typeof Metadata>;

/** A cursor-paged list of `item` (shared/db/page.ts builds it): pass nextCursor back as the cursor. */
export function ListPage<T extends TSchema>(item: T, title?: string) {
  return Type.Object(
    {
      object: Type.Literal('list'),
      data: Type.Array(item),
      hasMore: Type.Boolean(),
      nextCursor: Type.Union([Type.String(), Type.Null()]),
    },
    title ? { title } : {},
  );
}

/** A page cursor: an id of the object kind named by `prefix` (the nextCursor of the previous page). */
export const PageCursor = (prefix: string) =>
  Type.String({ minLength: 1, maxLength: 64, pattern: `^${prefix}_[0-9a-z]+$`, description: 'Cursor: the nextCursor of the previous page' });

/** Filters of a list by creation time (ISO 8601). */
export const CreatedRange = {
  createdAfter: Type.Optional(Type.String({ format: 'date-time' })),
  createdBefore: Type.Optional(Type.String({ format: 'date-time' })),
};

/** Page size, 1 to `maximum`. */
export const PageLimit = (maximum: number, fallback?: number) =>
  Type.Integer({ minimum: 1, maximum, ...(fallback === undefined ? {} : { default: fallback }) });
