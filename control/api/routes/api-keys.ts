import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyList } from '../../../protocol/api/api-keys.js';
import { IdParam } from '../../../protocol/api/common.js';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey } from '../../accounts/api-keys.js';
import { keyPrincipal } from '../route-config.js';

/**
 * API keys: create (whole value once; never more power than the calling key; no Idempotency-Key, so a
 * secret is never stored for replay), list and read without secrets, revoke.
 */
export const apiKeyRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock, hot } = services;
  const tags = ['api-keys'];
  const params = Type.Object({ id: IdParam });

  app.post('/v1/api-keys', {
    schema: { tags, summary: 'Create an API key (the whole key is returned only here)', body: ApiKeyCreate, response: { 201: ApiKeyCreated } },
    config: { scope: 'keys:manage', idempotency: 'unsupported' },
  }, async (request, reply) => {
    const { record, key } = await createApiKey(sql, clock, keyPrincipal(request), request.body);
    return reply.code(201).header('cache-control', 'no-store').send({ ...record, key });
  });

  app.get('/v1/api-keys', {
    schema: { tags, summary: 'List API keys (without secrets)', response: { 200: ApiKeyList } },
    config: { scope: 'keys:manage' },
  }, async (request) => ({ object: 'list' as const, data: await listApiKeys(sql, keyPrincipal(request)) }));

  app.get('/v1/api-keys/:id', {
    schema: { tags, summary: 'Read an API key (without its secret)', params, response: { 200: ApiKey } },
    config: { scope: 'keys:manage' },
  }, async (request) => getApiKey(sql, keyPrincipal(request), request.params.id));

  app.delete('/v1/api-keys/:id', {
    schema: { tags, summary: 'Revoke an API key at once', params, response: { 200: ApiKey } },
    config: { scope: 'keys:manage', idempotency: 'optional' },
  }, async (request) => revokeApiKey(sql, clock, hot, keyPrincipal(request), request.params.id));
};
