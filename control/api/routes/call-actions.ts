import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import { DtmfRequest, TranscriptionStartRequest } from '../../../protocol/calls/call-control.js';
import { Command, GatherRequest, PlayRequest, SayRequest, type Command as CommandBody } from '../../../protocol/calls/command.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { newId } from '../../../shared/ids/ids.js';
import { espeakVoice } from '../../../media/speech/voices.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import type { Services } from '../../app/services.js';
import { askActor, messageIdFor } from '../../calls/actor-requests.js';
import { startRecording } from '../../calls/call-additions.js';
import { findCall } from '../../calls/call-records.js';
import { callsService } from '../../calls/calls-service.js';
import { derivedId } from '../../calls/derived-id.js';
import { getClip } from '../../clips/audio-clips.js';
import { keyPrincipal } from '../route-config.js';

/**
 * What a running call does on request: read text aloud, play a clip, ask and gather keys, stop what plays,
 * start recording. Each answers at once with a command (`cmd_…`, derived from the Idempotency-Key) whose
 * outcome arrives as call.command.completed / failed / uncertain and can be read. Keypad tones, live
 * transcription and listening for speech are refused with their codes until they exist.
 */
export const callActionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const calls = callsService(services);
  const { sql, clock } = services;
  const tags = ['calls'];
  const params = Type.Object({ id: IdParam });
  const response = { 201: Command, 200: Command };

  /** Sends a command request to the call's actor; 201 for a new command, 200 for a retry's existing one. */
  const command = async (caller: KeyPrincipal, callId: string, key: string | null, type: string, payload: Record<string, unknown>) => {
    const call = await findCall(sql, caller, callId);
    const commandId = key === null ? newId('cmd', clock) : derivedId('cmd', caller.companyId, caller.mode, key);
    const answer = await askActor(calls.actors, call.id, { id: messageIdFor(caller, key, type), type, payload: { commandId, ...payload } });
    return { status: answer.status === 201 ? (201 as const) : (200 as const), body: answer.body as CommandBody };
  };
  const checkClip = async (caller: KeyPrincipal, clipId: string | undefined) => {
    if (clipId === undefined) return;
    await getClip(sql, caller, clipId).catch(() => {
      throw new SentralError('not_found', { message: 'No such audio clip.', param: 'audioClipId' });
    });
  };

  app.post('/v1/calls/:id/say', {
    schema: { tags, summary: 'Read text aloud to everyone, or to one participant', params, body: SayRequest, response },
    config: { scope: 'calls:write', idempotency: 'required' },
  }, async (request, reply) => {
    const { text, voice, participantId, repeat } = request.body;
    if (voice !== undefined) espeakVoice(voice);
    const r = await command(keyPrincipal(request), request.params.id, request.idempotencyKey, 'command.say', { text, voice, participantId, repeat });
    return reply.code(r.status).send(r.body);
  });

  app.post('/v1/calls/:id/play', {
    schema: { tags, summary: 'Play an audio clip, optionally repeated', params, body: PlayRequest, response },
    config: { scope: 'calls:write', idempotency: 'optional' },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const { audioClipId, participantId, repeat } = request.body;
    await checkClip(caller, audioClipId);
    const r = await command(caller, request.params.id, request.idempotencyKey, 'command.play', { clipId: audioClipId, participantId, repeat });
    return reply.code(r.status).send(r.body);
  });

  app.post('/v1/calls/:id/gather', {
    schema: { tags, summary: 'Ask (text or clip) and gather keys; the result arrives as call.gather.completed', params, body: GatherRequest, response },
    config: { scope: 'calls:write', idempotency: 'required' },
    // Before validation, so that asking for speech is told apart from a malformed body.
    preValidation: async (request) => {
      const input = (request.body as { input?: unknown } | null)?.input;
      if (Array.isArray(input) && input.includes('speech')) throw new SentralError('speech_input_unavailable', { param: 'input' });
    },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const { text, audioClipId, voice, numDigits, finishOnKey, timeoutSeconds, choices } = request.body;
    if (text !== undefined && audioClipId !== undefined) {
      throw new SentralError('invalid_request', { message: 'Ask with text or audioClipId, not both.', param: 'audioClipId' });
    }
    if (voice !== undefined) espeakVoice(voice);
    await checkClip(caller, audioClipId);
    const r = await command(caller, request.params.id, request.idempotencyKey, 'command.gather', {
      text, clipId: audioClipId, voice, numDigits, finishOnKey, timeoutSeconds, choices,
    });
    return reply.code(r.status).send(r.body);
  });

  app.post('/v1/calls/:id/media/stop', {
    schema: { tags, summary: 'Stop audio that is playing (and a running gather, as stopped)', params, response },
    config: { scope: 'calls:write', idempotency: 'optional' },
  }, async (request, reply) => {
    const r = await command(keyPrincipal(request), request.params.id, request.idempotencyKey, 'command.stopMedia', {});
    return reply.code(r.status).send(r.body);
  });

  app.post('/v1/calls/:id/recording/start', {
    schema: { tags, summary: 'Start recording the call (priced per minute until the call ends); call.recording.ready follows when the call ends', params, response },
    config: { scope: 'calls:write', idempotency: 'optional' },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const call = await findCall(sql, caller, request.params.id);
    const r = await startRecording(calls, caller, call, request.idempotencyKey);
    return reply.code(r.created ? 201 : 200).send(r.command);
  });

  app.post('/v1/calls/:id/transcription/start', {
    schema: { tags, summary: 'Start live transcription (not available yet: transcription_unavailable)', params, body: Type.Optional(TranscriptionStartRequest) },
    config: { scope: 'calls:write', idempotency: 'optional' },
  }, async (request) => {
    await findCall(sql, keyPrincipal(request), request.params.id);
    throw new SentralError('transcription_unavailable');
  });

  app.post('/v1/calls/:id/dtmf', {
    schema: { tags, summary: 'Send keypad tones into the call (not opened yet: capability_unavailable)', params, body: Type.Optional(DtmfRequest) },
    config: { scope: 'calls:write', idempotency: 'optional' },
  }, async () => {
    throw new SentralError('capability_unavailable', { message: 'Sending keypad tones into a call is not opened yet.' });
  });
};
