import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import type { ParticipantReply } from '../../../protocol/calls/call-actor.js';
import { AddParticipantRequest, Participant, RemoveParticipantResult, UpdateParticipantRequest, type RemoveParticipantResult as Removed } from '../../../protocol/calls/participant.js';
import type { Services } from '../../../shared/services/services.js';
import { askActor, messageIdFor } from '../../calls/mailbox/call-mailbox.js';
import { addParticipant } from '../../calls/requests/call-additions.js';
import { findCall } from '../../calls/store/call-records.js';
import { callsService } from '../../calls/requests/calls-service.js';
import { keyPrincipal } from '../route-config.js';

/**
 * Participants of a running call: add a phone, app user or bot (app and bot come back with connection
 * {url, token}; each brings its own reservation), change how one takes part (muted, held, audioMode),
 * remove one (the others stay), and fetch a new room token after a reload or drop.
 */
export const callParticipantRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const calls = callsService(services);
  const { sql } = services;
  const tags = ['calls'];
  const params = Type.Object({ id: IdParam });
  const one = Type.Object({ id: IdParam, participantId: IdParam });

  app.post('/v1/calls/:id/participants', {
    schema: { tags, summary: 'Add a participant (phone, app or bot) to a running call', params, body: AddParticipantRequest, response: { 200: Participant, 201: Participant } },
    config: { scope: 'calls:write', idempotency: 'required', prices: ['phoneMinuteOre', 'appParticipantMinuteOre', 'botMinuteOre', 'streamMinuteOre', 'inboundMinuteOre'] },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const call = await findCall(sql, caller, request.params.id);
    const added = await addParticipant(calls, caller, call, request.body.participant, request.idempotencyKey);
    return reply.code(added.created ? 201 : 200).send(added.participant);
  });

  app.patch('/v1/calls/:id/participants/:participantId', {
    schema: { tags, summary: 'Mute, hold or change the audio mode of a participant', params: one, body: UpdateParticipantRequest, response: { 200: Participant } },
    config: { scope: 'calls:write', idempotency: 'optional' },
  }, async (request) => {
    const caller = keyPrincipal(request);
    const call = await findCall(sql, caller, request.params.id);
    const answer = await askActor(calls.actors, call.id, {
      id: messageIdFor(caller, request.idempotencyKey, 'participant.update'),
      type: 'participant.update',
      payload: { participantId: request.params.participantId, ...request.body },
    });
    return calls.signer.participant(answer.body as ParticipantReply);
  });

  app.delete('/v1/calls/:id/participants/:participantId', {
    schema: { tags, summary: 'Remove a participant; the others stay in the call', params: one, response: { 200: RemoveParticipantResult } },
    config: { scope: 'calls:write', idempotency: 'optional' },
  }, async (request) => {
    const caller = keyPrincipal(request);
    const call = await findCall(sql, caller, request.params.id);
    const answer = await askActor(calls.actors, call.id, {
      id: messageIdFor(caller, request.idempotencyKey, 'participant.remove'),
      type: 'participant.remove',
      payload: { participantId: request.params.participantId },
    });
    return answer.body as Removed;
  });

  app.post('/v1/calls/:id/participants/:participantId/token', {
    schema: { tags, summary: 'New connection details (room token) for an app or bot participant', params: one, response: { 200: Participant } },
    config: { scope: 'calls:write', idempotency: 'optional' },
  }, async (request) => {
    const caller = keyPrincipal(request);
    const call = await findCall(sql, caller, request.params.id);
    const answer = await askActor(calls.actors, call.id, {
      id: messageIdFor(caller, request.idempotencyKey, 'participant.token'),
      type: 'participant.token',
      payload: { participantId: request.params.participantId },
    });
    return calls.signer.participant(answer.body as ParticipantReply);
  });
};
