import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import { Stream, StreamStartRequest, type Stream as StreamBody } from '../../../protocol/calls/stream.js';
import type { Services } from '../../app/services.js';
import { askActor, messageIdFor } from '../../calls/actor-requests.js';
import { startStream } from '../../calls/call-additions.js';
import { readStream } from '../../calls/call-reads.js';
import { findCall } from '../../calls/call-records.js';
import { callsService } from '../../calls/calls-service.js';
import { keyPrincipal } from '../route-config.js';

/**
 * Streams of a call's audio to the customer's WebSocket server (a participant of kind stream): start one
 * (1 per call, 5 concurrent per company; priced per started minute and reserved at start), read it, stop it.
 */
export const streamRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const calls = callsService(services);
  const { sql } = services;
  const tags = ['streams'];
  const one = Type.Object({ id: IdParam, streamId: IdParam });

  app.post('/v1/calls/:id/streams', {
    schema: { tags, summary: 'Open a stream of the call to a registered endpoint\'s WebSocket server', params: Type.Object({ id: IdParam }), body: StreamStartRequest, response: { 200: Stream, 201: Stream } },
    config: { scope: 'streams:write', idempotency: 'optional' },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const call = await findCall(sql, caller, request.params.id);
    const started = await startStream(calls, caller, call, request.body, request.idempotencyKey);
    return reply.code(started.created ? 201 : 200).send(started.stream);
  });

  app.get('/v1/calls/:id/streams/:streamId', {
    schema: { tags, summary: 'Read a stream', params: one, response: { 200: Stream } },
    config: { scope: 'calls:read' },
  }, async (request) => {
    const call = await findCall(sql, keyPrincipal(request), request.params.id);
    return readStream(calls, call.id, request.params.streamId);
  });

  app.post('/v1/calls/:id/streams/:streamId/stop', {
    schema: { tags, summary: 'Stop a stream (its server gets stop, then the socket closes)', params: one, response: { 200: Stream } },
    config: { scope: 'streams:write', idempotency: 'optional' },
  }, async (request) => {
    const caller = keyPrincipal(request);
    const call = await findCall(sql, caller, request.params.id);
    const answer = await askActor(calls.actors, call.id, {
      id: messageIdFor(caller, request.idempotencyKey, 'stream.stop'),
      type: 'stream.stop',
      payload: { streamId: request.params.streamId },
    });
    return answer.body as StreamBody;
  });
};
