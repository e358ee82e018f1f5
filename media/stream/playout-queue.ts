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

type Entry = { audio: Uint8Array; offset: number; mark?: undefined } | { mark: string; audio?: undefined };

/** A bounded FIFO of mu-law audio and marks, re-framed into 20 ms frames. */
export class PlayoutQueue {
  private readonly onMark: (name: string) => void;
  private readonly maxBytes: number;
  private readonly maxMarks: number;
  private entries: Entry[] = [];
  private head = 0;
  private bytes = 0;
  private marks = 0;
  /** Marks whose audio left with the last frame: echoed at the next pull, once that frame has played. */
  private due: string[] = [];
  /** Marks a pull went past (kept empty between pulls). */
  private readonly passed: string[] = [];
  private partialHeld = false;

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
    return this.marks + this.due.length;
  }

  /** Largest number of bytes the queue holds. */
  get capacityBytes(): number {
    return this.maxBytes;
  }

  /**
   * Queues mu-law audio (kept by reference: the caller must not change it). Returns the number of bytes that
   * did not fit and were dropped (0 when all fit).
   */
  push(audio: Uint8Array): number {
    const room = this.maxBytes - this.bytes;
    const accepted = Math.min(room, audio.length);
    if (accepted > 0) {
      this.entries.push({ audio: accepted === audio.length ? audio : audio.subarray(0, accepted), offset: 0 });
      this.bytes += accepted;
    }
    return audio.length - accepted;
  }

  /** Queues a mark after the audio queued so far. Returns false when the mark bound is full (mark dropped). */
  mark(name: string): boolean {
    if (this.pendingMarks >= this.maxMarks) return false;
    this.entries.push({ mark: name });
    this.marks++;
    return true;
  }

  /**
   * The next 20 ms frame, or null when there is nothing to play this tick. Echoes the marks whose last frame
   * was played during the previous tick; with nothing to play, also the marks now at the head. The frame may
   * be a view into queued audio.
   */
  pull(): Uint8Array | null {
    // Most ticks pass no mark: arrays are made only when one is due or passed.
    const echoed = this.due.length > 0 ? this.due : NO_MARKS;
    if (echoed !== NO_MARKS) this.due = [];
    const passed = this.passed;
    let frame: Uint8Array | null = null;
    if (this.bytes >= FRAME_BYTES) {
      frame = this.take(FRAME_BYTES, passed);
    } else if (this.bytes > 0) {
      if (this.partialHeld || this.marks > 0) frame = this.take(this.bytes, passed);
      else this.partialHeld = true;
    }
    if (frame !== null) this.partialHeld = false;
    this.takeLeadingMarks(passed);
    this.compact();
    // Marks behind the frame just taken wait until it has played; behind nothing, they are due now.
    let now: readonly string[] = NO_MARKS;
    if (passed.length > 0) {
      const names = passed.splice(0);
      if (frame !== null) this.due = names;
      else now = names;
    }
    for (const name of echoed) this.onMark(name);
    for (const name of now) this.onMark(name);
    return frame;
  }

  /** Drops every queued byte and echoes every pending mark at once, in order. */
  clear(): void {
    const echoed = this.due;
    this.due = [];
    for (let i = this.head; i < this.entries.length; i++) {
      const e = this.entries[i]!;
      if (e.mark !== undefined) echoed.push(e.mark);
    }
    this.entries = [];
    this.head = 0;
    this.bytes = 0;
    this.marks = 0;
    this.partialHeld = false;
    for (const name of echoed) this.onMark(name);
  }

  // Takes `count` bytes (count <= queued bytes) as one frame, padded with silence to FRAME_BYTES; marks
  // passed on the way are collected.
  private take(count: number, echoed: string[]): Uint8Array {
    const first = this.entries[this.head]!;
    if (count === FRAME_BYTES && first.audio !== undefined && first.audio.length - first.offset >= FRAME_BYTES) {
      const view = first.audio.subarray(first.offset, first.offset + FRAME_BYTES);
      this.consume(first, FRAME_BYTES);
      return view;
    }
    const frame = new Uint8Array(FRAME_BYTES).fill(MULAW_SILENCE);
    let filled = 0;
    while (filled < count) {
      const e = this.entries[this.head]!;
      if (e.mark !== undefined) {
        echoed.push(e.mark);
        this.marks--;
        this.head++;
        continue;
      }
      const n = Math.min(count - filled, e.audio.length - e.offset);
      frame.set(e.audio.subarray(e.offset, e.offset + n), filled);
      filled += n;
      this.consume(e, n);
    }
    return frame;
  }

  private consume(entry: Entry & { audio: Uint8Array }, n: number): void {
    entry.offset += n;
    this.bytes -= n;
    if (entry.offset === entry.audio.length) this.head++;
  }

  private takeLeadingMarks(echoed: string[]): void {
    while (this.head < this.entries.length) {
      const e = this.entries[this.head]!;
      if (e.mark === undefined) break;
      echoed.push(e.mark);
      this.marks--;
      this.head++;
    }
  }

  // Drops consumed entries now and then, so the array does not grow for the life of the stream.
  private compact(): void {
    if (this.head === this.entries.length) {
      // Emptied on most pulls of a bot that answers frame by frame: the array is kept, not made anew.
      this.entries.length = 0;
      this.head = 0;
    } else if (this.head > 256 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }
}
