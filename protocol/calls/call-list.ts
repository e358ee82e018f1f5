import { Type, type Static } from 'typebox';
import { Instant, ListPage, Uuid } from '../api/common.js';
import { Call, CallDirection, CallState } from './call.js';

/** GET /v1/calls query: filters and a cursor (the nextCursor of the previous page). */
export const CallListQuery = Type.Object(
  {
    profileId: Type.Optional(Uuid),
    state: Type.Optional(CallState),
    direction: Type.Optional(CallDirection),
    from: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'the call\'s from, exactly' })),
    to: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'the call\'s to, exactly' })),
    externalRef: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    createdFrom: Type.Optional(Instant),
    createdTo: Type.Optional(Instant),
    after: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'nextCursor of the previous page' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'items per page (default 20)' })),
  },
  { additionalProperties: false },
);
/** GET /v1/calls query. */
export type CallListQuery = Static<typeof CallListQuery>;

/** A page of calls, newest first; a running call's priceOre is what it has cost so far. */
export const CallList = ListPage(Call);
