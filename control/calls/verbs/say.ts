import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import type { CommandRecord } from '../context/call-context.js';
import type { CallDraft } from '../context/call-draft.js';
import { commandBody } from '../context/reply-bodies.js';
import { admitCommand, issueCommand } from '../machines/command-machine.js';
import { onPlaybackMedia, sayWindowMs } from './playback.js';
import { defineVerb } from './verb.js';

type SayEvent = Extract<CallRequestEvent, { type: 'command.say' }>;

/** Issues a say command: the node reads the text (op say) and reports playback.ended. */
function issueSay(d: CallDraft, e: Omit<SayEvent, 'type' | 'at'>): CommandRecord {
  const repeat = e.repeat ?? 1;
  return issueCommand(d, {
    id: e.commandId,
    action: 'say',
    op: {
      op: 'say',
      commandId: e.commandId,
      text: e.text,
      repeat,
      ...(e.voice ? { voice: e.voice } : {}),
      ...(e.participantId !== undefined ? { to: e.participantId } : {}),
    },
    playback: true,
    resultWindowMs: sayWindowMs(e.text, repeat),
  });
}

/** say: reads text aloud to everyone, or to one participant. */
export const sayVerb = defineVerb<SayEvent>({
  name: 'say',
  event: 'command.say',
  live(d, e) {
    if (admitCommand(d, e)) d.reply(commandBody(d.ctx, issueSay(d, e)), 201);
  },
  command: {
    action: 'say',
    issue: issueSay,
    outcome: 'playback.ended: completed or stopped → completed, failed → failed',
    onMedia: onPlaybackMedia,
  },
});
