import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseWav, writeWav } from '../../shared/audio/wav.js';
import { encodeMulaw, MULAW_TO_PCM } from '../../shared/audio/g711.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';

/** A WAV file with the given fmt fields and raw data bytes (and optional extra chunks before data). */
function wavFile(opts: {
  format?: number;
  channels?: number;
  rate?: number;
  bits?: number;
  data: Buffer;
  dataSize?: number;
  extra?: Buffer;
  extensibleSubFormat?: number;
}): Buffer {
  const channels = opts.channels ?? 1;
  const bits = opts.bits ?? 16;
  const rate = opts.rate ?? 8000;
  const extensible = opts.extensibleSubFormat !== undefined;
  const fmt = Buffer.alloc(extensible ? 40 : 16);
  fmt.writeUInt16LE(extensible ? 0xfffe : (opts.format ?? 1), 0);
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(((rate * channels * bits) / 8) % 2 ** 32, 8);
  fmt.writeUInt16LE((channels * bits) / 8, 12);
  fmt.writeUInt16LE(bits, 14);
  if (extensible) {
    fmt.writeUInt16LE(22, 16);
    fmt.writeUInt16LE(bits, 18);
    fmt.writeUInt16LE(opts.extensibleSubFormat!, 24);
  }
  const chunk = (id: string, body: Buffer, size = body.length): Buffer => {
    const h = Buffer.alloc(8);
    h.write(id, 0, 'latin1');
    h.writeUInt32LE(size, 4);
    return Buffer.concat([h, body, body.length & 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const body = Buffer.concat([
    Buffer.from('WAVE', 'latin1'),
    chunk('fmt ', fmt),
    opts.extra ?? Buffer.alloc(0),
    chunk('data', opts.data, opts.dataSize),
  ]);
  return Buffer.concat([chunk('RIFF', Buffer.alloc(0), body.length).subarray(0, 8), body]);
}

function pcmBytes(...samples: number[]): Buffer {
  const b = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => b.writeInt16LE(s, i * 2));
  return b;
}

function expectUnsupported(buf: Buffer): void {
  try {
    parseWav(buf);
  } catch (err) {
    expect(isSentralError(err, 'unsupported_audio_format')).toBe(true);
    return;
  }
  expect.fail('parsed an unsupported file');
}

describe('parseWav', () => {
  it('reads 16-bit PCM mono', () => {
    const wav = parseWav(wavFile({ rate: 22050, data: pcmBytes(0, 1, -1, 32767, -32768) }));
    expect(wav).toEqual({ sampleRate: 22050, channels: 1, samples: Int16Array.of(0, 1, -1, 32767, -32768) });
  });

  it('mixes stereo down to mono', () => {
    const wav = parseWav(wavFile({ channels: 2, data: pcmBytes(100, 300, -32768, -32768, 32767, 32767) }));
    expect(wav.channels).toBe(2);
    expect([...wav.samples]).toEqual([200, -32768, 32767]);
  });

  it('reads mu-law (format 7) mono and stereo', () => {
    const bytes = new Uint8Array(4);
    encodeMulaw(Int16Array.of(1000, -1000, 5000, 0), bytes);
    const mono = parseWav(wavFile({ format: 7, bits: 8, data: Buffer.from(bytes) }));
    expect([...mono.samples]).toEqual([...bytes].map((b) => MULAW_TO_PCM[b]));
    const stereo = parseWav(wavFile({ format: 7, bits: 8, channels: 2, data: Buffer.from(bytes) }));
    expect(stereo.samples.length).toBe(2);
  });

  it('reads WAVE_FORMAT_EXTENSIBLE with a PCM sub-format and skips unknown chunks', () => {
    const extra = Buffer.concat([Buffer.from('LIST', 'latin1'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc'), Buffer.alloc(1)]);
    const wav = parseWav(wavFile({ extensibleSubFormat: 1, rate: 48000, data: pcmBytes(7, 8), extra }));
    expect(wav.sampleRate).toBe(48000);
    expect([...wav.samples]).toEqual([7, 8]);
  });

  it('reads a streamed file whose data size is a placeholder larger than the file', () => {
    const wav = parseWav(wavFile({ data: pcmBytes(1, 2, 3), dataSize: 0x7ffff000 }));
    expect([...wav.samples]).toEqual([1, 2, 3]);
  });

  it('drops a trailing partial sample', () => {
    const wav = parseWav(wavFile({ data: Buffer.concat([pcmBytes(5, 6), Buffer.from([1])]) }));
    expect([...wav.samples]).toEqual([5, 6]);
  });

  it('rejects other formats, widths and channel counts with unsupported_audio_format', () => {
    expectUnsupported(wavFile({ format: 3, bits: 32, data: Buffer.alloc(8) })); // float
    expectUnsupported(wavFile({ format: 6, bits: 8, data: Buffer.alloc(8) })); // A-law
    expectUnsupported(wavFile({ bits: 8, data: Buffer.alloc(8) })); // 8-bit PCM
    expectUnsupported(wavFile({ bits: 24, data: Buffer.alloc(6) }));
    expectUnsupported(wavFile({ channels: 6, data: Buffer.alloc(24) }));
    expectUnsupported(wavFile({ channels: 0, data: Buffer.alloc(24) }));
    expectUnsupported(wavFile({ rate: 0, data: Buffer.alloc(4) }));
    expectUnsupported(wavFile({ rate: 0xffffffff, data: Buffer.alloc(4) }));
    expectUnsupported(wavFile({ extensibleSubFormat: 3, bits: 32, data: Buffer.alloc(8) }));
  });

  it('rejects things that are not WAV', () => {
    expectUnsupported(Buffer.alloc(0));
    expectUnsupported(Buffer.from('RIFF'));
    expectUnsupported(Buffer.from('ID3\u0003 this is an mp3 really'));
    expectUnsupported(Buffer.from('RIFF\u0000\u0000\u0000\u0000AVI LIST'));
    expectUnsupported(wavFile({ data: pcmBytes(1) }).subarray(0, 30)); // truncated fmt
    const noData = wavFile({ data: pcmBytes(1) });
    noData.write('junk', 36, 'latin1');
    expectUnsupported(noData);
    expectUnsupported('not a buffer' as unknown as Buffer);
  });

  it('never throws anything but unsupported_audio_format on hostile input', () => {
    const valid = wavFile({ channels: 2, data: pcmBytes(1, 2, 3, 4, 5, 6) });
    const check = (buf: Buffer): boolean => {
      try {
        const wav = parseWav(buf);
        return wav.samples instanceof Int16Array && wav.samples.length <= buf.length;
      } catch (err) {
        return isSentralError(err, 'unsupported_audio_format');
      }
    };
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => check(Buffer.from(bytes))), { numRuns: 2000 });
    // Mutations of a valid file: overwrite bytes, truncate, extend.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.nat(valid.length),
        fc.uint8Array({ maxLength: 16 }),
        (edits, cut, tail) => {
          const buf = Buffer.from(valid);
          for (const [i, v] of edits) buf[i] = v;
          return check(Buffer.concat([buf.subarray(0, cut), Buffer.from(tail)]));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('writeWav', () => {
  it('writes PCM16 mono that reads back identically', () => {
    const samples = Int16Array.of(0, 1, -1, 32767, -32768, 1234);
    const buf = writeWav(samples, 16000);
    expect(buf.length).toBe(44 + 12);
    expect(buf.toString('latin1', 0, 4)).toBe('RIFF');
    expect(buf.readUInt32LE(4)).toBe(buf.length - 8);
    expect(parseWav(buf)).toEqual({ sampleRate: 16000, channels: 1, samples });
  });
});
