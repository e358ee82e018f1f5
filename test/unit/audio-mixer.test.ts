import { describe, expect, it } from 'vitest';
import { MIX_FRAME_SAMPLES, MixMinus, mixFor, type MixInput } from '../../media/audio/mixer.js';

/** Every listener's mix from one MixMinus pass (each listener's own input found by id). */
function mixAll(inputs: MixInput[], listeners: string[], samples = MIX_FRAME_SAMPLES): Map<string, Int16Array> {
  const out = new Map<string, Int16Array>();
  const list = listeners.map((id) => {
    const buffer = new Int16Array(samples);
    out.set(id, buffer);
    return { id, own: inputs.find((i) => i.id === id) ?? null, out: buffer };
  });
  new MixMinus().mix(inputs, list, samples);
  return out;
}

/** A frame whose every sample is `value`: sums of such frames are easy to read back. */
function dc(value: number): Int16Array {
  return new Int16Array(MIX_FRAME_SAMPLES).fill(value);
}

function heardBy(listener: string, inputs: MixInput[]): number {
  const dst = new Int16Array(MIX_FRAME_SAMPLES);
  mixFor(listener, inputs, dst);
  const all = mixAll(inputs, [listener]).get(listener)!;
  expect(all).toEqual(dst); // the one-pass mix agrees with the per-listener mix
  return dst[0]!;
}

describe('mix-minus rules', () => {
  it('talk hears everyone else and is heard by everyone else, never itself', () => {
    const inputs: MixInput[] = [
      { id: 'a', frame: dc(1), heard: true },
      { id: 'b', frame: dc(10), heard: true },
      { id: 'c', frame: dc(100), heard: true },
    ];
    expect(heardBy('a', inputs)).toBe(110);
    expect(heardBy('b', inputs)).toBe(101);
    expect(heardBy('c', inputs)).toBe(11);
  });

  it('listen hears the others but nobody hears it', () => {
    const inputs: MixInput[] = [
      { id: 'talker', frame: dc(10), heard: true },
      { id: 'listener', frame: dc(1000), heard: false },
    ];
    expect(heardBy('listener', inputs)).toBe(10);
    expect(heardBy('talker', inputs)).toBe(0);
  });

  it('whisper is heard only by its target, and the whisperer still hears the call', () => {
    const inputs: MixInput[] = [
      { id: 'agent', frame: dc(1), heard: true },
      { id: 'customer', frame: dc(10), heard: true },
      { id: 'coach', frame: dc(100), heard: true, whisperTo: 'agent' },
    ];
    expect(heardBy('agent', inputs)).toBe(110);
    expect(heardBy('customer', inputs)).toBe(1);
    expect(heardBy('coach', inputs)).toBe(11);
  });

  it('muted is not heard but still hears', () => {
    const inputs: MixInput[] = [
      { id: 'a', frame: dc(1), heard: true },
      { id: 'muted', frame: dc(10), heard: false },
    ];
    expect(heardBy('a', inputs)).toBe(0);
    expect(heardBy('muted', inputs)).toBe(1);
  });

  it('held is not heard (its hold audio comes from the caller, so it is not among the listeners)', () => {
    const inputs: MixInput[] = [
      { id: 'a', frame: dc(1), heard: true },
      { id: 'b', frame: dc(2), heard: true },
      { id: 'held', frame: dc(10), heard: false },
    ];
    const mixes = mixAll(inputs, ['a', 'b']);
    expect(mixes.get('a')![0]).toBe(2);
    expect(mixes.get('b')![0]).toBe(1);
    expect(mixes.has('held')).toBe(false);
  });

  it('a source with no frame this tick is silence', () => {
    const inputs: MixInput[] = [
      { id: 'a', frame: null, heard: true },
      { id: 'b', frame: dc(5), heard: true },
    ];
    expect(heardBy('b', inputs)).toBe(0);
    expect(heardBy('a', inputs)).toBe(5);
  });
});

describe('saturation', () => {
  it('clamps loud sums to int16 instead of wrapping', () => {
    const inputs: MixInput[] = [
      { id: 'a', frame: dc(30000), heard: true },
      { id: 'b', frame: dc(30000), heard: true },
      { id: 'c', frame: dc(-30000), heard: true },
      { id: 'd', frame: dc(-30000), heard: true },
      { id: 'e', frame: dc(-30000), heard: true },
    ];
    expect(heardBy('c', inputs)).toBe(0);
    expect(heardBy('e', inputs)).toBe(0);
    const loud: MixInput[] = inputs.slice(0, 2).concat([{ id: 'x', frame: dc(30000), heard: true }]);
    expect(heardBy('x', loud)).toBe(32767);
    const quiet: MixInput[] = inputs.slice(2).concat([{ id: 'x', frame: null, heard: true }]);
    expect(heardBy('x', quiet)).toBe(-32768);
  });

  it('minus-self happens before clamping (a loud talker does not hear a clipped echo of itself)', () => {
    const inputs: MixInput[] = [
      { id: 'loud', frame: dc(32767), heard: true },
      { id: 'loud2', frame: dc(32767), heard: true },
      { id: 'soft', frame: dc(100), heard: true },
    ];
    expect(heardBy('loud', inputs)).toBe(32767);
    expect(heardBy('soft', inputs)).toBe(32767);
    expect(mixAll(inputs, ['loud']).get('loud')![0]).toBe(32767);
  });
});

describe('mixAll', () => {
  it('mixes 8 kHz frames (160 samples) by the same rules, and allocates nothing per frame', () => {
    const inputs: MixInput[] = [
      { id: 'a', frame: new Int16Array(160).fill(1), heard: true },
      { id: 'b', frame: new Int16Array(160).fill(2), heard: true },
      { id: 'c', frame: new Int16Array(160).fill(4), heard: true, whisperTo: 'a' },
    ];
    const outA = new Int16Array(160);
    const outB = new Int16Array(160);
    const mixer = new MixMinus();
    mixer.mix(inputs, [{ id: 'a', own: inputs[0]!, out: outA }, { id: 'b', own: inputs[1]!, out: outB }], 160);
    expect([...new Set(outA)]).toEqual([6]);
    expect([...new Set(outB)]).toEqual([1]);
  });

  it('agrees with mixFor for random mixes of modes and signals', () => {
    const ids = ['p1', 'p2', 'p3', 'p4', 'p5'];
    let seed = 7;
    const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 50; round++) {
      const inputs: MixInput[] = ids.map((id) => {
        const frame = new Int16Array(MIX_FRAME_SAMPLES);
        for (let i = 0; i < frame.length; i++) frame[i] = Math.floor(rand() * 65536) - 32768;
        const whisper = rand() < 0.2 ? ids[Math.floor(rand() * ids.length)] : undefined;
        return { id, frame: rand() < 0.1 ? null : frame, heard: rand() < 0.7, ...(whisper ? { whisperTo: whisper } : {}) };
      });
      const all = mixAll(inputs, ids);
      for (const id of ids) {
        const dst = new Int16Array(MIX_FRAME_SAMPLES);
        mixFor(id, inputs, dst);
        expect(all.get(id)).toEqual(dst);
      }
    }
  });
});
