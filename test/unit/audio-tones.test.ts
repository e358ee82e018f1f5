import { describe, expect, it } from 'vitest';
import {
  DTMF_AMPLITUDE,
  TEST_TONE_HZ,
  beep,
  dtmfFrequencies,
  dtmfTone,
  dualTone,
  holdMusic,
  silence,
  sine,
  testTone,
} from '../../shared/audio/tones.js';
import { LoopingClip } from '../../media/audio/looping-clip.js';
import { rms, toneAmplitude } from '../../media/audio/level.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';

describe('tones', () => {
  it('sine has the asked length, frequency and amplitude', () => {
    const s = sine(440, 100, 16000, 10000);
    expect(s.length).toBe(1600);
    expect(toneAmplitude(s, 440, 16000)).toBeCloseTo(10000, -2);
  });

  it('dualTone carries both frequencies and clamps instead of wrapping', () => {
    const d = dualTone(697, 1209, 100, 8000, 20000);
    expect(toneAmplitude(d, 697, 8000)).toBeGreaterThan(15000);
    expect(toneAmplitude(d, 1209, 8000)).toBeGreaterThan(15000);
    expect(Math.max(...d)).toBe(32767);
    expect(Math.min(...d)).toBe(-32768);
  });

  it('dtmfTone plays the row and column of every key, and rejects other characters', () => {
    for (const key of '0123456789*#ABCD') {
      const [row, col] = dtmfFrequencies(key)!;
      const t = dtmfTone(key, 80, 8000);
      expect(t.length).toBe(640);
      expect(toneAmplitude(t, row, 8000)).toBeCloseTo(DTMF_AMPLITUDE, -3);
      expect(toneAmplitude(t, col, 8000)).toBeCloseTo(DTMF_AMPLITUDE, -3);
    }
    expect(dtmfFrequencies('5')).toEqual([770, 1336]);
    expect(dtmfFrequencies('d')).toEqual([941, 1633]);
    for (const bad of ['E', '', '12', ' ', '\u0000']) {
      try {
        dtmfTone(bad, 80, 8000);
        expect.fail(`accepted ${JSON.stringify(bad)}`);
      } catch (err) {
        expect(isSentralError(err, 'invalid_request')).toBe(true);
      }
    }
  });

  it('silence is zeros of the right length', () => {
    expect(silence(20, 8000)).toEqual(new Int16Array(160));
    expect(silence(0, 8000).length).toBe(0);
  });

  it('beep starts and ends softly so it does not click', () => {
    const b = beep();
    expect(b.length).toBe(8000);
    expect(Math.abs(b[0]!)).toBeLessThan(200);
    expect(Math.abs(b[b.length - 1]!)).toBeLessThan(200);
    expect(toneAmplitude(b.subarray(1000, 7000), 1000, 16000)).toBeCloseTo(16000, -3);
  });

  it('hold music is audible, bounded, shared, and loops without a jump', () => {
    const m = holdMusic();
    expect(m).toBe(holdMusic());
    expect(m.length).toBe(16000 * 8);
    expect(rms(m)).toBeGreaterThan(1000);
    expect(Math.abs(m[0]!)).toBeLessThan(100);
    expect(Math.abs(m[m.length - 1]!)).toBeLessThan(100);
  });

  it('test tone is 1004 Hz at about −13 dBFS and loops seamlessly', () => {
    const t = testTone(8000);
    expect(t.length).toBe(8000);
    expect(toneAmplitude(t, TEST_TONE_HZ, 8000)).toBeCloseTo(7336, -2);
    // Whole number of cycles: the sample after the last equals the first (phase 0).
    const next = Math.round(7336 * Math.sin((2 * Math.PI * TEST_TONE_HZ * t.length) / 8000));
    expect(Math.abs(next - t[0]!)).toBeLessThanOrEqual(1);
    expect(testTone(16000).length).toBe(16000);
  });
});

describe('LoopingClip', () => {
  it('hands out consecutive frames and wraps around the clip', () => {
    const loop = new LoopingClip(Int16Array.of(1, 2, 3, 4, 5));
    const frame = new Int16Array(3);
    loop.read(frame);
    expect([...frame]).toEqual([1, 2, 3]);
    loop.read(frame);
    expect([...frame]).toEqual([4, 5, 1]);
    const big = new Int16Array(12);
    loop.read(big);
    expect([...big]).toEqual([2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3]);
    loop.rewind();
    loop.read(frame);
    expect([...frame]).toEqual([1, 2, 3]);
  });

  it('refuses an empty clip', () => {
    expect(() => new LoopingClip(new Int16Array(0))).toThrow(RangeError);
  });
});
