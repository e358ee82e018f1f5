/**
 * The playout queue of a stream: mu-law audio the customer's server sends (bots send faster than real time,
 * in chunks of any length) waits here and leaves as one 160-byte (20 ms) frame per tick.
 *
 * Marks keep their place between the audio: a mark is echoed once every byte queued before it has been
 * played, i.e. on the pull after the one that took its last frame, when that frame has had its 20 ms (a
 * mark on an empty queue on the next pull). `clear()` drops all audio and echoes the pending marks
 * at once (barge-in). A partial frame at the tail is held for one tick, in case the rest of it is on its way,
 * then played padded with silence; it is padded at once when a mark waits behind it.
 *
 * Bounded: at most `maxQueuedSeconds` of audio (default 120 s, 960 KB; Twilio keeps 10 minutes, but a node
 * serves hundreds of streams, and no bot needs minutes of look-ahead) and `maxPendingMarks` marks (default
 * 1000). Whatever does not fit is dropped and reported to the caller, never buffered.
 *
 * The audio is copied into one ring of bytes per stream (grown by doubling as a backlog needs it, given back
 * once empty), not kept as the decoded buffers it came in: bots send ahead of real time, so queued audio
 * lives for seconds, and thousands of small buffers living that long were promoted out of V8's young
 * generation and collected by mark-compacts every second or two (bench/media-streams/RESULTS.md, 2026-11-27).
 */
import { MULAW_SILENCE } from '../../shared/audio/g711.js';

/** Bytes of one 20 ms mu-law frame at 8 kHz. */
export const FRAME_BYTES = 160;
/** Default bound of queued audio, in seconds. */
export const DEFAULT_MAX_QUEUED_SECONDS = 120;
/** Default bound of marks waiting for their audio. */
export const DEFAULT_MAX_PENDING_MARKS = 1000;

/** Options of a playout queue. */
export interface PlayoutQueueOptions {
  /** Called with a mark's name once the audio before it has been played, or at once on clear. */
  onMark(name: string): void;
  maxQueuedSeconds?: number;
  maxPendingMarks?: number;
}

const NO_MARKS: readonly string[] = Object.freeze([]);
/** The ring's size when a stream starts, and again once it empties after a backlog (25 frames). */
const INITIAL_RING_BYTES = 4096;

/** A bounded FIFO of mu-law audio and marks, re-framed into 20 ms frames. */
export class PlayoutQueue {
  private readonly onMark: (name: string) => void;
  private readonly maxBytes: number;
  private readonly maxMarks: number;
  private ring = new Uint8Array(INITIAL_RING_BYTES);
  /** Ring index of the oldest queued byte, and the queued byte count. */
  private start = 0;
  private bytes = 0;
  /** Bytes ever taken from the queue: a mark sits at the count of bytes queued before it. */
  private taken = 0;
  /** Marks waiting for their audio, in order, each with the byte position it follows. */
  private marks: { name: string; at: number }[] = [];
  /** Marks whose audio left with the last frame: echoed at the next pull, once that frame has played. */
  private due: string[] = [];
  /** Marks a pull went past (kept empty between pulls). */
  private readonly passed: string[] = [];
  private partialHeld = false;
  /** The frame a pull returns when its bytes are not contiguous in the ring, or a padded partial frame. */
  private readonly frame = new Uint8Array(FRAME_BYTES);

  constructor(options: PlayoutQueueOptions) {
    this.onMark = options.onMark;
    this.maxBytes = Math.floor((options.maxQueuedSeconds ?? DEFAULT_MAX_QUEUED_SECONDS) * 8000);
    this.maxMarks = options.maxPendingMarks ?? DEFAULT_MAX_PENDING_MARKS;
  }

  /** Bytes of audio waiting to be played. */
  get queuedBytes(): number {
    return this.bytes;
  }

  /** Marks waiting for their audio (or for its last frame to finish playing). */
  get pendingMarks(): number {
    return this.marks.length + this.due.length;
  }

  /** Largest number of bytes the queue holds. */
  get capacityBytes(): number {
    return this.maxBytes;
  }

