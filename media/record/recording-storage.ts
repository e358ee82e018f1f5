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
}

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

  /** The file of a recording key. */
  pathOf(key: string): string {
    return join(this.dir, key);
  }
}
