import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Downsampler16to8, Upsampler8to16, resampleOffline } from '../../shared/audio/resample.js';
import { decibels, toneAmplitude } from '../../media/audio/level.js';

function tone(freq: number, rate: number, length: number, amplitude: number): Int16Array {
  const x = new Int16Array(length);
  for (let i = 0; i < length; i++) x[i] = Math.round(amplitude * Math.sin((2 * Math.PI * freq * i) / rate));
  return x;
}

function upsampleFrames(src: Int16Array, up = new Upsampler8to16()): Int16Array {
  const out = new Int16Array(src.length * 2);
  for (let k = 0; k * 160 < src.length; k++) up.process(src.subarray(k * 160, k * 160 + 160), out.subarray(k * 320, k * 320 + 320));
  return out;
}

function downsampleFrames(src: Int16Array, down = new Downsampler16to8()): Int16Array {
  const out = new Int16Array(src.length / 2);
  for (let k = 0; k * 320 < src.length; k++) down.process(src.subarray(k * 320, k * 320 + 320), out.subarray(k * 160, k * 160 + 160));
  return out;
}

/** Largest sample-to-sample step: a click at a frame boundary shows up as a jump far above the tone's slope. */
function maxStep(x: Int16Array, from: number): number {
  let m = 0;
  for (let i = from + 1; i < x.length; i++) m = Math.max(m, Math.abs(x[i]! - x[i - 1]!));
  return m;
}

describe('Upsampler8to16', () => {
  it('keeps a 1 kHz tone at 1 kHz with its amplitude', () => {
    const out = upsampleFrames(tone(1000, 8000, 160 * 25, 12000));
    const settled = out.subarray(640);
    expect(toneAmplitude(settled, 1000, 16000)).toBeCloseTo(12000, -2);
    expect(decibels(toneAmplitude(settled, 7000, 16000), 12000)).toBeLessThan(-50);
  });

  it('joins frames without a click', () => {
    const out = upsampleFrames(tone(1000, 8000, 160 * 25, 12000));
    // A 1 kHz sine of amplitude 12000 at 16 kHz moves at most 2π·1000/16000·12000 ≈ 4712 per sample.
    expect(maxStep(out, 640)).toBeLessThan(4800);
  });

  it('saturates full-scale square waves instead of wrapping', () => {
    const src = new Int16Array(160 * 10);
    for (let i = 0; i < src.length; i++) src[i] = Math.floor(i / 4) % 2 ? -32768 : 32767;
    const out = upsampleFrames(src);
    // Filter overshoot (Gibbs) on a full-scale square clips at the rails; a wrap would flip the sign.
    for (let i = 128; i < out.length; i++) {
      const expected = src[Math.floor((i - 31) / 2)]!;
      if (Math.abs(out[i]! - expected) > 40000) expect.fail(`wrapped at ${i}: ${out[i]} vs ${expected}`);
    }
  });
});

describe('Downsampler16to8', () => {
  it('keeps a 1 kHz tone at 1 kHz with its amplitude', () => {
    const out = downsampleFrames(tone(1000, 16000, 320 * 25, 12000));
    expect(toneAmplitude(out.subarray(320), 1000, 8000)).toBeCloseTo(12000, -2);
  });

  it('attenuates a 6 kHz tone by at least 30 dB instead of aliasing it to 2 kHz', () => {
    const out = downsampleFrames(tone(6000, 16000, 320 * 25, 12000));
    expect(decibels(toneAmplitude(out.subarray(320), 2000, 8000), 12000)).toBeLessThan(-30);
  });

  it('joins frames without a click', () => {
    const out = downsampleFrames(tone(1000, 16000, 320 * 25, 12000));
    expect(maxStep(out.subarray(320), 0)).toBeLessThan(2 * Math.PI * (1000 / 8000) * 12000 + 100);
  });

  it('never wraps on any full-scale input: output is the clamped linear response', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(-32768, 32767, 0), { minLength: 640, maxLength: 640 }), (values) => {
        const src = Int16Array.from(values);
        const out = downsampleFrames(src);
        // The filter is linear: half the input gives half the output, which cannot overflow; doubling it and
        // clamping is what a saturating filter must produce.
        const half = downsampleFrames(Int16Array.from(src, (v) => v >> 1));
        for (let i = 0; i < out.length; i++) {
          const expected = Math.max(-32768, Math.min(32767, 2 * half[i]!));
          if (Math.abs(out[i]! - expected) > 4) return false;
        }
        return true;
      }),
      { numRuns: 50 },
    );
  });

  it('round trip 8k → 16k → 8k keeps speech-band tones', () => {
    for (const f of [300, 1000, 2500, 3200]) {
      const out = downsampleFrames(upsampleFrames(tone(f, 8000, 160 * 25, 10000)));
      expect(decibels(toneAmplitude(out.subarray(400), f, 8000), 10000)).toBeGreaterThan(-3);
    }
  });
});

describe('resampleOffline', () => {
  const rates = [8000, 11025, 16000, 22050, 24000, 32000, 44100, 48000];

  it('keeps a 1 kHz tone at 1 kHz with its amplitude between every pair of common rates', () => {
    for (const from of rates) {
      for (const to of rates) {
        const out = resampleOffline(tone(1000, from, Math.round(from / 5), 10000), from, to);
        expect(out.length).toBe(Math.floor((Math.round(from / 5) * to) / from));
        const mid = out.subarray(out.length >> 3, out.length - (out.length >> 3));
        expect(Math.abs(decibels(toneAmplitude(mid, 1000, to), 10000))).toBeLessThan(0.5);
      }
    }
  });

  it('removes content above the new Nyquist frequency when downsampling', () => {
    const out = resampleOffline(tone(6000, 44100, 44100 / 5, 10000), 44100, 8000);
    expect(decibels(toneAmplitude(out.subarray(100, out.length - 100), 2000, 8000), 10000)).toBeLessThan(-40);
  });

  it('returns a copy for equal rates and rejects nonsense rates', () => {
    const src = tone(1000, 8000, 160, 1000);
    const same = resampleOffline(src, 8000, 8000);
    expect(same).toEqual(src);
    expect(same).not.toBe(src);
    expect(() => resampleOffline(src, 0, 8000)).toThrow(RangeError);
    expect(() => resampleOffline(src, 8000, Number.NaN)).toThrow(RangeError);
  });

  it('does not wrap on full-scale input', () => {
    const src = new Int16Array(4000);
    for (let i = 0; i < src.length; i++) src[i] = Math.floor(i / 3) % 2 ? -32768 : 32767;
    const out = resampleOffline(src, 22050, 16000);
    const ref = resampleOffline(Int16Array.from(src, (v) => v >> 1), 22050, 16000);
    for (let i = 50; i < out.length - 50; i++) {
      if (Math.sign(out[i]!) !== Math.sign(ref[i]!) && Math.abs(ref[i]!) > 2000) expect.fail(`wrapped at ${i}`);
    }
  });
});
