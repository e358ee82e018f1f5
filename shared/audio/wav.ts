/**
 * WAV (RIFF) reading and writing.
 *
 * Reading accepts what callers send and speech engines produce: 16-bit PCM (format 1, or 0xFFFE extensible
 * with a PCM sub-format) and G.711 mu-law (format 7, 8-bit), mono or stereo (downmixed to mono), at any rate
 * from 1 kHz to 384 kHz. A data chunk that claims more bytes than are present is read up to the end of the
 * buffer (streaming writers such as `espeak-ng --stdout` cannot know the size up front). Anything else,
 * including malformed or hostile headers, is a SentralError `unsupported_audio_format`; nothing else is thrown.
 *
 * Writing produces 16-bit PCM mono; wav-stream.ts streams a recording and fixes its sizes when it is read.
 */
import { SentralError } from '../errors/sentral-error.js';
import { MULAW_TO_PCM } from './g711.js';

/** Decoded audio of a WAV file, mixed down to mono. */
export interface WavAudio {
  sampleRate: number;
  /** Channels in the file (the samples are already mono). */
  channels: number;
  samples: Int16Array;
}

const FORMAT_PCM = 1;
const FORMAT_MULAW = 7;
const FORMAT_EXTENSIBLE = 0xfffe;
const MIN_RATE = 1000;
const MAX_RATE = 384000;
/** Bytes of the header writeWav and wavHeader write. */
export const WAV_HEADER_BYTES = 44;

function unsupported(detail: string): SentralError {
  return new SentralError('unsupported_audio_format', {
    message: `${detail} Audio must be a WAV file of 16-bit PCM or G.711 mu-law, mono or stereo.`,
  });
}

interface Format {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

function readFormat(buf: Buffer, at: number, size: number): Format {
  if (size < 16) throw unsupported('The fmt chunk is too short.');
  let format = buf.readUInt16LE(at);
  if (format === FORMAT_EXTENSIBLE) {
    // WAVEFORMATEXTENSIBLE: cbSize(2) validBits(2) channelMask(4), then the sub-format GUID whose first two
    // bytes are the real format code.
    if (size < 40) throw unsupported('The extensible fmt chunk is too short.');
    format = buf.readUInt16LE(at + 24);
  }
  return {
    format,
    channels: buf.readUInt16LE(at + 2),
    sampleRate: buf.readUInt32LE(at + 4),
    bitsPerSample: buf.readUInt16LE(at + 14),
  };
}

/** Decodes a WAV file into mono PCM16 (see the file comment for what is accepted). */
export function parseWav(buf: Buffer): WavAudio {
  if (!Buffer.isBuffer(buf) || buf.length < 12) throw unsupported('The file is too short to be WAV.');
  if (buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WAVE') {
    throw unsupported('The file is not a RIFF/WAVE file.');
  }
  let fmt: Format | null = null;
  let dataStart = -1;
  let dataBytes = 0;
  let at = 12;
  while (at + 8 <= buf.length) {
    const id = buf.toString('latin1', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    const body = at + 8;
    const available = Math.min(size, buf.length - body);
    if (id === 'fmt ') {
      if (available < size) throw unsupported('The fmt chunk is truncated.');
      fmt = readFormat(buf, body, size);
    } else if (id === 'data' && dataStart < 0) {
      dataStart = body;
      dataBytes = available;
    }
    // Chunks are word-aligned: an odd size is followed by a pad byte.
    at = body + size + (size & 1);
  }
  if (fmt === null) throw unsupported('The file has no fmt chunk.');
  if (dataStart < 0) throw unsupported('The file has no data chunk.');
  const { format, channels, sampleRate, bitsPerSample } = fmt;
  if (channels !== 1 && channels !== 2) throw unsupported(`${channels} channels are not supported.`);
  if (sampleRate < MIN_RATE || sampleRate > MAX_RATE) throw unsupported(`A rate of ${sampleRate} Hz is not supported.`);
  let bytesPerSample: number;
  if (format === FORMAT_PCM && bitsPerSample === 16) bytesPerSample = 2;
  else if (format === FORMAT_MULAW && bitsPerSample === 8) bytesPerSample = 1;
  else throw unsupported(`Format ${format} with ${bitsPerSample}-bit samples is not supported.`);

  const frameBytes = bytesPerSample * channels;
  const frames = Math.floor(dataBytes / frameBytes);
  const samples = new Int16Array(frames);
  for (let i = 0; i < frames; i++) {
    const p = dataStart + i * frameBytes;
    if (bytesPerSample === 2) {
      samples[i] = channels === 1 ? buf.readInt16LE(p) : (buf.readInt16LE(p) + buf.readInt16LE(p + 2)) >> 1;
    } else {
      samples[i] = channels === 1 ? MULAW_TO_PCM[buf[p]!]! : (MULAW_TO_PCM[buf[p]!]! + MULAW_TO_PCM[buf[p + 1]!]!) >> 1;
    }
  }
  return { sampleRate, channels, samples };
}

/** The 44-byte header of a PCM16 mono WAV file holding `dataBytes` bytes of samples. */
export function wavHeader(sampleRate: number, dataBytes: number): Buffer {
  const h = Buffer.alloc(WAV_HEADER_BYTES);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(FORMAT_PCM, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** Samples as PCM16 little-endian bytes (a copy). */
export function littleEndianBytes(samples: Int16Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i]!, i * 2);
  return out;
}

/** Encodes mono PCM16 samples as a WAV file. */
export function writeWav(samples: Int16Array, sampleRate: number): Buffer {
  return Buffer.concat([wavHeader(sampleRate, samples.length * 2), littleEndianBytes(samples)]);
}
