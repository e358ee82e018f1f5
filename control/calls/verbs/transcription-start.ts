import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { TranscriptionStartRequest } from '../../../protocol/calls/call-control.js';
import { Command } from '../../../protocol/calls/command.js';
import { startTranscription as reserveAndStart } from '../requests/call-additions.js';
import { liveTranscription, startTranscription, transcriptionOp } from '../machines/call-transcription.js';
import { commandBody } from '../machines/reply-bodies.js';
import { issueCommand } from '../machines/command-machine.js';
import { admitCommand } from './command-verb.js';
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
  route: {
    path: 'transcription/start',
    summary: 'Start live transcription (priced per minute until stopped or the call ends); call.transcription.segment per utterance',
    scope: 'calls:write',
    idempotency: 'optional',
    body: TranscriptionStartRequest,
    response: { 201: Command, 200: Command },
    handle: async (r) => {
      const body = (r.body ?? {}) as TranscriptionStartRequest;
      const started = await reserveAndStart(r.calls, r.caller, r.call, body, r.idempotencyKey);
      return { status: started.created ? 201 : 200, body: started.command };
    },
  },
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
