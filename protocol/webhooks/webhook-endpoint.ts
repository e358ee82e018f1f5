import { Type, type Static } from 'typebox';
import { Mode, Timestamp, Uuid } from '../api/common.js';

/** One entry of an endpoint's event filter: an exact type name, `prefix.*`, or `*` for every event. */
export const EventFilterEntry = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^(\\*|[a-z][A-Za-z0-9_]*(\\.[a-z][A-Za-z0-9_]*)*(\\.\\*)?)$',
  description: 'call.ended, call.* (every type under call.) or * (all)',
});

const EventFilter = Type.Array(EventFilterEntry, { minItems: 1, maxItems: 100, uniqueItems: true });
const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'https URL on port 443 of a public host' });
const Description = Type.String({ maxLength: 1000 });

/** POST /v1/webhook-endpoints. */
export const WebhookEndpointCreate = Type.Object(
  {
    url: Url,
    events: EventFilter,
    description: Type.Optional(Description),
    mode: Type.Optional(Mode),
    profileId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
/** POST /v1/webhook-endpoints body. */
export type WebhookEndpointCreate = Static<typeof WebhookEndpointCreate>;

/** PATCH /v1/webhook-endpoints/:id: the fields to change. */
export const WebhookEndpointUpdate = Type.Object(
  { url: Type.Optional(Url), events: Type.Optional(EventFilter), description: Type.Optional(Description) },
  { additionalProperties: false, minProperties: 1 },
);
/** PATCH /v1/webhook-endpoints/:id body. */
export type WebhookEndpointUpdate = Static<typeof WebhookEndpointUpdate>;

/** Why an endpoint was disabled: it answered 410 Gone, or it failed for five days. */
export const DisabledReason = Type.Union([Type.Literal('gone'), Type.Literal('failing')]);

/** A webhook endpoint (never with its secret). */
export const WebhookEndpoint = Type.Object(
  {
    id: Type.String({ description: 'ep_…' }),
    object: Type.Literal('webhook_endpoint'),
    url: Type.String(),
    events: Type.Array(Type.String()),
    description: Type.String(),
    mode: Mode,
    profileId: Type.Union([Type.String(), Type.Null()]),
    publicKey: Type.Union([Type.String(), Type.Null()], { description: 'whpk_… when Ed25519 (v1a) signing is on' }),
    disabled: Type.Boolean(),
    disabledReason: Type.Union([DisabledReason, Type.Null()]),
    disabledAt: Type.Union([Timestamp, Type.Null()]),
    failingSince: Type.Union([Timestamp, Type.Null()], { description: 'First failed attempt since the last success' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'WebhookEndpoint' },
);
/** A webhook endpoint (never with its secret). */
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** The answer of POST /v1/webhook-endpoints: the endpoint and, this once, its signing secret. */
export const WebhookEndpointCreated = Type.Object({
  ...WebhookEndpoint.properties,
  secret: Type.String({ description: 'whsec_…, shown only here and by rotate-secret' }),
});
/** The answer of POST /v1/webhook-endpoints. */
export type WebhookEndpointCreated = Static<typeof WebhookEndpointCreated>;

/** A list of webhook endpoints. */
export const WebhookEndpointList = Type.Object({ object: Type.Literal('list'), data: Type.Array(WebhookEndpoint) });

/** The answer of rotate-secret: the new secret; the previous ones keep signing until previousExpiresAt. */
export const WebhookSecretRotated = Type.Object({
  object: Type.Literal('webhook_secret'),
  secret: Type.String({ description: 'whsec_…, shown only here' }),
  previousExpiresAt: Timestamp,
});
/** The answer of rotate-secret. */
export type WebhookSecretRotated = Static<typeof WebhookSecretRotated>;

/** State of a delivery: pending (waiting or retrying), succeeded, or failed (gave up). */
export const DeliveryState = Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]);

/** One delivery of one event to one endpoint; its id is the webhook-id header of every attempt. */
export const WebhookDelivery = Type.Object({
  id: Type.String({ description: 'dlv_…, the webhook-id' }),
  object: Type.Literal('webhook_delivery'),
  eventId: Type.String(),
  eventType: Type.String(),
  endpointId: Type.String(),
  state: DeliveryState,
  attemptCount: Type.Integer(),
  nextAttemptAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  completedAt: Type.Union([Timestamp, Type.Null()]),
});
/** One delivery of one event to one endpoint. */
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/** One HTTP attempt of a delivery. */
export const WebhookAttempt = Type.Object({
  id: Type.String({ description: 'att_…' }),
  object: Type.Literal('webhook_attempt'),
  deliveryId: Type.String(),
  eventId: Type.String(),
  endpointId: Type.String(),
  attemptedAt: Timestamp,
  statusCode: Type.Union([Type.Integer(), Type.Null()], { description: 'Null when no response came' }),
  responseBody: Type.Union([Type.String(), Type.Null()], { description: 'At most 1 KiB of the response body' }),
  durationMs: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});
/** One HTTP attempt of a delivery. */
export type WebhookAttempt = Static<typeof WebhookAttempt>;

/** Paging of attempts and failed deliveries: newest first, before a cursor. */
export const WebhookPageQuery = Type.Object(
  {
    before: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z]+_[0-9a-z]+$', description: 'Items older than this id' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  },
  { additionalProperties: false },
);
/** Paging of attempts and failed deliveries. */
export type WebhookPageQuery = Static<typeof WebhookPageQuery>;

/** A page of attempts, newest first. */
export const WebhookAttemptList = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(WebhookAttempt),
  hasMore: Type.Boolean(),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as before to continue' }),
});

/** A page of deliveries, newest first. */
export const WebhookDeliveryList = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(WebhookDelivery),
  hasMore: Type.Boolean(),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as before to continue' }),
});

/** POST /v1/webhook-endpoints/:id/recover-failed: resend what gave up (in a time range, by default all). */
export const RecoverFailedRequest = Type.Object(
  {
    since: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'ISO 8601; only deliveries made at or after this time (an event\'s deliveries are made as it happens)' })),
    until: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'ISO 8601; only deliveries made before this time (later than since)' })),
  },
  { additionalProperties: false },
);
/** POST /v1/webhook-endpoints/:id/recover-failed body. */
export type RecoverFailedRequest = Static<typeof RecoverFailedRequest>;

/** The answer of recover-failed: how many deliveries were queued again. */
export const RecoverFailedResult = Type.Object({ object: Type.Literal('webhook_recovery'), recovered: Type.Integer() });
/** The answer of recover-failed. */
export type RecoverFailedResult = Static<typeof RecoverFailedResult>;

/** The answer of DELETE /v1/webhook-endpoints/:id. */
export const WebhookEndpointDeleted = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_endpoint'),
  deleted: Type.Literal(true),
});
/** The answer of DELETE /v1/webhook-endpoints/:id. */
export type WebhookEndpointDeleted = Static<typeof WebhookEndpointDeleted>;

/** Data of `webhook.test` (POST /v1/webhook-endpoints/:id/test): sent to that endpoint only, whatever its filter. */
export const WebhookTestData = Type.Object(
  { endpointId: Type.String(), mode: Mode, profileId: Type.Union([Type.String(), Type.Null()]) },
  { title: 'WebhookTestData' },
);
