import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import type { CallReply } from '../../../protocol/calls/call-actor.js';
import { Call, CreateCallRequest, UpdateCallRequest } from '../../../protocol/calls/call.js';
import { CallList, CallListQuery } from '../../../protocol/calls/call-list.js';
import { listCalls } from '../../calls/store/call-list.js';
import { Command } from '../../../protocol/calls/command.js';
import { Transcript } from '../../../protocol/calls/transcript.js';
import { callTranscript } from '../../calls/store/call-transcripts.js';
import { SentralError, isSentralError } from '../../../shared/errors/sentral-error.js';
import type { Services } from '../../../shared/services/services.js';
import { askActor, messageIdFor } from '../../calls/mailbox/call-mailbox.js';
import { createCall } from '../../calls/requests/call-launcher.js';
import { readCall, readCommand } from '../../calls/requests/call-reads.js';
import { findCall, setMetadataAfterEnd } from '../../calls/store/call-records.js';
import { callView } from '../../calls/store/call-views.js';
import { callsService } from '../../calls/requests/calls-service.js';
import { keyPrincipal } from '../route-config.js';
import { checkVoice } from '../voice-param.js';

/**
 * Calls: start one (everything requested is priced and reserved at once; Idempotency-Key required), read it,
 * set its metadata (also after it ended, to record an outcome), read a command's outcome. What a call does on
 * request (hang up, say, …) is a verb (call-actions.ts); the call's actor answers once its decision is committed.
 */
export const callRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const calls = callsService(services);
  const { sql } = services;
  const tags = ['calls'];
  const params = Type.Object({ id: IdParam });

  app.post('/v1/calls', {
    schema: { tags, summary: 'Start a call: dial `to`, or open a call between app participants', body: CreateCallRequest, response: { 201: Call } },
    config: { scope: 'calls:write', idempotency: 'required', prices: ['phoneMinuteOre', 'appParticipantMinuteOre', 'botMinuteOre', 'streamMinuteOre', 'recordingMinuteOre', 'transcriptionMinuteOre'] },
    preValidation: checkVoice,
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const call = await calls.admission.run(caller.companyId, () => createCall(calls, caller, request.body, request.idempotencyKey!));
    return reply.code(201).send(call);
  });

  app.get('/v1/calls', {
    schema: { tags, summary: 'List calls, newest first, with filters; a running call\'s priceOre is its cost so far', querystring: CallListQuery, response: { 200: CallList } },
    config: { scope: 'calls:read' },
  }, async (request) => listCalls(sql, keyPrincipal(request), request.query, services.clock.now(), (c) => calls.signer.call(c)));

  app.get('/v1/calls/:id', {
    schema: { tags, summary: 'Read a call', params, response: { 200: Call } },
    config: { scope: 'calls:read' },
  }, async (request) => {
    const row = await findCall(sql, keyPrincipal(request), request.params.id);
    return readCall(calls, row.id);
  });

  app.patch('/v1/calls/:id', {
    schema: { tags, summary: 'Set the call\'s metadata (also after the call, e.g. its outcome); later events carry it', params, body: UpdateCallRequest, response: { 200: Call } },
    config: { scope: 'calls:write', idempotency: 'optional' },
  }, async (request) => {
    const caller = keyPrincipal(request);
    const row = await findCall(sql, caller, request.params.id);
    const view = await callView(sql, row.id);
    if (view !== null && !view.done) {
      try {
        const answer = await askActor(calls.actors, row.id, { id: messageIdFor(caller, request.idempotencyKey, 'update'), type: 'call.update', payload: { metadata: request.body.metadata } });
        return await calls.signer.call(answer.body as CallReply);
      } catch (err) {
        if (!isSentralError(err, 'call_ended')) throw err;
      }
    }
    await setMetadataAfterEnd(sql, row.id, request.body.metadata);
    return readCall(calls, row.id);
  });

  app.get('/v1/calls/:id/transcript', {
    schema: { tags, summary: 'Read the transcript: each participant\'s utterances in time order and the full text (after call.transcript.ready)', params, response: { 200: Transcript } },
    config: { scope: 'calls:read' },
  }, async (request) => {
    const row = await findCall(sql, keyPrincipal(request), request.params.id);
    const transcript = await callTranscript(sql, row.id);
    if (transcript === null) throw new SentralError('transcript_not_ready');
    return transcript;
  });

  app.get('/v1/calls/:id/commands/:commandId', {
    schema: { tags, summary: 'Read a command and its outcome', params: Type.Object({ id: IdParam, commandId: IdParam }), response: { 200: Command } },
    config: { scope: 'calls:read' },
  }, async (request) => {
    const row = await findCall(sql, keyPrincipal(request), request.params.id);
    return readCommand(calls, row.id, request.params.commandId);
  });
};
