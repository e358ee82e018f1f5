import { WavStreamWriter, wavSamples } from '../../shared/audio/wav-stream.js';
import { isObjectName, type ObjectStore } from '../../shared/objects/object-store.js';

/** A recording being written: 16 kHz frames in, a stored file out. */
export interface RecordingWriter {
  /** Where the finished recording is found in its storage. */
  readonly key: string;
  /** Adds one frame (copied; never blocks). */
  append(frame: Int16Array): void;
  /** Finishes the file; resolves with its length in samples once it is stored. */
  close(): Promise<number>;
}

/** Where recordings go: a local directory or the cluster's object store (see shared/objects). */
export interface RecordingStorage {
  /** Starts a new recording file for `recordingId`. */
  create(recordingId: string, sampleRate: number): Promise<RecordingWriter>;
  /** Reads a finished recording's samples back, a chunk at a time (a long recording never sits in memory whole). */
  read(key: string): AsyncIterable<Int16Array>;
}

/** Reading a recording that is not (or no longer) in the store. */
export class RecordingNotFoundError extends Error {
  constructor(key: string) {
    super(`no recording ${key} in the store`);
    this.name = 'RecordingNotFoundError';
  }
}

/**
 * Recordings as WAV objects `<recordingId>.wav` in an object store, written while the call runs: the store
 * takes the frames in 64 KiB batches as they come, so only what the store has not yet taken is in memory.
 */
export class ObjectRecordingStorage implements RecordingStorage {
  private readonly storing = new Set<Promise<unknown>>();

  constructor(
    /** The store the recordings are in. */
    readonly store: ObjectStore,
  ) {}

  async create(recordingId: string, sampleRate: number): Promise<RecordingWriter> {
    if (!isObjectName(recordingId)) throw new Error(`unsafe recording id ${recordingId}`);
    const key = `${recordingId}.wav`;
    const wav = new WavStreamWriter(sampleRate);
    const stored = this.store.put(key, wav.bytes());
    // A store that fails mid-recording reads no further: stop keeping frames for it (close reports the failure).
    stored.catch(() => wav.discard());
    const settled: Promise<void> = stored.then(
      () => void this.storing.delete(settled),
      () => void this.storing.delete(settled),
    );
    this.storing.add(settled);
    return {
      key,
      append: (frame) => wav.append(frame),
      close: async () => {
        const samples = wav.end();
        await stored;
        return samples;
      },
    };
  }

  /** Resolves when every recording started so far is stored or has failed (before the store is closed). */
  async settled(): Promise<void> {
    while (this.storing.size > 0) await Promise.all([...this.storing]);
  }

  async *read(key: string): AsyncIterable<Int16Array> {
    if (!isObjectName(key)) throw new Error(`unsafe recording key ${key}`);
    const object = await this.store.get(key);
    if (!object) throw new RecordingNotFoundError(key);
    yield* wavSamples(object.data);
  }
}
