/**
 * A recording as a stream of WAV bytes. A store that takes a recording while it is made cannot go back to
 * the header when the length is known (an object store appends only), so the header says "as long as the
 * file" (the largest sizes, as streaming writers do) and `withWavSizes` writes the real sizes into it as
 * the file is read, from the stored object's size. A file whose header already has them reads the same.
 */
import { littleEndianBytes, WAV_HEADER_BYTES, wavHeader } from './wav.js';

/** Most data bytes a WAV file can describe (its sizes are 32-bit). */
const MAX_DATA_BYTES = 0xffffffff - 36;
/** Appended frames are handed on in batches of about this many bytes. */
const BATCH_BYTES = 64 * 1024;

/**
 * Turns appended PCM16 mono frames into WAV bytes for a store to take at its own pace (`bytes()`): appending
 * never blocks; frames wait in 64 KiB batches until the store asks for them. Audio past the 4 GiB WAV limit
 * is dropped (`truncated` becomes true).
 */
export class WavStreamWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private dataBytes = 0;
  private readonly batches: Buffer[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  /** True when audio was dropped at the size limit. */
  truncated = false;

  constructor(
    /** Rate of the samples written. */
    readonly sampleRate: number,
  ) {}

  /** Samples accepted so far. */
  get sampleCount(): number {
    return this.dataBytes / 2;
  }

  /** Appends a frame (copied, so the caller may reuse it). After `end` or `discard` it does nothing. */
  append(frame: Int16Array): void {
    if (this.ended) return;
    const room = Math.floor((MAX_DATA_BYTES - this.dataBytes) / 2);
    const take = Math.min(room, frame.length);
    if (take < frame.length) this.truncated = true;
    if (take <= 0) return;
    const bytes = littleEndianBytes(take === frame.length ? frame : frame.subarray(0, take));
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    this.dataBytes += bytes.length;
    if (this.pendingBytes >= BATCH_BYTES) this.batch();
  }

  /** Ends the recording: `bytes()` hands on what is left and finishes. Returns the sample count. */
  end(): number {
    if (!this.ended) {
      this.batch();
      this.ended = true;
      this.wakeReader();
    }
    return this.sampleCount;
  }

  /** Drops what waits and takes no more frames (the store failed and reads no further). */
  discard(): void {
    this.ended = true;
    this.pending = [];
    this.batches.length = 0;
  }

  /** The WAV bytes, as they come: the header, then the batches, until `end`. Iterate once. */
  async *bytes(): AsyncIterable<Uint8Array> {
    yield wavHeader(this.sampleRate, MAX_DATA_BYTES);
    for (;;) {
      const next = this.batches.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private batch(): void {
    if (this.pendingBytes === 0) return;
    this.batches.push(Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
    this.wakeReader();
  }

  private wakeReader(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/**
 * A stored WAV file of `totalBytes` with its RIFF and data sizes set from that size (the header as
 * WavStreamWriter and writeWav write it: 44 bytes, data chunk last). Throws when the file is shorter than
 * its header.
 */
export async function* withWavSizes(data: AsyncIterable<Uint8Array>, totalBytes: number): AsyncIterable<Uint8Array> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of data) {
    if (head === null) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < WAV_HEADER_BYTES) continue;
    head.writeUInt32LE(Math.min(totalBytes - 8, 0xffffffff), 4);
    head.writeUInt32LE(Math.min(totalBytes - WAV_HEADER_BYTES, 0xffffffff), 40);
    yield head;
    head = null;
  }
  if (head !== null) throw new Error(`a stored WAV file of ${head.length} bytes is shorter than its header`);
}

/** The PCM16 samples of a stored WAV file (after its 44-byte header), a chunk at a time. */
export async function* wavSamples(data: AsyncIterable<Uint8Array>): AsyncIterable<Int16Array> {
  let skip = WAV_HEADER_BYTES;
  let carry: number | null = null;
  for await (const chunk of data) {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (skip > 0) {
      const skipped = Math.min(skip, bytes.length);
      skip -= skipped;
      bytes = bytes.subarray(skipped);
    }
    if (carry !== null && bytes.length > 0) {
      bytes = Buffer.concat([Buffer.of(carry), bytes]);
      carry = null;
    }
    const count = bytes.length >> 1;
    if (bytes.length & 1) carry = bytes[bytes.length - 1]!;
    if (count === 0) continue;
    const samples = new Int16Array(count);
    for (let i = 0; i < count; i++) samples[i] = bytes.readInt16LE(i * 2);
    yield samples;
  }
}
