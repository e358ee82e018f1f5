import type { MediaOp, MediaOpAnswer } from '../../../protocol/media/media-op.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { Session } from '../../session/session.js';
import { LiveTranscription } from '../../transcription/live-transcription.js';
import { RecordedTranscription } from '../../transcription/recorded-transcription.js';
import { TranscriptionTaps } from '../../transcription/transcription-taps.js';
import type { OpEnv } from './op-handlers.js';

// The transcriptions running in each session, by transcription id (gone with the session).
const running = new WeakMap<Session, Map<string, TranscriptionTaps>>();

/**
 * startTranscription: taps each chosen leg's own audio (also legs that join later), live (a segment per
 * utterance as it ends) or recorded (a file per leg, transcribed after the session closes). A repeat of a
 * running one is kept.
 */
export function startTranscription(env: OpEnv, op: Extract<MediaOp, { op: 'startTranscription' }>): MediaOpAnswer {
  const { deps } = env;
  const session = env.session(op.callId);
  if (deps.recognizer === undefined) throw new SentralError('media_speech_unavailable');
  let ofSession = running.get(session);
  if (ofSession === undefined) running.set(session, (ofSession = new Map()));
  if (ofSession.has(op.transcriptionId)) return { ok: true };
  const callId = op.callId;
  const report = (body: Parameters<typeof deps.publish>[1]) => deps.publish(callId, body);
  const legs = op.legIds === undefined ? null : new Set(op.legIds);
  const request = op.language === undefined ? {} : { language: op.language };
  const log = deps.log.child({ callId, transcriptionId: op.transcriptionId });
  const transcription =
    op.mode === 'live'
      ? new LiveTranscription(op.transcriptionId, deps.recognizer(), request, report, log)
      : new RecordedTranscription(op.transcriptionId, deps.recordings, deps.recognizer(), request, report, log);
  ofSession.set(op.transcriptionId, new TranscriptionTaps(session, legs, transcription));
  return { ok: true };
}

/** stopTranscription: ends a live transcription; transcription.ended follows once its utterances are read. */
export function stopTranscription(env: OpEnv, op: Extract<MediaOp, { op: 'stopTranscription' }>): MediaOpAnswer {
  const ofSession = running.get(env.session(op.callId));
  const taps = ofSession?.get(op.transcriptionId);
  if (taps === undefined) throw new SentralError('media_transcription_not_found', { param: 'transcriptionId' });
  ofSession!.delete(op.transcriptionId);
  taps.stop();
  return { ok: true };
}
