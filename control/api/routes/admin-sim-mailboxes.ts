import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SimMailbox, SimMailboxCreate, SimMailboxLetterList } from '../../../protocol/messaging/letter.js';
import type { Services } from '../../../shared/services/services.js';
import { openSimLetter, registerSimMailbox, simMailboxLetters, simRecipientKey } from '../../messaging/letters/sim-mailboxes.js';

// A national identity number (11 digits) or an organisation number (9) in the path.
const RecipientParams = Type.Object({ recipient: Type.String({ pattern: '^[0-9]{9}$|^[0-9]{11}$' }) });

function keyOf(recipient: string): string {
  return simRecipientKey(recipient.length === 11 ? { nationalId: recipient } : { organisationNumber: recipient });
}

/** The simulated mailbox service (docs/letters.md): register recipients, see what they received, open a letter. */
export const adminSimMailboxRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['admin'];

  app.post('/admin/v1/sim/mailboxes', {
    schema: { operationId: 'adminCreateSimMailbox', tags, summary: 'Register a recipient (national identity number or organisation number) in the simulated mailbox service', body: SimMailboxCreate, response: { 201: SimMailbox } },
    config: { auth: 'admin', idempotency: 'optional' },
  }, async (request, reply) => {
    const recipient = simRecipientKey(request.body as { nationalId?: string; organisationNumber?: string });
    const createdAt = await registerSimMailbox(sql, clock, recipient);
    return reply.code(201).send({ object: 'sim_mailbox' as const, recipient, createdAt: new Date(createdAt).toISOString() });
  });

  app.get('/admin/v1/sim/mailboxes/:recipient/letters', {
    schema: { operationId: 'adminListSimMailboxLetters', tags, summary: 'The letters a simulated mailbox received, newest first, with their PDFs', params: RecipientParams, response: { 200: SimMailboxLetterList } },
    config: { auth: 'admin' },
  }, async (request) => {
    const rows = await simMailboxLetters(sql, keyOf(request.params.recipient));
    return {
      object: 'list' as const,
      data: rows.map((r) => ({
        messageId: r.message_id, subject: r.subject, channel: r.channel, deliveredAt: new Date(Number(r.delivered_at_ms)).toISOString(),
        readAt: r.read_at_ms === null ? null : new Date(Number(r.read_at_ms)).toISOString(), pdf: r.pdf.toString('base64'),
      })),
    };
  });

  app.post('/admin/v1/sim/mailboxes/:recipient/letters/:messageId/open', {
    schema: { operationId: 'adminOpenSimMailboxLetter', tags, summary: 'The recipient opens a letter: the service reports it read', params: Type.Object({ recipient: RecipientParams.properties.recipient, messageId: Type.String({ pattern: '^ltr_[0-9a-z]+$' }) }), response: { 200: Type.Object({ object: Type.Literal('sim_mailbox_open'), messageId: Type.String() }) } },
    config: { auth: 'admin', idempotency: 'optional' },
  }, async (request) => {
    await openSimLetter(sql, clock, keyOf(request.params.recipient), request.params.messageId);
    return { object: 'sim_mailbox_open' as const, messageId: request.params.messageId };
  });
};
