import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { IdParam } from '../../../protocol/api/common.js';
import { EventEnvelope, EventList, EventListQuery, RedeliverRequest } from '../../../protocol/events/event-envelope.js';
import { WebhookDelivery } from '../../../protocol/webhooks/webhook-endpoint.js';
import { getEvent, listEvents, wakeDispatcher } from '../../events/event-log.js';
import { redeliver } from '../../events/webhook-deliveries.js';
import { keyPrincipal } from '../route-config.js';

/** The event log (oldest first, for catching up on missed events) and redelivery of one event to one endpoint. */
export const eventRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock, log } = services;
  const tags = ['events'];
  const params = Type.Object({ id: IdParam });

  app.get('/v1/events', {
    schema: { tags, summary: 'The event log, oldest first; pass nextCursor as after to continue', querystring: EventListQuery, response: { 200: EventList } },
    config: { scope: 'events:read' },
  }, async (request) => listEvents(sql, keyPrincipal(request), request.query));

  app.get('/v1/events/:id', {
    schema: { tags, summary: 'Read one event', params, response: { 200: EventEnvelope } },
    config: { scope: 'events:read' },
  }, async (request) => getEvent(sql, keyPrincipal(request), request.params.id));

  app.post('/v1/events/:id/redeliver', {
    schema: { tags, summary: 'Resend one event to one endpoint now: a delivery that gave up, or one waiting for its next retry', params, body: RedeliverRequest, response: { 202: WebhookDelivery } },
    config: { scope: 'webhooks:manage', idempotency: 'optional' },
  }, async (request, reply) => {
    const delivery = await redeliver(sql, clock, keyPrincipal(request), request.params.id, request.body.endpointId);
    await wakeDispatcher(services.bus).catch((err: unknown) => log.warn({ err }, 'could not wake the webhook dispatcher'));
    return reply.code(202).send(delivery);
  });
};
