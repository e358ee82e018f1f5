/**
 * Generated audio: sines, DTMF keys, beeps, silence, hold music and the test tone. Clips are built once per
 * request (or memoised where noted), not per frame.
 */
import { SentralError } from '../errors/sentral-error.js';

/** DTMF row (low) frequencies in Hz, top to bottom of the keypad. */
export const DTMF_ROWS = [697, 770, 852, 941] as const;
/** DTMF column (high) frequencies in Hz, left to right of the keypad. */
export const DTMF_COLUMNS = [1209, 1336, 1477, 1633] as const;
/** The keypad: `DTMF_KEYPAD[row][column]`. */
export const DTMF_KEYPAD = ['123A', '456B', '789C', '*0#D'] as const;

/** Per-component amplitude of generated DTMF (about −12 dBFS each, −6 dBFS peak together). */
export const DTMF_AMPLITUDE = 8000;

/** Number of samples in `ms` milliseconds at `rate`. */
export function samplesFor(ms: number, rate: number): number {
  return Math.max(0, Math.round((ms * rate) / 1000));
}

function clamp16(v: number): number {
  const r = Math.round(v);
  return r > 32767 ? 32767 : r < -32768 ? -32768 : r;
}

/** A sine of `freqHz` lasting `ms` at `rate`, peak `amplitude` (sample units), starting at phase 0. */
export function sine(freqHz: number, ms: number, rate: number, amplitude: number): Int16Array {
  const out = new Int16Array(samplesFor(ms, rate));
  const w = (2 * Math.PI * freqHz) / rate;
  for (let i = 0; i < out.length; i++) out[i] = clamp16(amplitude * Math.sin(w * i));
  return out;
}

/** Two sines summed, each of peak `amplitude`, clamped to int16. */
export function dualTone(f1: number, f2: number, ms: number, rate: number, amplitude: number): Int16Array {
  const out = new Int16Array(samplesFor(ms, rate));
  const w1 = (2 * Math.PI * f1) / rate;
  const w2 = (2 * Math.PI * f2) / rate;
  for (let i = 0; i < out.length; i++) out[i] = clamp16(amplitude * (Math.sin(w1 * i) + Math.sin(w2 * i)));
  return out;
}

/** The row and column frequencies of a DTMF key (0-9, *, #, A-D; case-insensitive), or null. */
export function dtmfFrequencies(digit: string): [number, number] | null {
  const key = digit.toUpperCase();
  if (key.length !== 1) return null;
  for (let r = 0; r < 4; r++) {
    const c = DTMF_KEYPAD[r]!.indexOf(key);
    if (c >= 0) return [DTMF_ROWS[r]!, DTMF_COLUMNS[c]!];
  }
  return null;
}

/** The DTMF tone of one key for `ms` at `rate`; an unknown key is an `invalid_request`. */
export function dtmfTone(digit: string, ms: number, rate: number): Int16Array {
  const pair = dtmfFrequencies(digit);
  if (pair === null) {
    throw new SentralError('invalid_request', {
      message: `"${digit.slice(0, 8)}" is not a DTMF key; use 0-9, *, # or A-D.`,
      param: 'digits',
    });
  }
  return dualTone(pair[0], pair[1], ms, rate, DTMF_AMPLITUDE);
}

/** `ms` of silence at `rate`. */
export function silence(ms: number, rate: number): Int16Array {
  return new Int16Array(samplesFor(ms, rate));
}

/** The clips one after another, as one array. */
export function concatAudio(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Length of the fade applied at both ends of a beep and of each hold-music note, so they do not click. */
const FADE_MS = 5;

/** Applies a raised-cosine fade-in and fade-out of `fadeMs` to `clip` in place. */
function fade(clip: Int16Array, fadeMs: number, rate: number): Int16Array {
  const n = Math.min(samplesFor(fadeMs, rate), clip.length >> 1);
  for (let i = 0; i < n; i++) {
    const g = 0.5 - 0.5 * Math.cos((Math.PI * i) / n);
    clip[i] = Math.round(clip[i]! * g);
    clip[clip.length - 1 - i] = Math.round(clip[clip.length - 1 - i]! * g);
  }
  return clip;
}

/** A beep (the answering-machine "leave a message" tone by default): 1 kHz, 500 ms, −6 dBFS, faded ends. */
export function beep(freqHz = 1000, ms = 500, rate = 16000, amplitude = 16000): Int16Array {
  return fade(sine(freqHz, ms, rate, amplitude), FADE_MS, rate);
}

/** Rate of the hold-music loop: the mix rate. */
export const HOLD_MUSIC_RATE = 16000;

let holdMusicClip: Int16Array | null = null;

/**
 * A gentle repeating arpeggio (I–vi–IV–V in C major, 8 s) at 16 kHz; every note fades in and out, so the clip
 * loops seamlessly. Built once and shared: treat it as read-only.
 */
export function holdMusic(): Int16Array {
  if (holdMusicClip !== null) return holdMusicClip;
  const rate = HOLD_MUSIC_RATE;
  // MIDI note numbers of four arpeggios (root, third, fifth, octave), two passes each.
  const chords = [
    [60, 64, 67, 72],
    [57, 60, 64, 69],
    [53, 57, 60, 65],
    [55, 59, 62, 67],
  ];
  const noteMs = 250;
  const noteLength = samplesFor(noteMs, rate);
  const notes = chords.flatMap((c) => [...c, ...c]);
  const clip = new Int16Array(notes.length * noteLength);
  notes.forEach((midi, k) => {
    const f = 440 * 2 ** ((midi - 69) / 12);
    const w = (2 * Math.PI * f) / rate;
    for (let i = 0; i < noteLength; i++) {
      // Soft plucked envelope: quick attack, exponential decay; a quieter octave harmonic adds warmth.
      const env = Math.exp((-3 * i) / noteLength);
      clip[k * noteLength + i] = clamp16(6000 * env * (Math.sin(w * i) + 0.3 * Math.sin(2 * w * i)));
    }
    fade(clip.subarray(k * noteLength, (k + 1) * noteLength), FADE_MS, rate);
  });
  holdMusicClip = clip;
  return clip;
}

/** Frequency of the test tone: 1004 Hz, the telephone test tone (not a sub-multiple of 8 kHz). */
export const TEST_TONE_HZ = 1004;

/**
 * The test tone streams carry for test keys: 1004 Hz at about −13 dBFS for `ms` (default 1 s) at `rate`,
 * a whole number of cycles long when `ms` is a multiple of 250, so it loops without a click.
 */
export function testTone(rate: number = 8000, ms = 1000): Int16Array {
  return sine(TEST_TONE_HZ, ms, rate, 7336);
}
