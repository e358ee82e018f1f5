/**
 * One participant's own audio for speech work, on the media node: the per-leg tap.
 *
 * `listenToLeg(session, legId, onFrame)` calls `onFrame` once per 20 ms tick with what that leg said,
 * before any mixing: PCM16 mono at 16 kHz, 320 samples (an 8 kHz phone leg is upsampled, as the
 * recognizers expect; silence is zeros, never a skipped frame, so the frames are the stream's clock). The
 * frame buffer is reused: copy it to keep it. `onEnd` is called once when the leg leaves the session (or
 * the session closes). `stop()` detaches the tap; nothing is called after it.
 *
 * `recognizeLeg(session, legId, recognizer, request, listener)` does the same into a `RecognitionStream`
 * of the node's recognizer (media/speech/recognizer.ts: events come to `listener`); when the leg leaves,
 * the stream is ended, so the last utterance's final still comes. `stop()` ends it the same way and
 * resolves when every final has been delivered; `abort()` drops everything at once.
 *
 * Users: a gather by speech and answering-machine detection (media/node/ops/speech-ops.ts); live
 * transcription opens one `recognizeLeg` per participant the same way. Nothing here runs a recognizer
 * per utterance: streams share the node's recognizer (its helper-process pool).
 */
import { Upsampler8to16 } from '../../shared/audio/resample.js';
import type { LegRate } from '../session/leg.js';
import type { Session } from '../session/session.js';
import type { RecognitionEvent, RecognitionRequest, Recognizer } from './recognizer.js';

/** Samples of one 20 ms frame at 16 kHz. */
export const LISTEN_FRAME_SAMPLES = 320;

/** A tap on one leg's audio. */
export interface LegListening {
  /** Detaches the tap; no more frames. */
  stop(): void;
}

/** Taps `legId`'s own audio as 16 kHz frames; null when the leg is not in the session. */
export function listenToLeg(session: Session, legId: string, onFrame: (frame: Int16Array) => void, onEnd: () => void = () => undefined): LegListening | null {
  const out = new Int16Array(LISTEN_FRAME_SAMPLES);
  let up: Upsampler8to16 | null = null;
  let narrow: Int16Array | null = null;
  let stopped = false;
  const untap = session.tapLeg(legId, {
    frame(pcm: Int16Array | null, rate: LegRate) {
      if (stopped) return;
      if (rate === 8000) {
        narrow ??= new Int16Array(LISTEN_FRAME_SAMPLES / 2);
        fit(pcm, narrow);
        (up ??= new Upsampler8to16()).process(narrow, out);
      } else {
        fit(pcm, out);
      }
      onFrame(out);
    },
    end() {
      if (stopped) return;
      stopped = true;
      onEnd();
    },
  });
  if (untap === false) return null;
  return {
    stop() {
      stopped = true;
      untap();
    },
  };
}

/** Copies `pcm` into `dst`, padding a short or missing frame with silence. */
function fit(pcm: Int16Array | null, dst: Int16Array): void {
  if (pcm === null) return void dst.fill(0);
  const n = Math.min(pcm.length, dst.length);
  dst.set(pcm.subarray(0, n));
  if (n < dst.length) dst.fill(0, n);
}

/** A recognition of one leg's speech. */
export interface LegRecognition {
  /** Ends the open utterance and detaches; resolves when every final has been delivered. */
  stop(): Promise<void>;
  /** Stops at once; no more events. */
  abort(): void;
}

/** Feeds `legId`'s own audio to a stream of `recognizer`; null when the leg is not in the session. */
export function recognizeLeg(
  session: Session,
  legId: string,
  recognizer: Recognizer,
  request: RecognitionRequest,
  listener: (event: RecognitionEvent) => void,
): LegRecognition | null {
  if (!session.hasLeg(legId)) return null;
  const stream = recognizer.open(request, listener);
  let ending: Promise<void> | null = null;
  const finish = (): Promise<void> => (ending ??= stream.end());
  const tap = listenToLeg(session, legId, (frame) => stream.write(frame), () => void finish());
  return {
    stop() {
      tap?.stop();
      return finish();
    },
    abort() {
      tap?.stop();
      stream.abort();
    },
  };
}
