import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SimSmsCreate, Sms } from '../../../protocol/messaging/sms.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { Services } from '../../../shared/services/services.js';
import { wakeDispatcher } from '../../events/event-log.js';
import { messageChannels } from '../../messaging/channels/channel-registry.js';
import { receiveSms } from '../../messaging/sms/sms-inbound.js';
import { smsView } from '../../messaging/sms/sms-view.js';

/**
 * The simulated network's inbound SMS (admin token): a phone texts a provisioned number, which is what a
 * deliver_sm from the SMSC does (sms.received, STOP and START applied).
 */
export const adminSimSmsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;

  app.post('/admin/v1/sim/sms', {
    schema: { operationId: 'simulateInboundSms', tags: ['admin'], summary: 'A phone on the simulated network sends an SMS to a provisioned number', body: SimSmsCreate, response: { 201: Sms } },
    config: { auth: 'admin', idempotency: 'optional' },
  }, async (request, reply) => {
    const row = await receiveSms(sql, clock, messageChannels.get('sms'), request.body);
    if (!row) throw new SentralError('not_found', { message: 'No active number has this value.', param: 'to' });
    await wakeDispatcher(services.bus).catch(() => undefined);
    return reply.code(201).send(smsView(row));
  });
};
