import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import { Sms, SmsBatch, SmsBatchCreate, SmsCreate, SmsList, SmsListQuery, SmsQuote, SmsQuoteRequest } from '../../../protocol/messaging/sms.js';
import type { Services } from '../../app/services.js';
import { wakeDispatcher } from '../../events/event-log.js';
import { messageChannels } from '../../messaging/channel-registry.js';
import { getMessage, listMessages } from '../../messaging/message-store.js';
import { cancelSms, quoteSms, sendSmsBatch, type SmsSend } from '../../messaging/sms/sms-service.js';
import { smsView } from '../../messaging/sms/sms-view.js';
import { sendSmsRecipients } from '../../messaging/sms/sms-batch.js';
import { sendBatcher, wakeAfterAccept } from '../../messaging/send-batcher.js';
import { keyPrincipal } from '../route-config.js';
import { idempotentId } from '../../accounts/principal.js';

/**
 * SMS (docs/sms.md): send one (stored with its reservation before the 201, then sent by the messaging
 * role's outbox), read, list, cancel a scheduled one, and quote a text. The message id derives from the
 * Idempotency-Key, so a retry names the same message and never sends twice.
 */
export const smsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['sms'];
  const channel = messageChannels.get('sms');
  // Concurrent sends share a transaction, set-based (one lock of the profile and the balance, one commit).
  const sends = sendBatcher<SmsSend>(services, (batch) => sql.begin((tx) => sendSmsBatch(tx, clock, channel, batch)));

  app.post('/v1/sms', {
    schema: { operationId: 'sendSms', tags, summary: 'Send an SMS: priced and reserved now, sent by the outbox, reported by sms.status', body: SmsCreate, response: { 201: Sms } },
    config: { scope: 'sms:send', idempotency: 'required', prices: ['smsUnitOre'] },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const id = idempotentId('msg', caller, request.idempotencyKey!);
    const row = await sends.submit({ caller, id, body: request.body });
    return reply.code(201).header('location', `/v1/sms/${row.id}`).send(smsView(row));
  });

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

  app.get('/v1/sms', {
    schema: { operationId: 'listSms', tags, summary: 'List SMS, newest first, by profile, direction, state, recipient and time', querystring: SmsListQuery, response: { 200: SmsList } },
    config: { scope: 'sms:read' },
  }, async (request) => {
    const q = request.query;
    return listMessages(sql, keyPrincipal(request), 'sms', {
      profileId: q.profileId,
      direction: q.direction,
      state: q.state,
      to: q.to,
      createdAfterMs: q.createdAfter === undefined ? undefined : Date.parse(q.createdAfter),
      createdBeforeMs: q.createdBefore === undefined ? undefined : Date.parse(q.createdBefore),
      before: q.before,
      limit: q.limit,
    }, smsView);
  });

  app.get('/v1/sms/:id', {
    schema: { operationId: 'getSms', tags, summary: 'Read an SMS and its state', params: Type.Object({ id: IdParam }), response: { 200: Sms } },
    config: { scope: 'sms:read' },
  }, async (request) => smsView(await getMessage(sql, keyPrincipal(request), 'sms', request.params.id)));

  app.post('/v1/sms/:id/cancel', {
    schema: { operationId: 'cancelSms', tags, summary: 'Cancel a scheduled SMS (its reservation is released)', params: Type.Object({ id: IdParam }), response: { 200: Sms } },
    config: { scope: 'sms:send', idempotency: 'optional' },
  }, async (request) => {
    const row = await cancelSms(sql, clock, channel, keyPrincipal(request), request.params.id);
    await wakeDispatcher(services.bus).catch(() => undefined);
    return smsView(row);
  });
};
