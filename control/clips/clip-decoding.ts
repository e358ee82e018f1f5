import { AUDIO_CLIP_MAX_MS, AUDIO_CLIP_MIN_MS } from '../../protocol/media/audio-clip.js';
import { CLIP_RATE } from '../../protocol/media/audio-clip.js';
import { resampleOffline } from '../../shared/audio/resample.js';
import { parseWav } from '../../shared/audio/wav.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

/** An upload decoded into what is stored: 16 kHz PCM16 mono, and what the file was. */
export interface DecodedClip {
  samples: Int16Array;
  sourceSampleRate: number;
  sourceChannels: number;
}

/**
 * Decodes an uploaded WAV file (16-bit PCM or mu-law, mono or stereo, any rate parseWav takes) and
 * resamples it to 16 kHz. Not WAV or another encoding: 415 unsupported_audio_format; shorter than one
 * 20 ms frame: 400 invalid_request; longer than the clip limit: 413 payload_too_large.
 */
export function decodeClip(wav: Buffer): DecodedClip {
  if (wav.length === 0) {
    throw new SentralError('invalid_request', { message: 'The body is empty: send the WAV file as the request body.', param: 'body' });
  }
  const audio = parseWav(wav);
  // Checked on the source, before resampling spends time on audio that is refused anyway.
  const durationMs = (audio.samples.length * 1000) / audio.sampleRate;
  if (durationMs < AUDIO_CLIP_MIN_MS) {
    throw new SentralError('invalid_request', { message: `The audio is too short: a clip lasts at least ${AUDIO_CLIP_MIN_MS} ms.`, param: 'body' });
  }
  if (durationMs > AUDIO_CLIP_MAX_MS) {
    throw new SentralError('payload_too_large', { message: `The audio is too long: a clip lasts at most ${AUDIO_CLIP_MAX_MS / 60_000} minutes.`, param: 'body' });
  }
  return {
    samples: resampleOffline(audio.samples, audio.sampleRate, CLIP_RATE),
    sourceSampleRate: audio.sampleRate,
    sourceChannels: audio.channels,
  };
}
