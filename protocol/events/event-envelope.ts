import { Type, type Static } from 'typebox';
import { Timestamp } from '../api/common.js';

/** The version every event carries in api_version. */
export const EVENT_API_VERSION = '1';

/** An event as delivered to webhook endpoints and read from the event log. */
export const EventEnvelope = Type.Object(
  {
    object: Type.Literal('event'),
    id: Type.String({ description: 'evt_…' }),
    type: Type.String({ description: 'Event type name, e.g. call.ended' }),
    api_version: Type.Literal(EVENT_API_VERSION),
    occurred_at: Timestamp,
    data: Type.Record(Type.String(), Type.Unknown(), { description: 'Content of the event; always has mode and profileId' }),
  },
  { title: 'EventEnvelope' },
);
/** An event as delivered to webhook endpoints and read from the event log. */
export type EventEnvelope = Static<typeof EventEnvelope>;

/** Query of GET /v1/events: oldest first, after a cursor. */
export const EventListQuery = Type.Object(
  {
    type: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only events of this type' })),
    objectId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z]+_[0-9a-z]+$', description: 'Only events about this object (a call, message, campaign…): its timeline' })),
    after: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^evt_[0-9a-z]+$', description: 'Events recorded after this event id' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  },
  { additionalProperties: false },
);
/** Query of GET /v1/events. */
export type EventListQuery = Static<typeof EventListQuery>;

/** A page of the event log, oldest first; pass nextCursor as `after` to continue. */
export const EventList = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(EventEnvelope),
  hasMore: Type.Boolean(),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Id of the last event of this page, or null when empty' }),
});
/** A page of the event log. */
export type EventList = Static<typeof EventList>;

/** POST /v1/events/:id/redeliver. */
export const RedeliverRequest = Type.Object(
  { endpointId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z]+_[0-9a-z]+$' }) },
  { additionalProperties: false },
);
/** POST /v1/events/:id/redeliver body. */
export type RedeliverRequest = Static<typeof RedeliverRequest>;
