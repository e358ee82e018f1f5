/** How a command that plays audio (say, play, a gather's question) ends: with the node's playback.ended. */
import type { CallMediaEvent } from '../../../protocol/calls/call-actor.js';
import type { CommandRecord } from '../context/call-context.js';
import type { CallDraft } from '../context/call-draft.js';
import { finishCommand } from '../machines/command-machine.js';

/** How long a clip may play (per repeat) before a missing playback.ended makes the command uncertain. */
export const CLIP_RESULT_WINDOW_MS = 30 * 60_000;

/** How long reading `text` `repeat` times may take at most, with slack for a slow start. */
export function sayWindowMs(text: string, repeat: number): number {
  return 30_000 + text.length * 150 * repeat;
}

/** The playback of a say or play command ended: call.playback.ended, then the command's outcome. */
export function onPlaybackMedia(d: CallDraft, cmd: CommandRecord, e: CallMediaEvent): void {
  if (e.type !== 'playback.ended' || cmd.state !== 'issued' || !cmd.playback) return;
  d.record('call.playback.ended', { commandId: cmd.id, outcome: e.outcome });
  if (e.outcome === 'failed') finishCommand(d, cmd, 'failed', 'playback_failed');
  else finishCommand(d, cmd, 'completed', null);
}
