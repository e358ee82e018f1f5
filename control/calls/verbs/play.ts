import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import type { CommandRecord } from '../context/call-context.js';
import type { CallDraft } from '../context/call-draft.js';
import { commandBody } from '../context/reply-bodies.js';
import { admitCommand, issueCommand } from '../machines/command-machine.js';
import { CLIP_RESULT_WINDOW_MS, onPlaybackMedia } from './playback.js';
import { defineVerb } from './verb.js';

type PlayEvent = Extract<CallRequestEvent, { type: 'command.play' }>;

/** Issues a play command: the node plays the stored clip (op play) and reports playback.ended. */
function issuePlay(d: CallDraft, e: Omit<PlayEvent, 'type' | 'at'>): CommandRecord {
  const repeat = e.repeat ?? 1;
  return issueCommand(d, {
    id: e.commandId,
    action: 'play',
    op: { op: 'play', commandId: e.commandId, clipId: e.clipId, repeat, ...(e.participantId !== undefined ? { to: e.participantId } : {}) },
    playback: true,
    resultWindowMs: CLIP_RESULT_WINDOW_MS * repeat,
  });
}

/** play: plays a stored audio clip, optionally repeated. */
export const playVerb = defineVerb<PlayEvent>({
  name: 'play',
  event: 'command.play',
  live(d, e) {
    if (admitCommand(d, e)) d.reply(commandBody(d.ctx, issuePlay(d, e)), 201);
  },
  command: {
    action: 'play',
    issue: issuePlay,
    outcome: 'playback.ended: completed or stopped → completed, failed → failed',
    onMedia: onPlaybackMedia,
  },
});
