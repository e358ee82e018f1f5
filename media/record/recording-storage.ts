import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { WavFileWriter } from '../../shared/audio/wav.js';
import { ensurePrivateDir } from '../../shared/fs/private-files.js';

/** A recording being written: 16 kHz frames in, a stored file out. */
export interface RecordingWriter {
  /** Where the finished recording is found in its storage. */
  readonly key: string;
  /** Adds one frame (copied; never blocks). */
  append(frame: Int16Array): void;
  /** Finishes the file; resolves with its length in samples. */
  close(): Promise<number>;
}

/** Where recordings go: local disk now, an object store later. */
export interface RecordingStorage {
  /** Starts a new recording file for `recordingId`. */
  create(recordingId: string, sampleRate: number): Promise<RecordingWriter>;
  /** Reads a finished recording's samples back, a chunk at a time (a long recording never sits in memory whole). */
  read(key: string): AsyncIterable<Int16Array>;
}

const WAV_HEADER_BYTES = 44;
const READ_CHUNK_BYTES = 64 * 1024;

const RECORDING_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** Recordings as WAV files (0600) under a local directory (0700); the key is the file name. */
export class LocalRecordingStorage implements RecordingStorage {
  constructor(readonly dir: string) {}

  async create(recordingId: string, sampleRate: number): Promise<RecordingWriter> {
    if (!RECORDING_ID.test(recordingId) || recordingId.startsWith('.')) throw new Error(`unsafe recording id ${recordingId}`);
    await ensurePrivateDir(this.dir);
    const key = `${recordingId}.wav`;
    const writer = await WavFileWriter.create(join(this.dir, key), sampleRate);
    return { key, append: (frame) => writer.append(frame), close: () => writer.close() };
  }

  async *read(key: string): AsyncIterable<Int16Array> {
    if (!RECORDING_ID.test(key) || key.startsWith('.')) throw new Error(`unsafe recording key ${key}`);
    const handle = await open(this.pathOf(key), 'r');
    try {
      let position = WAV_HEADER_BYTES;
      for (;;) {
        const buffer = Buffer.alloc(READ_CHUNK_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK_BYTES, position);
        const even = bytesRead & ~1;
        if (even === 0) return;
        position += even;
        const samples = new Int16Array(even / 2);
        for (let i = 0; i < samples.length; i++) samples[i] = buffer.readInt16LE(i * 2);
        yield samples;
      }
    } finally {
      await handle.close();
    }
  }

  /** The file of a recording key. */
  pathOf(key: string): string {
    return join(this.dir, key);
  }
}
