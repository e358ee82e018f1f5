import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import { CreateTranscriptionSession, TranscriptionSession } from '../../../protocol/transcription/transcription-session.js';
import { issueSessionToken } from '../../../shared/signing/session-token.js';
import type { Services } from '../../../shared/services/services.js';
import { callsService } from '../../calls/requests/calls-service.js';
import { createSession, getSession, sessionView } from '../../transcription/transcription-sessions.js';
import { keyPrincipal } from '../route-config.js';
import { idempotentId } from '../../accounts/principal.js';

/**
 * Transcription sessions: a WebSocket on a media node where the customer streams audio and receives results
 * (docs/transcription.md). The session id derives from the Idempotency-Key.
 */
export const transcriptionSessionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const calls = callsService(services);
  const tags = ['transcription'];

  app.post('/v1/transcription/sessions', {
    schema: {
      tags,
      summary: 'Open a transcription session: a WebSocket (url, token) that takes audio and answers with what was said',
      body: CreateTranscriptionSession,
      response: { 201: TranscriptionSession },
    },
    config: { scope: 'transcription:write', idempotency: 'required', prices: ['transcriptionMinuteOre'] },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const id = idempotentId('trs', caller, request.idempotencyKey!);
    const node = await calls.picker.pick(1);
    const url = node.roomUrl.replace(/\/room$/, '/transcription');
    const row = await sql.begin((tx) => createSession(tx, clock, caller, id, request.body, url));
    const token = await issueSessionToken(await calls.roomKey(), {
      sessionId: row.id,
      encoding: row.encoding,
      language: row.language,
      maxMinutes: row.max_minutes,
      notBefore: Number(row.created_at_ms),
      expiresAt: Number(row.expires_at_ms),
    });
    return reply.code(201).header('location', `/v1/transcription/sessions/${row.id}`).send({ ...sessionView(row), token });
  });

  app.get('/v1/transcription/sessions/:id', {
    schema: { tags, summary: 'Read a transcription session: its status and, once closed, the audio received and its price', params: Type.Object({ id: IdParam }), response: { 200: TranscriptionSession } },
    config: { scope: 'transcription:read' },
  }, async (request) => getSession(sql, keyPrincipal(request), request.params.id));
};
