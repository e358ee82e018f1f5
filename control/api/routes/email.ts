import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import { Email, EMAIL_BATCH_BODY_LIMIT_BYTES, EMAIL_BODY_LIMIT_BYTES, EmailBatch, EmailBatchCreate, EmailCreate, EmailList, EmailListQuery } from '../../../protocol/messaging/email.js';
import type { Services } from '../../app/services.js';
import { wakeDispatcher } from '../../events/event-log.js';
import { messageChannels } from '../../messaging/channel-registry.js';
import { cancelEmail, sendEmailBatch, type EmailSend } from '../../messaging/email/email-service.js';
import { emailView } from '../../messaging/email/email-view.js';
import { sendEmailMessages } from '../../messaging/email/email-batch.js';
import { getMessage, listMessages } from '../../messaging/message-store.js';
import { sendBatcher, wakeAfterAccept } from '../../messaging/send-batcher.js';
import { keyPrincipal } from '../route-config.js';
import { idempotentId } from '../../accounts/principal.js';

/**
 * Email (docs/email.md): send one (stored with its reservation before the 201, then handed to the relay by
 * the messaging role's outbox) or up to 500 all or nothing, read, list, cancel a scheduled one. The ids derive
 * from the Idempotency-Key.
 */
export const emailRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['email'];
  const channel = messageChannels.get('email');
  // Concurrent sends share a transaction, set-based (one lookup of each kind for the batch, one commit).
  const sends = sendBatcher<EmailSend>(services, (batch) => sql.begin((tx) => sendEmailBatch(tx, clock, channel, batch)));

  app.post('/v1/email', {
    bodyLimit: EMAIL_BODY_LIMIT_BYTES,
    schema: { operationId: 'sendEmail', tags, summary: 'Send an email: DKIM-signed from a sender domain, priced per recipient, sent by the outbox, reported by email.status', body: EmailCreate, response: { 201: Email } },
    config: { scope: 'email:send', idempotency: 'required', prices: ['emailOre'] },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const id = idempotentId('eml', caller, request.idempotencyKey!);
    const row = await sends.submit({ caller, id, body: request.body });
    return reply.code(201).header('location', `/v1/email/${row.id}`).send(emailView(row));
  });

  app.post('/v1/email/batch', {
    bodyLimit: EMAIL_BATCH_BODY_LIMIT_BYTES,
    schema: { operationId: 'createEmailBatch', tags, summary: 'Send up to 500 emails, each as POST /v1/email\'s body: all accepted in one go, or none', body: EmailBatchCreate, response: { 201: EmailBatch } },
    config: { scope: 'email:send', idempotency: 'required', prices: ['emailOre'] },
  }, async (request, reply) => {
    const batch = await sendEmailMessages(sql, clock, channel, keyPrincipal(request), request.idempotencyKey!, request.body);
    await wakeAfterAccept(services);
    return reply.code(201).send(batch);
  });

  app.get('/v1/email', {
    schema: { operationId: 'listEmail', tags, summary: 'List email, newest first, by profile, state, recipient and time', querystring: EmailListQuery, response: { 200: EmailList } },
    config: { scope: 'email:read' },
  }, async (request) => {
    const q = request.query;
    return listMessages(sql, keyPrincipal(request), 'email', {
      profileId: q.profileId,
      state: q.state,
      to: q.to?.toLowerCase(),
      createdAfterMs: q.createdAfter === undefined ? undefined : Date.parse(q.createdAfter),
      createdBeforeMs: q.createdBefore === undefined ? undefined : Date.parse(q.createdBefore),
      before: q.before,
      limit: q.limit,
    }, emailView);
  });

  app.get('/v1/email/:id', {
    schema: { operationId: 'getEmail', tags, summary: 'Read an email and its state', params: Type.Object({ id: IdParam }), response: { 200: Email } },
    config: { scope: 'email:read' },
  }, async (request) => emailView(await getMessage(sql, keyPrincipal(request), 'email', request.params.id)));

  app.post('/v1/email/:id/cancel', {
    schema: { operationId: 'cancelEmail', tags, summary: 'Cancel a scheduled email (its reservation is released)', params: Type.Object({ id: IdParam }), response: { 200: Email } },
    config: { scope: 'email:send', idempotency: 'optional' },
  }, async (request) => {
    const row = await cancelEmail(sql, clock, channel, keyPrincipal(request), request.params.id);
    await wakeDispatcher(services.bus).catch(() => undefined);
    return emailView(row);
  });
};
