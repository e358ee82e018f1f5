import { describe, expect, it } from 'vitest';
import alawmulaw from 'alawmulaw';
import { MULAW_SILENCE, MULAW_TO_PCM, PCM_TO_MULAW, decodeMulaw, encodeMulaw } from '../../shared/audio/g711.js';

const { mulaw } = alawmulaw;

describe('G.711 mu-law tables', () => {
  it('decode table matches the reference codec for all 256 bytes', () => {
    for (let b = 0; b < 256; b++) expect(MULAW_TO_PCM[b]).toBe(mulaw.decodeSample(b) | 0);
  });

  it('encode table matches the reference codec for every 16-bit sample', () => {
    for (let s = -32768; s <= 32767; s++) {
      if (PCM_TO_MULAW[s & 0xffff] !== (mulaw.encodeSample(s) & 0xff)) {
        expect.fail(`sample ${s} encodes differently`);
      }
    }
  });

  it('silence byte decodes to zero and zero encodes to a zero-valued byte', () => {
    expect(MULAW_TO_PCM[MULAW_SILENCE]).toBe(0);
    expect(MULAW_TO_PCM[PCM_TO_MULAW[0]!]).toBe(0);
  });

  it('round trip keeps every sample within the mu-law step for its magnitude', () => {
    for (let s = -32768; s <= 32767; s += 7) {
      const back = MULAW_TO_PCM[PCM_TO_MULAW[s & 0xffff]!]!;
      // Largest step is 1024 at the top segment; relative error stays under ~6 %.
      const tolerance = Math.max(8, Math.abs(s) * 0.065);
      if (Math.abs(back - Math.max(-32124, Math.min(32124, s))) > tolerance) expect.fail(`${s} -> ${back}`);
    }
  });
});

describe('decodeMulaw / encodeMulaw', () => {
  it('convert a 20 ms frame both ways in place-sized buffers', () => {
    const pcm = new Int16Array(160);
    for (let i = 0; i < 160; i++) pcm[i] = Math.round(10000 * Math.sin((2 * Math.PI * 1000 * i) / 8000));
    const bytes = new Uint8Array(160);
    encodeMulaw(pcm, bytes);
    const back = new Int16Array(160);
    decodeMulaw(bytes, back);
    for (let i = 0; i < 160; i++) expect(Math.abs(back[i]! - pcm[i]!)).toBeLessThanOrEqual(Math.abs(pcm[i]!) * 0.065 + 8);
  });

  it('full-scale extremes encode to the top codes without wrapping sign', () => {
    const bytes = new Uint8Array(2);
    encodeMulaw(Int16Array.of(32767, -32768), bytes);
    const back = new Int16Array(2);
    decodeMulaw(bytes, back);
    expect(back[0]).toBeGreaterThan(32000);
    expect(back[1]).toBeLessThan(-32000);
  });
});
