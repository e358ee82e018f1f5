/**
 * Test speech for the speech benchmarks: espeak-ng renders each text in each voice, and the phone path
 * carries it the way a call does (8 kHz, G.711 mu-law, then the mixer's 8 -> 16 kHz upsampler).
 */
import { spawnSync } from 'node:child_process';
import { decodeMulaw, encodeMulaw } from '../../shared/audio/g711.js';
import { resampleOffline, Upsampler8to16 } from '../../shared/audio/resample.js';
import { parseWav } from '../../shared/audio/wav.js';

/** espeak-ng voices used by the benchmarks (accents, sexes and variants). */
export const BENCH_VOICES = ['en-us', 'en-gb', 'en-us+f3', 'en-gb+m3', 'en-gb-scotland', 'en-029', 'en-gb-x-rp+f2', 'en-us-nyc+m7'];

/** Speech of `text` in espeak-ng `voice` at 16 kHz, at speed `wpm`. */
export function speak16k(text: string, voice: string, wpm = 160): Int16Array {
  const out = spawnSync('espeak-ng', ['--stdout', '-s', String(wpm), '-v', voice, text], { maxBuffer: 64 << 20 });
  if (out.status !== 0) throw new Error(`espeak-ng failed: ${out.stderr.toString()}`);
  const wav = parseWav(out.stdout);
  return resampleOffline(wav.samples, wav.sampleRate, 16000);
}

/** `audio` (16 kHz) as a caller's phone delivers it to the mix: 8 kHz mu-law, then upsampled to 16 kHz. */
export function phoneBand(audio16k: Int16Array): Int16Array {
  const narrow = resampleOffline(audio16k, 16000, 8000);
  const bytes = new Uint8Array(narrow.length);
  encodeMulaw(narrow, bytes);
  decodeMulaw(bytes, narrow);
  const frames = Math.ceil(narrow.length / 160);
  const up = new Upsampler8to16();
  const out = new Int16Array(frames * 320);
  const src = new Int16Array(160);
  for (let f = 0; f < frames; f++) {
    src.fill(0);
    src.set(narrow.subarray(f * 160, f * 160 + 160));
    up.process(src, out.subarray(f * 320, f * 320 + 320));
  }
  return out;
}

/** `audio` with `ms` of silence before and after. */
export function padded(audio: Int16Array, ms: number, rate = 16000): Int16Array {
  const pad = Math.round((ms * rate) / 1000);
  const out = new Int16Array(audio.length + 2 * pad);
  out.set(audio, pad);
  return out;
}

/** `audio` (16 kHz) as it arrives on a phone leg: 8 kHz after a mu-law line. */
export function phone8k(audio16k: Int16Array): Int16Array {
  const narrow = resampleOffline(audio16k, 16000, 8000);
  const bytes = new Uint8Array(narrow.length);
  encodeMulaw(narrow, bytes);
  decodeMulaw(bytes, narrow);
  return narrow;
}
