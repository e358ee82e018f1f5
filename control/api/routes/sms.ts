import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SmsBatch, SmsBatchCreate, SmsQuote, SmsQuoteRequest } from '../../../protocol/messaging/sms.js';
import type { Services } from '../../../shared/services/services.js';
import { messageChannels } from '../../messaging/channels/channel-registry.js';
import { quoteSms } from '../../messaging/sms/sms-service.js';
import { sendSmsRecipients } from '../../messaging/sms/sms-batch.js';
import { wakeAfterAccept } from '../../messaging/send-batcher.js';
import { keyPrincipal } from '../route-config.js';

/**
 * SMS's own routes (docs/sms.md): one text to many recipients, and a text's quote. Send, list, read and
 * cancel are every channel's (message-channels.ts).
 */
export const smsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['sms'];
  const channel = messageChannels.get('sms');

  app.post('/v1/sms/batches', {
    schema: { operationId: 'createSmsBatch', tags, summary: 'Send one text to up to 1,000 recipients, ${name} filled per recipient: all accepted in one go, or none', body: SmsBatchCreate, response: { 201: SmsBatch } },
    config: { scope: 'sms:send', idempotency: 'required', prices: ['smsUnitOre'] },
  }, async (request, reply) => {
    const batch = await sendSmsRecipients(sql, clock, channel, keyPrincipal(request), request.idempotencyKey!, request.body);
    await wakeAfterAccept(services);
    return reply.code(201).send(batch);
  });

  app.post('/v1/sms/quote', {
    schema: { operationId: 'quoteSms', tags, summary: 'What a text costs as SMS: encoding, units, the characters that force UCS-2, price (free; sends nothing)', body: SmsQuoteRequest, response: { 200: SmsQuote } },
    config: { scope: 'sms:send' },
  }, async (request) => quoteSms(sql, keyPrincipal(request).companyId, request.body));
};
