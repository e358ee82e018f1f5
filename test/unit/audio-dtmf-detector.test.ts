import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DtmfDetector } from '../../media/audio/dtmf-detector.js';
import { decodeG711, decodeMulaw, encodeG711, encodeMulaw, g711DecodeTable, type G711Law } from '../../shared/audio/g711.js';
import { DTMF_COLUMNS, DTMF_KEYPAD, DTMF_ROWS, dtmfTone, dualTone, silence, sine } from '../../shared/audio/tones.js';
import { SpeechSynthesizer } from '../../media/speech/tts.js';

const KEYS = '0123456789*#ABCD';

/** Concatenates clips. */
function concat(...clips: Int16Array[]): Int16Array {
  const out = new Int16Array(clips.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of clips) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The phone path: PCM → mu-law → PCM. */
function throughMulaw(x: Int16Array): Int16Array {
  const bytes = new Uint8Array(x.length);
  encodeMulaw(x, bytes);
  const out = new Int16Array(x.length);
  decodeMulaw(bytes, out);
  return out;
}

/** Deterministic white noise of the given RMS added to `x` (clamped). */
function addNoise(x: Int16Array, rmsLevel: number, seed = 1): Int16Array {
  let s = seed;
  const uniform = (): number => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Int16Array.from(x, (v) => {
    // Sum of 12 uniforms ≈ Gaussian with unit variance.
    let g = -6;
    for (let k = 0; k < 12; k++) g += uniform();
    return Math.max(-32768, Math.min(32767, Math.round(v + g * rmsLevel)));
  });
}

/** Runs `audio` through a detector in 20 ms frames (padding the tail with silence); returns the keys in order. */
function detect(audio: Int16Array, detector = new DtmfDetector()): string {
  let keys = '';
  for (let at = 0; at < audio.length; at += 160) {
    const frame = new Int16Array(160);
    frame.set(audio.subarray(at, Math.min(at + 160, audio.length)));
    const key = detector.process(frame);
    if (key !== null) keys += key;
  }
  return keys;
}

function keyPresses(digits: string, toneMs = 80, gapMs = 80, lead = 0): Int16Array {
  return concat(silence(lead, 8000), ...[...digits].flatMap((d) => [dtmfTone(d, toneMs, 8000), silence(gapMs, 8000)]));
}

/** A linear chirp from f0 to f1 over `ms` at 8 kHz. */
function sweep(f0: number, f1: number, ms: number, amplitude: number): Int16Array {
  const n = (ms * 8000) / 1000;
  const out = new Int16Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    phase += (2 * Math.PI * (f0 + ((f1 - f0) * i) / n)) / 8000;
    out[i] = Math.round(amplitude * Math.sin(phase));
  }
  return out;
}

