import type { MediaOp, MediaOpAnswer } from '../../../protocol/media/media-op.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { Playback } from '../../session/session-playbacks.js';
import type { OpEnv } from './op-handlers.js';

/** play: reads the stored clip and plays it; playback.ended follows. */
export async function play(env: OpEnv, op: Extract<MediaOp, { op: 'play' }>): Promise<MediaOpAnswer> {
  const { deps } = env;
  env.session(op.callId).checkTarget(op.to);
  const audio = await deps.clips.load(op.clipId).catch((err: unknown) => {
    deps.log.warn({ err, clipId: op.clipId }, 'clip could not be read');
    return null;
  });
  if (!audio) throw new SentralError('media_clip_not_found', { param: 'clipId' });
  // Looked up again: the session may have closed while the clip was read.
  const session = env.session(op.callId);
  session.expectPlayback(op.commandId);
  session.startPlayback(new Playback(op.commandId, audio, op.to ?? null, op.repeat ?? 1));
  return { ok: true };
}
