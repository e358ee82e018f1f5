import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ProfileRef } from '../../../protocol/api/profiles.js';
import { Suppression, SuppressionCreate, SuppressionList, SuppressionListQuery, SuppressedAddress } from '../../../protocol/messaging/suppression.js';
import type { Services } from '../../../shared/services/services.js';
import { getProfile, viewerOf } from '../../accounts/profiles.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { addSuppression, listSuppressions, removeSuppression } from '../../messaging/suppressions.js';
import { keyPrincipal } from '../route-config.js';

/**
 * A profile's suppression list, shared by SMS and email (docs/messaging.md, Suppressions): read it, add an
 * address, take one off. STOP keywords and hard bounces add to it on their own.
 */
export const suppressionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['messaging'];

  app.get('/v1/profiles/:slug/suppressions', {
    schema: { operationId: 'listSuppressions', tags, summary: 'A profile\'s suppression list, in address order', params: ProfileRef, querystring: SuppressionListQuery, response: { 200: SuppressionList } },
    config: { scope: 'suppressions:manage' },
  }, async (request) => {
    const profile = await getProfile(sql, viewerOf(keyPrincipal(request)), request.params.slug);
    return listSuppressions(sql, profile.id, request.query);
  });

  app.post('/v1/profiles/:slug/suppressions', {
    schema: { operationId: 'addSuppression', tags, summary: 'Put an address on a profile\'s suppression list: sends to it are refused with recipient_opted_out', params: ProfileRef, body: SuppressionCreate, response: { 201: Suppression } },
    config: { scope: 'suppressions:manage', idempotency: 'optional' },
  }, async (request, reply) => {
    const profile = await getProfile(sql, viewerOf(keyPrincipal(request)), request.params.slug);
    const entry = await addSuppression(sql, clock, { profileId: profile.id, address: request.body.address, reason: request.body.reason ?? 'added over the API', source: 'api' });
    return reply.code(201).send(entry);
  });

  app.delete('/v1/profiles/:slug/suppressions/:address', {
    schema: {
      operationId: 'removeSuppression', tags, summary: 'Take an address off a profile\'s suppression list',
      params: Type.Object({ slug: ProfileRef.properties.slug, address: SuppressedAddress }),
      response: { 200: Type.Object({ object: Type.Literal('suppression'), id: Type.String(), deleted: Type.Literal(true) }, { title: 'SuppressionDeleted' }) },
    },
    config: { scope: 'suppressions:manage', idempotency: 'optional' },
  }, async (request) => {
    const profile = await getProfile(sql, viewerOf(keyPrincipal(request)), request.params.slug);
    if (!(await removeSuppression(sql, profile.id, request.params.address))) throw new SentralError('not_found', { message: 'The address is not on this profile\'s list.' });
    return { object: 'suppression' as const, id: request.params.address, deleted: true as const };
  });
};
