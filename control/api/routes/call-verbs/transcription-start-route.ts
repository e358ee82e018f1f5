import { Command } from '../../../../protocol/calls/command.js';
import { TranscriptionStartRequest } from '../../../../protocol/calls/call-control.js';
import { startTranscription as reserveAndStart } from '../../../calls/requests/call-additions.js';
import { defineVerbRoute } from './verb-route.js';

/** transcription/start: POST /v1/calls/:id/transcription/start: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/transcription-start.ts). */
export const transcriptionStartRoute = defineVerbRoute({
  verb: 'transcription/start',
  path: 'transcription/start',
  summary: 'Start live transcription (priced per minute until stopped or the call ends); call.transcription.segment per utterance',
  scope: 'calls:write',
  idempotency: 'required',
  prices: ['transcriptionMinuteOre'],
  body: TranscriptionStartRequest,
  response: { 201: Command, 200: Command },
  handle: async (r) => {
    const body = (r.body ?? {}) as TranscriptionStartRequest;
    const started = await reserveAndStart(r.calls, r.caller, r.call, body, r.idempotencyKey);
    return { status: started.created ? 201 : 200, body: started.command };
  },
});
