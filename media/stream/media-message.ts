/**
 * The `media` message of a stream, kept as text in one buffer per stream: only `sequenceNumber`, `chunk`,
 * `timestamp` and the payload change from frame to frame, so a frame costs some digits and a base64 encoding
 * into bytes that are already there. The fixed text around them is written again only when a number gains or
 * loses a digit, and nothing is allocated (the view returned is the same one from frame to frame while the
 * message's length stays). The bytes are exactly `JSON.stringify` of the message (same field order), which a
 * test checks. The text starts FRAME_HEADROOM bytes into its buffer, so `framed` masks it a word at a time
 * into a frame buffer of the same layout.
 */
import { FRAME_HEADROOM, frameInto } from './client-frame.js';

const BASE64 = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 'latin1');
// The two base64 characters of every 12 bits, first in the low byte: a quadruple is two reads and one write.
const PAIRS = new Uint16Array(4096);
for (let i = 0; i < 4096; i++) PAIRS[i] = BASE64[i >> 6]! | (BASE64[i & 63]! << 8);
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
  /** The message's text, and the same memory as words and as a view for the base64 quadruples. */
  private text!: Buffer;
  private textWords!: Int32Array;
  private textView!: DataView;
  /** The frame buffer (the text masked, after its header), and the same memory as words. */
  private frame!: Buffer;
  private frameWords!: Int32Array;
  /** The latest message's view of the text, kept while its length stays. */
  private view: Buffer | null = null;
  /** The latest frame's view of the frame buffer, kept while its bounds stay. */
  private frameView: Buffer | null = null;
  /** The digit counts the fixed text is laid out for (0: not laid out), and where each number starts. */
  private sequenceDigits = 0;
  private chunkDigits = 0;
  private timestampDigits = 0;
  private chunkAt = 0;
  private timestampAt = 0;
  /** Where the base64 payload lies, and where the message ends. */
  private payloadAt = 0;
  private payloadEnd = 0;
  private end = 0;
  /** The latest message's timestamp (for `renumber`). */
  private timestampMs = 0;

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
    if (this.text.length < this.sizeFor(payload.length)) this.allocate(this.sizeFor(payload.length));
    const t = this.text;
    this.writeNumbers(sequenceNumber, chunk, timestampMs, false);
    this.timestampMs = timestampMs;
    const payloadEnd = writeBase64(t, this.textView, this.payloadAt, payload);
    if (payloadEnd !== this.payloadEnd) {
      this.payloadEnd = payloadEnd;
      this.tail.copy(t, payloadEnd);
    }
    return this.viewOf(payloadEnd + this.tail.length);
  }

  /**
   * The latest message written again with other numbers, the same timestamp and payload (a mark or DTMF
   * message took its sequence number between the preparing and the sending).
   */
  renumber(sequenceNumber: number, chunk: number): Buffer {
    this.writeNumbers(sequenceNumber, chunk, this.timestampMs, true);
    return this.viewOf(this.payloadEnd + this.tail.length);
  }

  /** The latest message as one masked WebSocket text frame (a view of the frame buffer, valid until the next `framed`). */
  framed(): Buffer {
    const start = frameInto(this.frame, this.frameWords, this.text, this.textWords, this.end);
    let frame = this.frameView;
    if (frame === null || frame.byteOffset !== this.frame.byteOffset + start || frame.length !== this.end - start) {
      frame = this.frameView = this.frame.subarray(start, this.end);
    }
    return frame;
  }

  /** The latest frame is still held by a socket that has not sent it: the next one goes into a new buffer. */
  release(): void {
    this.frame = Buffer.alloc(this.text.length);
    this.frameWords = words(this.frame);
    this.frameView = null;
  }

  // A new, empty text buffer: the next write lays the fixed text out again.
  private allocate(size: number): void {
    this.text = Buffer.alloc(size);
    this.textWords = words(this.text);
    this.textView = new DataView(this.text.buffer, this.text.byteOffset, size);
    this.sequenceDigits = 0;
    this.payloadEnd = 0;
    this.view = null;
    this.release();
  }

  // The message ending at `end`, as the same view while its length stays.
  private viewOf(end: number): Buffer {
    this.end = end;
    if (this.view === null || this.view.length !== end - FRAME_HEADROOM) this.view = this.text.subarray(FRAME_HEADROOM, end);
    return this.view;
  }

  // The three numbers, and the fixed text before the payload when their digit counts changed. That moves where
  // the payload starts: `movePayload` carries the latest payload along (for `renumber`); otherwise the next
  // payload is written at the new place and the tail after it.
  private writeNumbers(sequenceNumber: number, chunk: number, timestampMs: number, movePayload: boolean): void {
    const t = this.text;
    const sequenceDigits = decimalDigits(sequenceNumber);
    const chunkDigits = decimalDigits(chunk);
    const timestampDigits = decimalDigits(timestampMs);
    if (sequenceDigits !== this.sequenceDigits || chunkDigits !== this.chunkDigits || timestampDigits !== this.timestampDigits) {
      this.sequenceDigits = sequenceDigits;
      this.chunkDigits = chunkDigits;
      this.timestampDigits = timestampDigits;
      const sequenceAt = FRAME_HEADROOM + this.head.length;
      this.chunkAt = sequenceAt + sequenceDigits + this.afterSequence.length;
      this.timestampAt = this.chunkAt + chunkDigits + this.afterChunk.length;
      const payloadAt = this.timestampAt + timestampDigits + this.afterTimestamp.length;
      if (movePayload) {
        // Moved before the fixed text is written over where it was.
        t.copyWithin(payloadAt, this.payloadAt, this.payloadEnd);
        this.payloadEnd += payloadAt - this.payloadAt;
        this.tail.copy(t, this.payloadEnd);
      } else {
        this.payloadEnd = 0;
      }
      this.payloadAt = payloadAt;
      this.head.copy(t, FRAME_HEADROOM);
      this.afterSequence.copy(t, sequenceAt + sequenceDigits);
      this.afterChunk.copy(t, this.chunkAt + chunkDigits);
      this.afterTimestamp.copy(t, this.timestampAt + timestampDigits);
    }
    writeDigits(t, FRAME_HEADROOM + this.head.length, sequenceDigits, sequenceNumber);
    writeDigits(t, this.chunkAt, chunkDigits, chunk);
    writeDigits(t, this.timestampAt, timestampDigits, timestampMs);
  }

  private sizeFor(payloadBytes: number): number {
    const fixed = this.head.length + this.afterSequence.length + this.afterChunk.length + this.afterTimestamp.length + this.tail.length;
    return FRAME_HEADROOM + fixed + 3 * MAX_DIGITS + Math.ceil(payloadBytes / 3) * 4;
  }
}

