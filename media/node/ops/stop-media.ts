import type { MediaOp, MediaOpAnswer } from '../../../protocol/media/media-op.js';
import type { OpEnv } from './op-handlers.js';

/** stopMedia: stops one playback, or all of the call's; each stopped one ends with playback.ended stopped. */
export function stopMedia(env: OpEnv, op: Extract<MediaOp, { op: 'stopMedia' }>): MediaOpAnswer {
  env.session(op.callId).stopPlayback(op.commandId);
  return { ok: true };
}
