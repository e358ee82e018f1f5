import { Command, PlayRequest } from '../../../../protocol/calls/command.js';
import { askCommand, checkClip } from './command-route.js';
import { defineVerbRoute, type VerbRequest } from './verb-route.js';

/** play: POST /v1/calls/:id/play: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/play.ts). */
export const playRoute = defineVerbRoute({
  verb: 'play',
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
});