  /**
   * Queues mu-law audio (copied: the caller may reuse it). Returns the number of bytes that did not fit and
   * were dropped (0 when all fit).
   */
  push(audio: Uint8Array): number {
    const room = this.maxBytes - this.bytes;
    const accepted = Math.min(room, audio.length);
    if (accepted > 0) {
      if (this.bytes + accepted > this.ring.length) this.grow(this.bytes + accepted);
      const ring = this.ring;
      const end = (this.start + this.bytes) % ring.length;
      const first = Math.min(accepted, ring.length - end);
      ring.set(first === audio.length ? audio : audio.subarray(0, first), end);
      if (first < accepted) ring.set(audio.subarray(first, accepted), 0);
      this.bytes += accepted;
    }
    return audio.length - accepted;
  }

  /** Queues a mark after the audio queued so far. Returns false when the mark bound is full (mark dropped). */
  mark(name: string): boolean {
    if (this.pendingMarks >= this.maxMarks) return false;
    this.marks.push({ name, at: this.taken + this.bytes });
    return true;
  }

  /**
   * The next 20 ms frame, or null when there is nothing to play this tick. Echoes the marks whose last frame
   * was played during the previous tick; with nothing to play, also the marks now at the head. The frame is
   * valid until the next pull or push.
   */
  pull(): Uint8Array | null {
    // Most ticks pass no mark: arrays are made only when one is due or passed.
    const echoed = this.due.length > 0 ? this.due : NO_MARKS;
    if (echoed !== NO_MARKS) this.due = [];
    let frame: Uint8Array | null = null;
    if (this.bytes >= FRAME_BYTES) {
      frame = this.take(FRAME_BYTES);
    } else if (this.bytes > 0) {
      if (this.partialHeld || this.marks.length > 0) frame = this.take(this.bytes);
      else this.partialHeld = true;
    }
    if (frame !== null) this.partialHeld = false;
    // The marks behind the audio taken so far (in the frame, or at the head now): passed.
    const passed = this.passed;
    if (this.marks.length > 0 && this.marks[0]!.at <= this.taken) {
      let n = 0;
      while (n < this.marks.length && this.marks[n]!.at <= this.taken) passed.push(this.marks[n++]!.name);
      this.marks.splice(0, n);
    }
    if (this.bytes === 0) this.emptied();
    // Marks behind the frame just taken wait until it has played; behind nothing, they are due now.
    let now: readonly string[] = NO_MARKS;
    if (passed.length > 0) {
      const names = passed.splice(0);
      if (frame !== null) this.due = names;
      else now = names;
    }
    // Indexed loops: a for-of over an array made an iterator object on every pull.
    for (let i = 0; i < echoed.length; i++) this.onMark(echoed[i]!);
    for (let i = 0; i < now.length; i++) this.onMark(now[i]!);
    return frame;
  }

  /** Drops every queued byte and echoes every pending mark at once, in order. */
  clear(): void {
    const echoed = this.due;
    this.due = [];
    for (const m of this.marks) echoed.push(m.name);
    this.marks = [];
    this.taken += this.bytes;
    this.bytes = 0;
    this.partialHeld = false;
    this.emptied();
    for (const name of echoed) this.onMark(name);
  }

  // Takes `count` bytes (count <= queued bytes) as one frame, padded with silence to FRAME_BYTES.
  private take(count: number): Uint8Array {
    const ring = this.ring;
    const at = this.start;
    this.start = (at + count) % ring.length;
    this.bytes -= count;
    this.taken += count;
    if (count === FRAME_BYTES && at + FRAME_BYTES <= ring.length) return ring.subarray(at, at + FRAME_BYTES);
    const frame = this.frame;
    const first = Math.min(count, ring.length - at);
    frame.set(ring.subarray(at, at + first));
    if (first < count) frame.set(ring.subarray(0, count - first), first);
    if (count < FRAME_BYTES) frame.fill(MULAW_SILENCE, count);
    return frame;
  }

  // Room for `needed` bytes: the ring doubles, its bytes laid out from index 0.
  private grow(needed: number): void {
    let size = this.ring.length * 2;
    while (size < needed) size *= 2;
    const ring = new Uint8Array(size);
    const first = Math.min(this.bytes, this.ring.length - this.start);
    ring.set(this.ring.subarray(this.start, this.start + first));
    if (first < this.bytes) ring.set(this.ring.subarray(0, this.bytes - first), first);
    this.ring = ring;
    this.start = 0;
  }

  // Nothing queued: start again at the ring's head, and give back a ring a backlog grew.
  private emptied(): void {
    this.start = 0;
    if (this.ring.length > INITIAL_RING_BYTES) this.ring = new Uint8Array(INITIAL_RING_BYTES);
  }
}
