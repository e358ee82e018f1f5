import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { Command, PlayRequest } from '../../../protocol/calls/command.js';
import type { CommandRecord } from '../machines/call-context.js';
import type { CallDraft } from '../machines/call-draft.js';
import { commandBody } from '../machines/reply-bodies.js';
import { issueCommand } from '../machines/command-machine.js';
import { admitCommand, askCommand, checkClip } from './command-verb.js';
import { CLIP_RESULT_WINDOW_MS, onPlaybackMedia } from './playback.js';
import { defineVerb, type VerbRequest } from './verb.js';

type PlayEvent = Extract<CallRequestEvent, { type: 'command.play' }>;

/** Issues a play command: the node plays the stored clip (op play) and reports playback.ended. */
export function issuePlay(d: CallDraft, e: Omit<PlayEvent, 'type' | 'at'>): CommandRecord {
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
  route: {
    path: 'play',
    summary: 'Play an audio clip, optionally repeated',
    scope: 'calls:write',
    idempotency: 'optional',
    body: PlayRequest,
    response: { 201: Command, 200: Command },
    handle: async (r: VerbRequest<PlayRequest>) => {
      const { audioClipId, participantId, repeat } = r.body;
      await checkClip(r, audioClipId);
      return askCommand(r, 'command.play', { clipId: audioClipId, participantId, repeat });
    },
  },
  live(d, e) {
    if (admitCommand(d, e)) d.reply(commandBody(d.ctx, issuePlay(d, e)), 201);
  },
  command: {
    action: 'play',
    outcome: 'playback.ended: completed or stopped → completed, failed → failed',
    onMedia: onPlaybackMedia,
  },
});
