import type { MediaOp, MediaOpAnswer } from '../../../protocol/media/media-op.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { Recorder } from '../../record/recorder.js';
import { MIX_RATE } from '../../audio/mixer.js';
import type { OpEnv } from './op-handlers.js';

/** startRecording: records the call's mix until stopped or the session closes; recording.ready (or failed) follows. */
export async function startRecording(env: OpEnv, op: Extract<MediaOp, { op: 'startRecording' }>): Promise<MediaOpAnswer> {
  const { deps } = env;
  const session = env.session(op.callId);
  const writer = await deps.recordings.create(op.recordingId, MIX_RATE);
  const callId = op.callId;
  session.addSink(new Recorder(op.recordingId, op.commandId, writer, MIX_RATE, (body) => deps.publish(callId, body)));
  return { ok: true };
}

/** stopRecording: ends a recording started with startRecording. */
export function stopRecording(env: OpEnv, op: Extract<MediaOp, { op: 'stopRecording' }>): MediaOpAnswer {
  if (!env.session(op.callId).removeSink(op.recordingId)) throw new SentralError('media_recording_not_found', { param: 'recordingId' });
  return { ok: true };
}