// A buffer's memory as words (Buffer.alloc is never a slice of the shared pool: it starts on a word boundary).
function words(b: Buffer): Int32Array {
  return new Int32Array(b.buffer, b.byteOffset, b.length >>> 2);
}

/** How many decimal digits the non-negative integer `n` has. */
function decimalDigits(n: number): number {
  let digits = 1;
  for (let v = n; v >= 10; v = Math.floor(v / 10)) digits++;
  return digits;
}

/** Writes the `digits` decimal digits of the non-negative integer `n` at `at`. */
function writeDigits(b: Buffer, at: number, digits: number, n: number): void {
  let v = n;
  for (let i = at + digits - 1; i >= at; i--) {
    b[i] = 0x30 + (v % 10);
    v = Math.floor(v / 10);
  }
}

/** Writes `src` as padded base64 at `at` of `b` (`view` is its memory); returns the offset after it. */
function writeBase64(b: Buffer, view: DataView, at: number, src: Uint8Array): number {
  const n = src.length;
  const whole = n - (n % 3);
  let o = at;
  for (let i = 0; i < whole; i += 3) {
    const v = (src[i]! << 16) | (src[i + 1]! << 8) | src[i + 2]!;
    view.setUint32(o, PAIRS[v >> 12]! | (PAIRS[v & 4095]! << 16), true);
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
