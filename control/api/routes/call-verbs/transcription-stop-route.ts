import { Command } from '../../../../protocol/calls/command.js';
import { askActor, messageIdFor } from '../../../calls/mailbox/call-mailbox.js';
import { defineVerbRoute } from './verb-route.js';

/** transcription/stop: POST /v1/calls/:id/transcription/stop: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/transcription-stop.ts). */
export const transcriptionStopRoute = defineVerbRoute({
  verb: 'transcription/stop',
  path: 'transcription/stop',
  summary: 'Stop live transcription (its charge stops; the utterance being spoken is still sent)',
  scope: 'calls:write',
  idempotency: 'optional',
  response: { 200: Command },
  handle: async (r) => {
    const answer = await askActor(r.calls.actors, r.call.id, {
      id: messageIdFor(r.caller, r.idempotencyKey, 'command.stopTranscription'),
      type: 'command.stopTranscription',
      payload: {},
    });
    return { status: 200, body: answer.body };
  },
});
