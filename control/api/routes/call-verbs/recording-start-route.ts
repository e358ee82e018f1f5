import { Command } from '../../../../protocol/calls/command.js';
import { startRecording } from '../../../calls/requests/call-additions.js';
import { defineVerbRoute } from './verb-route.js';

/** recording/start: POST /v1/calls/:id/recording/start: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/recording-start.ts). */
export const recordingStartRoute = defineVerbRoute({
  verb: 'recording/start',
  path: 'recording/start',
  summary: 'Start recording the call (priced per minute until the call ends); call.recording.ready follows when the call ends',
  scope: 'calls:write',
  idempotency: 'required',
  prices: ['recordingMinuteOre'],
  response: { 201: Command, 200: Command },
  handle: async (r) => {
    const started = await startRecording(r.calls, r.caller, r.call, r.idempotencyKey);
    return { status: started.created ? 201 : 200, body: started.command };
  },
});
