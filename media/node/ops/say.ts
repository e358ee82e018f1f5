import type { MediaOp, MediaOpAnswer } from '../../../protocol/media/media-op.js';
import { Playback } from '../../session/session-playbacks.js';
import { espeakVoice } from '../../speech/tts.js';
import { MIX_RATE } from '../../audio/mixer.js';
import type { OpEnv } from './op-handlers.js';

/** say: renders the text and plays it; playback.ended follows (failed when speech could not be rendered). */
export function say(env: OpEnv, op: Extract<MediaOp, { op: 'say' }>): MediaOpAnswer {
  const { deps } = env;
  const session = env.session(op.callId);
  session.checkTarget(op.to);
  // The node's own check of what it is sent (the API checked the voice already): refused in the answer, not later.
  espeakVoice(op.voice);
  session.expectPlayback(op.commandId);
  deps.speech.render(op.text, op.voice, MIX_RATE).then(
    (audio) => session.startPlayback(new Playback(op.commandId, audio, op.to ?? null, op.repeat ?? 1)),
    (err: unknown) => {
      deps.log.warn({ err, callId: op.callId }, 'speech could not be rendered');
      session.failPlayback(op.commandId, 'speech could not be rendered');
    },
  );
  return { ok: true };
}