describe('DtmfDetector finds key presses', () => {
  it('detects each of the 16 keys exactly once from an 80 ms tone and a gap', () => {
    for (const key of KEYS) expect(detect(keyPresses(key))).toBe(key);
  });

  it('detects "1234#" exactly, whatever the alignment to frames', () => {
    for (const lead of [0, 3, 7, 13, 19]) expect(detect(keyPresses('1234#', 80, 80, lead))).toBe('1234#');
  });

  it('reports a held key once, and a repeated key once per press', () => {
    expect(detect(keyPresses('5', 1000))).toBe('5');
    expect(detect(keyPresses('5555', 60, 60))).toBe('5555');
  });

  it('reports the key on the frame where the press is confirmed, not at its end', () => {
    const detector = new DtmfDetector();
    const tone = dtmfTone('7', 200, 8000);
    let reportedAt = -1;
    for (let f = 0; f * 160 < tone.length; f++) {
      if (detector.process(tone.subarray(f * 160, f * 160 + 160)) === '7') reportedAt = f;
    }
    expect(reportedAt).toBeGreaterThanOrEqual(1);
    expect(reportedAt).toBeLessThanOrEqual(2);
  });

  it('detects fast dialling at the Q.24 minimum (40 ms tone, 40 ms pause)', () => {
    for (const lead of [0, 5, 11]) expect(detect(keyPresses('159D', 40, 40, lead))).toBe('159D');
  });

  it('ignores blips shorter than about 20 ms', () => {
    expect(detect(keyPresses('123', 15, 60))).toBe('');
  });

  it('survives mu-law quantisation and modest noise', () => {
    expect(detect(throughMulaw(keyPresses('0123456789*#', 80, 80)))).toBe('0123456789*#');
    // Tones at −12 dBFS each against white noise about 20 dB below them.
    expect(detect(throughMulaw(addNoise(keyPresses('2468', 80, 80), 560)))).toBe('2468');
  });

  it('detects quiet keys and accepts twist within limits', () => {
    expect(detect(concat(dualTone(852, 1477, 80, 8000, 400), silence(80, 8000)))).toBe('9');
    // Row 6 dB louder than column (normal twist), and column 3 dB louder than row (reverse twist).
    expect(detect(concat(sumTones(770, 8000, 1336, 4000), silence(80, 8000)))).toBe('5');
    expect(detect(concat(sumTones(770, 6000, 1336, 8475), silence(80, 8000)))).toBe('5');
  });

  it('reads G.711 bytes as the decoded PCM they stand for, in pieces of any size (block sums kept across pieces)', () => {
    const audio = addNoise(concat(keyPresses('159#', 60, 60, 7), sweep(200, 3400, 400, 6000)), 300);
    fc.assert(
      fc.property(fc.constantFrom<G711Law>('pcmu', 'pcma'), fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 20 }), (law, sizes) => {
        const bytes = new Uint8Array(audio.length);
        encodeG711(law, audio, bytes);
        const pcm = new Int16Array(audio.length);
        decodeG711(law, bytes, pcm);
        const fromPcm = new DtmfDetector();
        const fromBytes = new DtmfDetector();
        const table = g711DecodeTable(law);
        let keys = '';
        let at = 0;
        for (let i = 0; at < bytes.length; i++) {
          const end = Math.min(bytes.length, at + sizes[i % sizes.length]!);
          const key = fromBytes.processG711(bytes.subarray(at, end), table);
          expect(key).toBe(fromPcm.process(pcm.subarray(at, end)));
          keys += key ?? '';
          at = end;
        }
        expect(keys).toBe('159#');
      }),
      { numRuns: 40 },
    );
  });

  it('finds any key at any level, twist within limits, phase and noise (the cheap rejections never drop one)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        // The weaker tone's amplitude: from about 7 dB above the detector's minimum (175) to −12 dBFS.
        fc.double({ min: 400, max: 8_000, noNaN: true }),
        // Column level against the row, in dB: within the 8 dB normal and 4 dB reverse twist, with a margin for
        // mu-law and noise (at −6.8 dB the detector itself misses some keys under them, with or without the bounds).
        fc.double({ min: -5, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.integer({ min: 0, max: 159 }),
        fc.integer({ min: 1, max: 1000 }),
        (row, col, weaker, twistDb, rowPhase, colPhase, lead, seed) => {
          const rowAmplitude = twistDb < 0 ? weaker * 10 ** (-twistDb / 20) : weaker;
          const colAmplitude = twistDb < 0 ? weaker : weaker * 10 ** (twistDb / 20);
          const tone = Int16Array.from({ length: 640 }, (_, i) =>
            Math.round(
              rowAmplitude * Math.sin((2 * Math.PI * DTMF_ROWS[row]! * i) / 8000 + rowPhase) +
                colAmplitude * Math.sin((2 * Math.PI * DTMF_COLUMNS[col]! * i) / 8000 + colPhase),
            ),
          );
          // White noise 20 dB below the weaker tone.
          const noisy = addNoise(concat(new Int16Array(lead), tone, silence(80, 8000)), weaker / 14, seed);
          expect(detect(throughMulaw(noisy))).toBe(DTMF_KEYPAD[row]![col]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Two tones of different amplitudes for 80 ms at 8 kHz. */
function sumTones(f1: number, a1: number, f2: number, a2: number): Int16Array {
  const a = sine(f1, 80, 8000, a1);
  const b = sine(f2, 80, 8000, a2);
  return Int16Array.from(a, (v, i) => v + b[i]!);
}

describe('DtmfDetector rejects what is not a key press', () => {
  it('ignores silence, single tones and excessive twist', () => {
    expect(detect(silence(1000, 8000))).toBe('');
    expect(detect(sine(697, 500, 8000, 10000))).toBe('');
    expect(detect(sine(1209, 500, 8000, 10000))).toBe('');
    expect(detect(sumTones(770, 10000, 1336, 2500))).toBe(''); // row 12 dB over column
    expect(detect(sumTones(770, 2500, 1336, 10000))).toBe(''); // column 12 dB over row
    expect(detect(dualTone(770, 1336, 500, 8000, 100))).toBe(''); // too quiet
  });

  it('ignores music-like chords and sweeps', () => {
    const chord = (freqs: number[], ms: number): Int16Array => {
      const parts = freqs.map((f) => sine(f, ms, 8000, 4000));
      return Int16Array.from(parts[0]!, (_, i) => parts.reduce((s, p) => s + p[i]!, 0));
    };
    // Triads, including ones with notes near DTMF rows and columns (A5 880, E6 1319, F#5 740).
    const music = concat(
      chord([523, 659, 784], 400),
      chord([440, 554, 659, 880], 400),
      chord([740, 880, 1319], 400),
      chord([698, 880, 1047, 1397], 400),
      sweep(300, 3400, 1000, 10000),
      sweep(3400, 300, 1000, 10000),
      sweep(650, 1700, 300, 10000),
    );
    expect(detect(music)).toBe('');
    expect(detect(throughMulaw(music))).toBe('');
  });

  it('ignores real speech through the phone path (talk-off)', async () => {
    const tts = new SpeechSynthesizer();
    const lines = [
      ['Hello, you have reached the sales department. Please press one for orders, two for support.', 'en-GB'],
      ['Nine, eight, seven, six, five, four, three, two, one, zero, star, hash.', 'en-US-female'],
      ['Hei, du har kommet til kundeservice. Vennligst vent, så setter vi deg over.', 'nb-NO'],
      ['Guten Tag! Ihr Anruf ist uns wichtig. Bitte bleiben Sie dran.', 'de-DE-male'],
      ['Bonjour, merci de patienter, un conseiller va vous répondre.', 'fr-FR-female'],
      ['Eeeeeeeeee. Ooooooooooh. Aaaaaaah. Mmmmmmmm.', 'sv-SE'],
    ] as const;
    const speech = await Promise.all(lines.map(([text, voice]) => tts.render(text, voice, 8000)));
    for (const clip of speech) {
      expect(clip.length).toBeGreaterThan(8000);
      expect(detect(throughMulaw(clip))).toBe('');
    }
  });

  it('still finds keys pressed over quieter speech', async () => {
    const talk = await new SpeechSynthesizer().render('Press the key now, please, I am still talking.', 'en-GB', 8000);
    const keys = keyPresses('37', 100, 400, 1000);
    const mixed = Int16Array.from(keys, (v, i) => Math.max(-32768, Math.min(32767, v + ((talk[i] ?? 0) >> 3))));
    expect(detect(throughMulaw(mixed))).toBe('37');
  });

  it('ignores white noise', () => {
    expect(detect(addNoise(silence(3000, 8000), 3000, 99))).toBe('');
  });
});
