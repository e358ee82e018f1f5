import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ProfileRef } from '../../../protocol/api/profiles.js';
import { SmsSender, SmsSenderCreate, SmsSenderList } from '../../../protocol/messaging/sms-sender.js';
import type { Services } from '../../../shared/services/services.js';
import { getProfile, viewerOf } from '../../accounts/profiles.js';
import { addSender, listSenders, removeSender } from '../../messaging/sms/sms-senders.js';
import { keyPrincipal } from '../route-config.js';

/** A profile's alphanumeric SMS sender ids (docs/sms.md, Senders); its numbers with SMS on need no registering. */
export const smsSenderRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['sms'];

  app.post('/v1/profiles/:slug/senders', {
    schema: { operationId: 'addSmsSender', tags, summary: 'Register an alphanumeric sender id on a profile (nobody can reply to it)', params: ProfileRef, body: SmsSenderCreate, response: { 201: SmsSender } },
    config: { scope: 'profiles:manage', idempotency: 'optional' },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const profile = await getProfile(sql, viewerOf(caller), request.params.slug);
    return reply.code(201).send(await addSender(sql, clock, { companyId: caller.companyId, profileId: profile.id, sender: request.body.sender }));
  });

  app.get('/v1/profiles/:slug/senders', {
    schema: { operationId: 'listSmsSenders', tags, summary: 'The alphanumeric sender ids registered on a profile', params: ProfileRef, response: { 200: SmsSenderList } },
    config: { scope: 'profiles:read' },
  }, async (request) => {
    const profile = await getProfile(sql, viewerOf(keyPrincipal(request)), request.params.slug);
    return { object: 'list' as const, data: await listSenders(sql, profile.id) };
  });

  app.delete('/v1/profiles/:slug/senders/:sender', {
    schema: {
      operationId: 'removeSmsSender', tags, summary: 'Remove a sender id (by its id or its text) from a profile',
      params: Type.Object({ slug: ProfileRef.properties.slug, sender: Type.String({ minLength: 1, maxLength: 64 }) }),
      response: { 200: Type.Object({ object: Type.Literal('sms_sender'), id: Type.String(), deleted: Type.Literal(true) }, { title: 'SmsSenderDeleted' }) },
    },
    config: { scope: 'profiles:manage', idempotency: 'optional' },
  }, async (request) => {
    const profile = await getProfile(sql, viewerOf(keyPrincipal(request)), request.params.slug);
    await removeSender(sql, profile.id, request.params.sender);
    return { object: 'sms_sender' as const, id: request.params.sender, deleted: true as const };
  });
};
