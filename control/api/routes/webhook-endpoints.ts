import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { IdParam } from '../../../protocol/api/common.js';
import {
  RecoverFailedRequest,
  RecoverFailedResult,
  WebhookAttemptList,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookEndpointUpdate,
  WebhookPageQuery,
  WebhookSecretRotated,
} from '../../../protocol/webhooks/webhook-endpoint.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { wakeDispatcher } from '../../events/event-log.js';
import {
  createEndpoint,
  deleteEndpoint,
  enableEd25519,
  getEndpoint,
  listEndpoints,
  reviveEndpoint,
  rotateSecret,
  updateEndpoint,
} from '../../events/webhook-endpoints.js';
import { listAttempts, listFailedDeliveries, recoverFailed, sendTestEvent } from '../../events/webhook-deliveries.js';
import { keyPrincipal } from '../route-config.js';

/**
 * Webhook endpoints: register (the secret is returned once), list, read, change, delete; send a test
 * event; rotate the secret (the old one keeps signing for 24 hours); turn on Ed25519; inspect attempts and
 * failed deliveries; revive a disabled endpoint; resend what gave up.
 */
export const webhookEndpointRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock, config, log } = services;
  const tags = ['webhooks'];
  const params = Type.Object({ id: IdParam });
  const policy = { allowInsecure: config.allowInsecureTargets };
  // The dispatcher's safety poll picks the work up anyway, so a failed wake-up only delays it.
  const wake = (): Promise<void> => wakeDispatcher(services.bus).catch((err: unknown) => log.warn({ err }, 'could not wake the webhook dispatcher'));

  app.post('/v1/webhook-endpoints', {
    schema: { tags, summary: 'Register a webhook endpoint (the signing secret is returned only here)', body: WebhookEndpointCreate, response: { 201: WebhookEndpointCreated } },
    config: { scope: 'webhooks:manage', idempotency: 'optional' },
  }, async (request, reply) => {
    const created = await sql.begin((tx) => createEndpoint(tx, clock, keyPrincipal(request), request.body, policy));
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });

  app.get('/v1/webhook-endpoints', {
    schema: { tags, summary: 'List webhook endpoints', response: { 200: WebhookEndpointList } },
    config: { scope: 'webhooks:manage' },
  }, async (request) => ({ object: 'list' as const, data: await listEndpoints(sql, keyPrincipal(request)) }));

  app.get('/v1/webhook-endpoints/:id', {
    schema: { tags, summary: 'Read a webhook endpoint', params, response: { 200: WebhookEndpoint } },
    config: { scope: 'webhooks:manage' },
  }, async (request) => getEndpoint(sql, keyPrincipal(request), request.params.id));

  app.patch('/v1/webhook-endpoints/:id', {
    schema: { tags, summary: 'Change the url, events or description of a webhook endpoint', params, body: WebhookEndpointUpdate, response: { 200: WebhookEndpoint } },
    config: { scope: 'webhooks:manage', idempotency: 'optional' },
  }, async (request) => updateEndpoint(sql, clock, keyPrincipal(request), request.params.id, request.body, policy));

  app.delete('/v1/webhook-endpoints/:id', {
    schema: { tags, summary: 'Delete a webhook endpoint and its pending deliveries', params, response: { 200: WebhookEndpointDeleted } },
    config: { scope: 'webhooks:manage', idempotency: 'optional' },
  }, async (request) => deleteEndpoint(sql, keyPrincipal(request), request.params.id));

  app.post('/v1/webhook-endpoints/:id/test', {
    schema: { tags, summary: 'Send a signed webhook.test event to this endpoint', params, response: { 202: WebhookDelivery } },
    config: { scope: 'webhooks:manage', idempotency: 'optional' },
  }, async (request, reply) => {
    const delivery = await sql.begin((tx) => sendTestEvent(tx, clock, keyPrincipal(request), request.params.id));
    await wake();
    return reply.code(202).send(delivery);
  });

  app.post('/v1/webhook-endpoints/:id/rotate-secret', {
    schema: { tags, summary: 'Rotate the signing secret (the previous one keeps signing for 24 hours)', params, response: { 200: WebhookSecretRotated } },
    config: { scope: 'webhooks:manage', idempotency: 'optional' },
  }, async (request, reply) => {
    const rotated = await sql.begin((tx) => rotateSecret(tx, clock, keyPrincipal(request), request.params.id));
    return reply.header('cache-control', 'no-store').send(rotated);
  });

  app.put('/v1/webhook-endpoints/:id/ed25519', {
    schema: { tags, summary: 'Turn on Ed25519 (v1a) signatures; returns the endpoint with its whpk_ public key', params, response: { 200: WebhookEndpoint } },
    config: { scope: 'webhooks:manage', idempotency: 'optional' },
  }, async (request) => enableEd25519(sql, clock, keyPrincipal(request), request.params.id));

  app.get('/v1/webhook-endpoints/:id/attempts', {
    schema: { tags, summary: 'Delivery attempts to this endpoint, newest first', params, querystring: WebhookPageQuery, response: { 200: WebhookAttemptList } },
    config: { scope: 'webhooks:manage' },
  }, async (request) => listAttempts(sql, keyPrincipal(request), request.params.id, request.query));

  app.post('/v1/webhook-endpoints/:id/revive', {
    schema: { tags, summary: 'Re-enable a disabled endpoint; deliveries that waited are sent at once', params, response: { 200: WebhookEndpoint } },
    config: { scope: 'webhooks:manage', idempotency: 'optional' },
  }, async (request) => {
    const endpoint = await sql.begin((tx) => reviveEndpoint(tx, clock, keyPrincipal(request), request.params.id));
    await wake();
    return endpoint;
  });

  app.get('/v1/webhook-endpoints/:id/failed-deliveries', {
    schema: { tags, summary: 'Deliveries to this endpoint that gave up, newest first', params, querystring: WebhookPageQuery, response: { 200: WebhookDeliveryList } },
    config: { scope: 'webhooks:manage' },
  }, async (request) => listFailedDeliveries(sql, keyPrincipal(request), request.params.id, request.query));

  app.post('/v1/webhook-endpoints/:id/recover-failed', {
    schema: { tags, summary: 'Resend every delivery that gave up, or those of events in a time range (since, until)', params, body: Type.Optional(RecoverFailedRequest), response: { 200: RecoverFailedResult } },
    config: { scope: 'webhooks:manage', idempotency: 'optional' },
  }, async (request) => {
    const sinceMs = timeParam(request.body?.since, 'since') ?? 0;
    const untilMs = timeParam(request.body?.until, 'until') ?? Number.MAX_SAFE_INTEGER;
    if (untilMs <= sinceMs) throw new SentralError('invalid_request', { message: 'until must be after since.', param: 'until' });
    const recovered = await recoverFailed(sql, clock, keyPrincipal(request), request.params.id, { sinceMs, untilMs });
    await wake();
    return { object: 'webhook_recovery' as const, recovered };
  });
};

// An ISO 8601 time of the body as epoch ms; undefined when absent.
function timeParam(value: string | undefined, param: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new SentralError('invalid_request', { message: `${param} must be an ISO 8601 time.`, param });
  return ms;
}
