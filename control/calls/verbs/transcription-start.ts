import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { liveTranscription, startTranscription, transcriptionOp } from '../speech/call-transcription.js';
import { commandBody } from '../context/reply-bodies.js';
import { admitCommand, issueCommand } from '../machines/command-machine.js';
import { defineVerb } from './verb.js';

type StartTranscriptionEvent = Extract<CallRequestEvent, { type: 'command.startTranscription' }>;

/**
 * transcription/start: live transcription of everyone (also who joins later) or of the chosen participants.
 * Each utterance's final text is sent as call.transcription.segment as soon as it ends, until
 * transcription/stop or the call's end; the segments are in the call's transcript (call.transcript.ready).
 * Priced per started minute from the start to the stop or the call's end (reserved by the API).
 */
export const transcriptionStartVerb = defineVerb<StartTranscriptionEvent>({
  name: 'transcription/start',
  event: 'command.startTranscription',
  live(d, e) {
    if (!admitCommand(d, e)) return;
    if (liveTranscription(d.ctx) !== undefined) return d.refuse('transcription_running');
    for (const id of e.participantIds ?? []) if (!d.participant(id)) return d.refuse('not_found', 'participantIds');
    const t = startTranscription(d, { id: e.commandId, mode: 'live', commandId: e.commandId });
    const cmd = issueCommand(d, {
      id: e.commandId,
      action: 'transcription.start',
      op: transcriptionOp(t, e.participantIds, e.language),
      playback: false,
      resultWindowMs: 0,
      charge: e.charge ?? null,
    });
    t.opId = cmd.opId;
    d.reply(commandBody(d.ctx, cmd), 201);
  },
  command: {
    action: 'transcription.start',
    outcome: 'the node acknowledges startTranscription → completed; call.transcription.segment per utterance until stopped or the call ends',
  },
});
