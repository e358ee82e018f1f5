import type { CallRequestEvent, Charge } from '../../../protocol/calls/call-actor.js';
import type { CommandRecord } from '../context/call-context.js';
import type { CallDraft } from '../context/call-draft.js';
import { commandBody } from '../context/reply-bodies.js';
import { admitCommand, finishCommand, issueCommand, onOpResult } from '../machines/command-machine.js';
import { defineVerb } from './verb.js';

type StartRecordingEvent = Extract<CallRequestEvent, { type: 'command.startRecording' }>;

/** Issues a recording command: the node records the call's mix until the session closes, then reports it. */
function issueRecording(d: CallDraft, commandId: string, recordingId: string, charge: Charge | null = null): CommandRecord {
  d.ctx.recordingsPending.push({ recordingId, commandId });
  return issueCommand(d, {
    id: commandId,
    action: 'recording.start',
    op: { op: 'startRecording', commandId, recordingId },
    playback: false,
    resultWindowMs: 0,
    slot: { recordingId },
    charge,
  });
}

/**
 * recording/start: records the call's mix from now to its end, priced per started minute from the command
 * (reserved by the API for the call's paid minutes left). A recording commanded while the call is live is
 * made and charged even when the call ends before the node acknowledged it (docs/calls.md, Money).
 */
export const recordingStartVerb = defineVerb<StartRecordingEvent>({
  name: 'recording/start',
  event: 'command.startRecording',
  live(d, e) {
    if (admitCommand(d, e)) d.reply(commandBody(d.ctx, issueRecording(d, e.commandId, e.recordingId, e.charge ?? null)), 201);
  },
  command: {
    action: 'recording.start',
    issue: (d, e) => issueRecording(d, e.commandId, e.recordingId, e.charge ?? null),
    outcome: 'the node acknowledges startRecording → completed; call.recording.ready follows after the call',
    outlivesCall: true,
    onMedia(d, cmd, e) {
      if (e.type !== 'recording.ready' && e.type !== 'recording.failed') return;
      const pending = d.ctx.recordingsPending.findIndex((r) => r.recordingId === e.recordingId);
      if (pending < 0) return;
      d.ctx.recordingsPending.splice(pending, 1);
      if (e.type === 'recording.ready') {
        d.record('call.recording.ready', { recordingId: e.recordingId, commandId: e.commandId, durationMs: e.durationMs });
        d.effects.push({ type: 'recording.file', callId: d.ctx.callId, recordingId: e.recordingId, commandId: e.commandId, durationMs: e.durationMs });
        onOpResult(d, cmd, true, undefined);
      } else if (cmd.state === 'issued') {
        finishCommand(d, cmd, 'failed', 'recording_failed');
      }
    },
  },
});
