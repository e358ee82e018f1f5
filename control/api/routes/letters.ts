import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import { Letter, LETTER_BODY_LIMIT_BYTES, LetterCreate, LetterList, LetterListQuery } from '../../../protocol/messaging/letter.js';
import type { Services } from '../../app/services.js';
import { messageChannels } from '../../messaging/channel-registry.js';
import { sendLetter } from '../../messaging/letters/letter-service.js';
import { letterView } from '../../messaging/letters/letter-view.js';
import { getMessage, listMessages } from '../../messaging/message-store.js';
import { wakeAfterAccept } from '../../messaging/send-batcher.js';
import { keyPrincipal } from '../route-config.js';
import { idempotentId } from '../../accounts/principal.js';

/**
 * Letters to digital mailboxes (docs/letters.md): send one (the PDF checked or rendered, stored with its
 * reservation before the 201, then delivered by the outbox), read, list. The id derives from the Idempotency-Key.
 */
export const letterRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['letters'];
  const channel = messageChannels.get('letter');

  app.post('/v1/letters', {
    bodyLimit: LETTER_BODY_LIMIT_BYTES,
    schema: { operationId: 'sendLetter', tags, summary: 'Send a letter to a digital mailbox (print fallback optional): 500 øre when delivered, reported by letter.status', body: LetterCreate, response: { 201: Letter } },
    config: { scope: 'letters:send', idempotency: 'required', prices: ['letterOre'] },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const id = idempotentId('ltr', caller, request.idempotencyKey!);
    const row = await sql.begin((tx) => sendLetter(tx, clock, channel, caller, id, request.body));
    await wakeAfterAccept(services);
    return reply.code(201).header('location', `/v1/letters/${row.id}`).send(letterView(row));
  });

  app.get('/v1/letters', {
    schema: { operationId: 'listLetters', tags, summary: 'List letters, newest first, by profile, state and time', querystring: LetterListQuery, response: { 200: LetterList } },
    config: { scope: 'letters:read' },
  }, async (request) => {
    const q = request.query;
    return listMessages(sql, keyPrincipal(request), 'letter', {
      profileId: q.profileId,
      state: q.state,
      createdAfterMs: q.createdAfter === undefined ? undefined : Date.parse(q.createdAfter),
      createdBeforeMs: q.createdBefore === undefined ? undefined : Date.parse(q.createdBefore),
      before: q.before,
      limit: q.limit,
    }, letterView);
  });

  app.get('/v1/letters/:id', {
    schema: { operationId: 'getLetter', tags, summary: 'Read a letter and its state', params: Type.Object({ id: IdParam }), response: { 200: Letter } },
    config: { scope: 'letters:read' },
  }, async (request) => letterView(await getMessage(sql, keyPrincipal(request), 'letter', request.params.id)));
};
