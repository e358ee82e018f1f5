import { describe, expect, it } from 'vitest';
import { parseWav, writeWav } from '../../shared/audio/wav.js';
import { WavStreamWriter, wavSamples, withWavSizes } from '../../shared/audio/wav-stream.js';

async function collect(data: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of data) parts.push(chunk);
  return Buffer.concat(parts);
}

async function* pieces(bytes: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('WavStreamWriter', () => {
  it('streams frames as a WAV file that reads back with the right sizes', async () => {
    const writer = new WavStreamWriter(8000);
    const bytes = collect(writer.bytes());
    const frame = new Int16Array(160);
    const expected: number[] = [];
    for (let f = 0; f < 500; f++) {
      frame.fill(f - 250); // reusing the buffer: the writer must have copied it
      writer.append(frame);
      for (let i = 0; i < 160; i++) expected.push(f - 250);
    }
    expect(writer.end()).toBe(500 * 160);
    const stored = await bytes;
    const file = await collect(withWavSizes(pieces(stored, 7), stored.length));
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(file.readUInt32LE(40)).toBe(500 * 160 * 2);
    const wav = parseWav(file);
    expect(wav.sampleRate).toBe(8000);
    expect([...wav.samples]).toEqual(expected);
  });

  it('hands frames on in batches while the recording goes on, not only at the end', async () => {
    const writer = new WavStreamWriter(16000);
    const iterator = writer.bytes()[Symbol.asyncIterator]();
    expect((await iterator.next()).value.length).toBe(44);
    for (let f = 0; f < 200; f++) writer.append(new Int16Array(320));
    const batch = await iterator.next();
    expect(batch.done).toBe(false);
    expect(batch.value.length).toBeGreaterThanOrEqual(64 * 1024);
    writer.end();
  });

  it('an empty recording is a valid empty WAV file; appends after the end are ignored', async () => {
    const writer = new WavStreamWriter(16000);
    const bytes = collect(writer.bytes());
    expect(writer.end()).toBe(0);
    writer.append(new Int16Array(320));
    expect(writer.end()).toBe(0);
    const stored = await bytes;
    expect(parseWav(await collect(withWavSizes(pieces(stored, 44), stored.length))).samples.length).toBe(0);
  });
});

describe('withWavSizes and wavSamples', () => {
  it('a file whose header already has its sizes reads back unchanged', async () => {
    const file = writeWav(Int16Array.of(1, -2, 3, -4), 16000);
    expect(await collect(withWavSizes(pieces(file, 5), file.length))).toEqual(file);
  });

  it('a stored file shorter than its header is an error, not a download', async () => {
    await expect(collect(withWavSizes(pieces(Buffer.from('RIFF'), 2), 4))).rejects.toThrow('shorter than its header');
  });

  it('reads the samples after the header across chunks of odd sizes', async () => {
    const samples = Int16Array.from({ length: 1001 }, (_, i) => (i * 37) % 65536 - 32768);
    const file = writeWav(samples, 16000);
    for (const size of [1, 3, 45, 4096]) {
      const out: number[] = [];
      for await (const chunk of wavSamples(pieces(file, size))) out.push(...chunk);
      expect(out, `chunks of ${size}`).toEqual([...samples]);
    }
  });
});
