import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { Command } from '../../../protocol/calls/command.js';
import { askActor, messageIdFor } from '../requests/actor-requests.js';
import { liveTranscription } from '../machines/call-transcription.js';
import { commandBody } from '../machines/reply-bodies.js';
import { defineVerb } from './verb.js';

type StopTranscriptionEvent = Extract<CallRequestEvent, { type: 'command.stopTranscription' }>;

/**
 * transcription/stop: ends the running live transcription; the utterance being spoken is still finished and
 * sent. Answers with its transcription.start command; its charge stops running now.
 */
export const transcriptionStopVerb = defineVerb<StopTranscriptionEvent>({
  name: 'transcription/stop',
  event: 'command.stopTranscription',
  route: {
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
  },
  live(d) {
    const t = liveTranscription(d.ctx);
    const cmd = t?.commandId ? d.command(t.commandId) : undefined;
    if (t === undefined || cmd === undefined) return d.refuse('transcription_not_running');
    t.state = 'stopping';
    cmd.chargeUntil = d.at;
    d.op({ op: 'stopTranscription', transcriptionId: t.id });
    d.reply(commandBody(d.ctx, cmd));
  },
});
