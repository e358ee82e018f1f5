import { EVENT_API_VERSION } from '../../protocol/events/event-envelope.js';
import { eventCatalogue, type EventType } from '../../protocol/events/event-catalogue.js';

/** What the OpenAPI document gains from the event catalogue: its `webhooks` and their component schemas. */
export interface EventDocument {
  webhooks: Record<string, unknown>;
  schemas: Record<string, unknown>;
}

/** The tag every webhook operation carries (described with the API's tags). */
export const EVENTS_TAG = 'event types';

/** `call.participant.joined` → `CallParticipantJoined`: the stem of an event's schema and operation names. */
export function eventStem(type: string): string {
  return type.split(/[._]/).map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
}

/** The security scheme of a delivery: the receiver checks the signature (it holds the secret). */
export const WEBHOOK_SIGNATURE_SCHEME = 'webhookSignature';

/** How a delivery proves it came from sentral, for the document's securitySchemes. */
export const webhookSignatureScheme = {
  type: 'apiKey',
  in: 'header',
  name: 'webhook-signature',
  description: 'Standard Webhooks signature of `<webhook-id>.<webhook-timestamp>.<body>`: check it with the endpoint secret (whsec_…) or public key (whpk_…), e.g. verifyWebhook of the client.',
} as const;

const HEADERS = [
  { name: 'webhook-id', description: 'dlv_…: the delivery, the same on every retry (deduplicate by it or by the event id)' },
  { name: 'webhook-timestamp', description: 'Unix seconds of this attempt, signed with the body' },
  { name: 'webhook-signature', description: 'Space-separated `v1,<base64 HMAC-SHA256>` per unexpired secret and, when turned on, `v1a,<base64 Ed25519>` (Standard Webhooks)' },
];

/**
 * Every catalogued event as an OpenAPI 3.1 webhook: a POST of the event envelope whose `type` is the event's
 * name and whose `data` is its schema (`<Stem>Event` and the data schema's title in components).
 */
export function eventDocument(): EventDocument {
  const webhooks: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const [type, entry] of Object.entries(eventCatalogue) as [EventType, (typeof eventCatalogue)[EventType]][]) {
    const stem = eventStem(type);
    const title = (entry.data as { title?: unknown }).title;
    const dataName = typeof title === 'string' ? title : `${stem}Data`;
    schemas[dataName] = JSON.parse(JSON.stringify(entry.data));
    schemas[`${stem}Event`] = {
      type: 'object',
      title: `${stem}Event`,
      description: `The ${type} event as delivered and as GET /v1/events/{id} answers it.`,
      required: ['object', 'id', 'type', 'api_version', 'occurred_at', 'data'],
      properties: {
        object: { const: 'event', type: 'string' },
        id: { type: 'string', description: 'evt_…' },
        type: { const: type, type: 'string' },
        api_version: { const: EVENT_API_VERSION, type: 'string' },
        occurred_at: { type: 'string', format: 'date-time' },
        data: { $ref: `#/components/schemas/${dataName}` },
      },
    };
    webhooks[type] = {
      post: {
        operationId: `on${stem}`,
        tags: [EVENTS_TAG],
        security: [{ [WEBHOOK_SIGNATURE_SCHEME]: [] }],
        summary: entry.summary,
        description: `Sent to every endpoint whose filter matches \`${type}\` (also \`${type.split('.')[0]}.*\` and \`*\`). Verify the signature before acting on it.`,
        parameters: HEADERS.map((h) => ({ in: 'header', name: h.name, required: true, description: h.description, schema: { type: 'string' } })),
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${stem}Event` } } } },
        responses: {
          '200': { description: 'Any 2xx acknowledges the delivery.' },
          '400': { description: 'Anything else (or no answer within 15 s) is a failure, retried on the schedule in docs/webhooks.md.' },
        },
      },
    };
  }
  return { webhooks, schemas };
}
