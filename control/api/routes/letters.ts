import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { Services } from '../../../shared/services/services.js';
import { getMessage } from '../../messaging/message-reads.js';
import { keyPrincipal } from '../route-config.js';

/**
 * Letters' own route (docs/letters.md): the letter's PDF as it was sent, or will be. Send, list, read and
 * cancel are every channel's (message-channels.ts).
 */
export const letterRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql } = services;

  app.get('/v1/letters/:id/pdf', {
    schema: {
      operationId: 'getLetterPdf',
      tags: ['letters'],
      summary: 'Download the letter\'s PDF: the document as it goes to the mailbox or to print',
      params: Type.Object({ id: IdParam }),
      produces: ['application/pdf'],
    },
    config: { scope: 'letters:read' },
  }, async (request, reply) => {
    // The letter as GET /v1/letters/:id finds it (company, mode, profile), so another's is not found.
    const letter = await getMessage(sql, keyPrincipal(request), 'letter', request.params.id);
    const [blob] = await sql<{ body: Buffer }[]>`select body from message_blobs where message_id = ${letter.id} and name = 'document'`;
    // A campaign's letter gets its PDF when the pipeline takes it up.
    if (!blob) throw new SentralError('not_found', { message: 'The letter\'s PDF is not made yet: a campaign\'s letter gets it when it is sent.' });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', blob.body.length)
      .header('content-disposition', `inline; filename="${letter.id}.pdf"`)
      .send(blob.body);
  });
};
