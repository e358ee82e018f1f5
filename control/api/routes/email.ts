import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EMAIL_BATCH_BODY_LIMIT_BYTES, EmailBatch, EmailBatchCreate } from '../../../protocol/messaging/email.js';
import type { Services } from '../../../shared/services/services.js';
import { messageChannels } from '../../messaging/channels/channel-registry.js';
import { sendEmailMessages } from '../../messaging/email/email-batch.js';
import { wakeAfterAccept } from '../../messaging/send-batcher.js';
import { keyPrincipal } from '../route-config.js';

/**
 * Email's own route (docs/email.md): up to 500 emails all or nothing. Send, list, read and cancel are
 * every channel's (message-channels.ts).
 */
export const emailRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const channel = messageChannels.get('email');

  app.post('/v1/email/batch', {
    bodyLimit: EMAIL_BATCH_BODY_LIMIT_BYTES,
    schema: { operationId: 'createEmailBatch', tags: ['email'], summary: 'Send up to 500 emails, each as POST /v1/email\'s body: all accepted in one go, or none', body: EmailBatchCreate, response: { 201: EmailBatch } },
    config: { scope: 'email:send', idempotency: 'required', prices: ['emailOre'] },
  }, async (request, reply) => {
    const batch = await sendEmailMessages(sql, clock, channel, keyPrincipal(request), request.idempotencyKey!, request.body);
    await wakeAfterAccept(services);
    return reply.code(201).send(batch);
  });
};
