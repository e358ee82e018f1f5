import { Type, type Static } from 'typebox';
import { ListPage, PageLimit, PhoneNumber, Timestamp } from '../api/common.js';

/** An address on a suppression list: a phone number (E.164) or an email address. */
export const SuppressedAddress = Type.Union([PhoneNumber, Type.String({ format: 'email', maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' })], {
  description: 'E.164 phone number or email address',
});

/** POST /v1/profiles/:slug/suppressions. */
export const SuppressionCreate = Type.Object(
  { address: SuppressedAddress, reason: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { additionalProperties: false, title: 'SuppressionCreate' },
);
/** POST /v1/profiles/:slug/suppressions. */
export type SuppressionCreate = Static<typeof SuppressionCreate>;

/** One address on a profile's suppression list (shared by SMS and email). */
export const Suppression = Type.Object(
  {
    object: Type.Literal('suppression'),
    /** The address itself (the list is keyed by it). */
    id: Type.String(),
    address: Type.String(),
    reason: Type.String(),
    /** api, keyword (STOP), bounce or complaint. */
    source: Type.Union([Type.Literal('api'), Type.Literal('keyword'), Type.Literal('bounce'), Type.Literal('complaint')]),
    createdAt: Timestamp,
  },
  { title: 'Suppression' },
);

/** A page of a suppression list, in address order. */
export const SuppressionList = ListPage(Suppression, 'SuppressionList');

/** GET /v1/profiles/:slug/suppressions. */
export const SuppressionListQuery = Type.Object(
  { after: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })), limit: Type.Optional(PageLimit(200)) },
  { additionalProperties: false },
);
