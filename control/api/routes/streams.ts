import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import { Stream } from '../../../protocol/calls/stream.js';
import type { Services } from '../../../shared/services/services.js';
import { readStream } from '../../calls/requests/call-reads.js';
import { findCall } from '../../calls/store/call-records.js';
import { callsService } from '../../calls/requests/calls-service.js';
import { keyPrincipal } from '../route-config.js';

/**
 * Streams of a call's audio to the customer's WebSocket server (a participant of kind stream): reading one.
 * Starting and stopping are call verbs (control/calls/verbs/stream-start.ts, stream-stop.ts).
 */
export const streamRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const calls = callsService(services);
  const { sql } = services;
  const tags = ['streams'];
  const one = Type.Object({ id: IdParam, streamId: IdParam });

  app.get('/v1/calls/:id/streams/:streamId', {
    schema: { tags, summary: 'Read a stream', params: one, response: { 200: Stream } },
    config: { scope: 'calls:read' },
  }, async (request) => {
    const call = await findCall(sql, keyPrincipal(request), request.params.id);
    return readStream(calls, call.id, request.params.streamId);
  });
};
