/**
 * The `media` message of a stream, written into one buffer per stream from pieces computed once: only
 * `sequenceNumber`, `chunk`, `timestamp` and the payload change from frame to frame, so a frame costs some
 * digits and a base64 encoding into bytes that are already there, and nothing is allocated (the view returned
 * is the same one from frame to frame while the message's length stays). The bytes are
 * exactly `JSON.stringify` of the message (same field order), which a test checks. The message is written
 * after FRAME_HEADROOM free bytes, so `framed` makes it a WebSocket frame where it lies.
 */
import { FRAME_HEADROOM, frameInPlace } from './client-frame.js';

const BASE64 = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 'latin1');
const EQUALS = 0x3d;
// Longest decimal of a message counter or a timestamp (Number.MAX_SAFE_INTEGER has 16 digits).
const MAX_DIGITS = 16;

/** Writes a stream's media messages. */
export class MediaMessageWriter {
  private readonly head: Buffer;
  private readonly afterSequence: Buffer;
  private readonly afterChunk: Buffer;
  private readonly afterTimestamp: Buffer;
  private readonly tail = Buffer.from('"}}', 'latin1');
  private buffer!: Buffer;
  /** The buffer as words, for masking. */
  private words!: Int32Array;
  /** The latest message's view of the buffer, kept while its length stays (it changes when a number gains a digit). */
  private view: Buffer | null = null;
  /** The latest frame's view of the buffer, kept while its bounds stay. */
  private frameView: Buffer | null = null;
  /** Where the latest message ends in the buffer. */
  private end = 0;
  /** The latest message's timestamp and where its base64 payload lies in the buffer (for `renumber`). */
  private timestampMs = 0;
  private payloadAt = 0;
  private payloadEnd = 0;

  /** `streamSid` is written once, JSON-escaped; `payloadBytes` sizes the buffer (it grows for longer payloads). */
  constructor(streamSid: string, payloadBytes = 160) {
    this.head = Buffer.from('{"event":"media","sequenceNumber":"', 'utf8');
    this.afterSequence = Buffer.from(`","streamSid":${JSON.stringify(streamSid)},"media":{"track":"inbound","chunk":"`, 'utf8');
    this.afterChunk = Buffer.from('","timestamp":"', 'utf8');
    this.afterTimestamp = Buffer.from('","payload":"', 'utf8');
    this.allocate(this.sizeFor(payloadBytes));
  }

  /** The message's bytes (a view of the writer's buffer: valid until the next write). */
  write(sequenceNumber: number, chunk: number, timestampMs: number, payload: Uint8Array): Buffer {
    if (this.buffer.length < this.sizeFor(payload.length)) this.allocate(this.sizeFor(payload.length));
    const b = this.buffer;
    let at = this.writeNumbers(sequenceNumber, chunk, timestampMs);
    this.timestampMs = timestampMs;
    this.payloadAt = at;
    at = writeBase64(b, at, payload);
    this.payloadEnd = at;
    at += this.tail.copy(b, at);
    return this.viewOf(at);
  }

  /**
   * The latest message written again with other numbers, the same timestamp and payload (a mark or DTMF
   * message took its sequence number between the preparing and the sending): rare, so its payload text is
   * copied out and back rather than every frame's audio kept for it.
   */
  renumber(sequenceNumber: number, chunk: number): Buffer {
    const payload = Buffer.from(this.buffer.subarray(this.payloadAt, this.payloadEnd));
    const b = this.buffer;
    let at = this.writeNumbers(sequenceNumber, chunk, this.timestampMs);
    this.payloadAt = at;
    at += payload.copy(b, at);
    this.payloadEnd = at;
    at += this.tail.copy(b, at);
    return this.viewOf(at);
  }

  /**
   * The latest message as one masked WebSocket text frame (a view of the buffer, valid until the next write).
   * The message's bytes are masked in the buffer: `renumber` must come before, not after.
   */
  framed(): Buffer {
    const start = frameInPlace(this.buffer, this.words, this.end);
    let frame = this.frameView;
    if (frame === null || frame.byteOffset !== this.buffer.byteOffset + start || frame.length !== this.end - start) {
      frame = this.frameView = this.buffer.subarray(start, this.end);
    }
    return frame;
  }

  /** The latest frame is still held by a socket that has not sent it: the next message goes into a new buffer. */
  release(): void {
    this.allocate(this.buffer.length);
  }

  private allocate(size: number): void {
    // Buffer.alloc is never a slice of the shared pool: the buffer starts on a word boundary.
    this.buffer = Buffer.alloc(size);
    this.words = new Int32Array(this.buffer.buffer, this.buffer.byteOffset, size >>> 2);
    this.view = null;
    this.frameView = null;
  }

  // The message ending at `end`, as the same view while its length stays.
  private viewOf(end: number): Buffer {
    this.end = end;
    if (this.view === null || this.view.length !== end - FRAME_HEADROOM) this.view = this.buffer.subarray(FRAME_HEADROOM, end);
    return this.view;
  }

  // Everything before the payload; returns where the payload starts.
  private writeNumbers(sequenceNumber: number, chunk: number, timestampMs: number): number {
    const b = this.buffer;
    let at = FRAME_HEADROOM + this.head.copy(b, FRAME_HEADROOM);
    at = writeDecimal(b, at, sequenceNumber);
    at += this.afterSequence.copy(b, at);
    at = writeDecimal(b, at, chunk);
    at += this.afterChunk.copy(b, at);
    at = writeDecimal(b, at, timestampMs);
    return at + this.afterTimestamp.copy(b, at);
  }

  private sizeFor(payloadBytes: number): number {
    const fixed = this.head.length + this.afterSequence.length + this.afterChunk.length + this.afterTimestamp.length + this.tail.length;
    return FRAME_HEADROOM + fixed + 3 * MAX_DIGITS + Math.ceil(payloadBytes / 3) * 4;
  }
}

/** Writes the decimal digits of the non-negative integer `n` at `at`; returns the offset after them. */
function writeDecimal(b: Buffer, at: number, n: number): number {
  if (n < 10) {
    b[at] = 0x30 + n;
    return at + 1;
  }
  let digits = 0;
  for (let v = n; v >= 1; v = Math.floor(v / 10)) digits++;
  let v = n;
  for (let i = at + digits - 1; i >= at; i--) {
    b[i] = 0x30 + (v % 10);
    v = Math.floor(v / 10);
  }
  return at + digits;
}

/** Writes `src` as padded base64 at `at`; returns the offset after it. */
function writeBase64(b: Buffer, at: number, src: Uint8Array): number {
  const n = src.length;
  const whole = n - (n % 3);
  let o = at;
  for (let i = 0; i < whole; i += 3) {
    const v = (src[i]! << 16) | (src[i + 1]! << 8) | src[i + 2]!;
    b[o] = BASE64[v >> 18]!;
    b[o + 1] = BASE64[(v >> 12) & 63]!;
    b[o + 2] = BASE64[(v >> 6) & 63]!;
    b[o + 3] = BASE64[v & 63]!;
    o += 4;
  }
  const rest = n - whole;
  if (rest > 0) {
    const v = (src[whole]! << 16) | (rest === 2 ? src[whole + 1]! << 8 : 0);
    b[o] = BASE64[v >> 18]!;
    b[o + 1] = BASE64[(v >> 12) & 63]!;
    b[o + 2] = rest === 2 ? BASE64[(v >> 6) & 63]! : EQUALS;
    b[o + 3] = EQUALS;
    o += 4;
  }
  return o;
}
