import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { liveTranscription } from '../speech/call-transcription.js';
import { commandBody } from '../context/reply-bodies.js';
import { defineVerb } from './verb.js';

type StopTranscriptionEvent = Extract<CallRequestEvent, { type: 'command.stopTranscription' }>;

/**
 * transcription/stop: ends the running live transcription; the utterance being spoken is still finished and
 * sent. Answers with its transcription.start command; its charge stops running now.
 */
export const transcriptionStopVerb = defineVerb<StopTranscriptionEvent>({
  name: 'transcription/stop',
  event: 'command.stopTranscription',
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
