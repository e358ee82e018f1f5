import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SinkMessageList } from '../../../protocol/messaging/email.js';
import { listSink, readSinkMessage } from '../../../carriers/email/smtp-sink.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { Services } from '../../../shared/services/services.js';
import { emailSinkDir } from '../../messaging/email/email-channel.js';

/** The embedded SMTP sink's messages (docs/email.md): what `npm start` "sent" without a relay. */
export const adminEmailSinkRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const dir = emailSinkDir(services.config.dataDir);
  const tags = ['admin'];

  app.get('/admin/v1/email-sink', {
    schema: {
      operationId: 'adminListEmailSink', tags, summary: 'List what the embedded SMTP sink received, newest first',
      querystring: Type.Object({ before: Type.Optional(Type.String({ pattern: '^[0-9]{15}-[0-9a-f]{12}$' })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }, { additionalProperties: false }),
      response: { 200: SinkMessageList },
    },
    config: { auth: 'admin' },
  }, async (request) => {
    const limit = request.query.limit ?? 50;
    const entries = await listSink(dir, { limit: limit + 1, ...(request.query.before ? { before: request.query.before } : {}) });
    const page = entries.slice(0, limit);
    return {
      object: 'list' as const,
      data: page.map((e) => ({ id: e.id, receivedAt: new Date(e.receivedAtMs).toISOString(), mailFrom: e.mailFrom, rcptTo: e.rcptTo, messageIdHeader: e.messageIdHeader, subject: e.subject, sizeBytes: e.sizeBytes })),
      hasMore: entries.length > limit,
      nextCursor: entries.length > limit ? page[page.length - 1]!.id : null,
    };
  });

  app.get('/admin/v1/email-sink/:id', {
    schema: { operationId: 'adminGetEmailSinkMessage', tags, summary: 'One message the sink received, raw (message/rfc822)', params: Type.Object({ id: Type.String({ pattern: '^[0-9]{15}-[0-9a-f]{12}$' }) }), produces: ['message/rfc822'] },
    config: { auth: 'admin' },
  }, async (request, reply) => {
    const raw = await readSinkMessage(dir, request.params.id);
    if (!raw) throw new SentralError('not_found', { message: 'The sink has no such message.' });
    return reply.type('message/rfc822').send(raw);
  });
};
