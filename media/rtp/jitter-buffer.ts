import type { G711Codec } from './g711-codec.js';
import { timestampDelta } from './rtp-packet.js';

/** Samples in one 20 ms frame at 8 kHz. */
export const RTP_FRAME = 160;
const CAPACITY = 8192; // about 1 s at 8 kHz; a power of two for the ring arithmetic
const MASK = CAPACITY - 1;
/** Frames of loss hidden by repeating the last frame (fading) before falling silent. */
const CONCEAL_FRAMES = 3;
/** Late packets in a row after which the buffer starts again from the stream (the sender fell behind for good). */
const LATE_RESYNC_PACKETS = 3;

/** Options of a jitter buffer; samples at 8 kHz. */
export interface JitterBufferOptions {
  /** Delay played out behind the first packet: absorbs that much jitter (default 60 ms). */
  targetSamples?: number;
  /** Buffered audio beyond which the buffer drops back to the target (clock drift, bursts; default 200 ms). */
  maxSamples?: number;
}

/** What one pull produced. */
export type PullOutcome = 'audio' | 'concealed' | 'silent';

/**
 * Puts received RTP audio (G.711 bytes, one per sample, kept as they came so a listener of the same law
 * can be given them without decoding) back in timestamp order and plays it out 160 samples per tick at a
 * fixed delay behind the stream. Late packets are dropped; a lost frame is hidden by repeating the last
 * one at half the level each time (for up to 3 frames; the only time it decodes), then silence; a gap
 * inside a frame is the law's silence; a buffer that grows past `maxSamples` (the far clock runs fast, or
 * a burst arrived) skips back to the target delay; three late packets in a row (the sender stalled or the
 * path's delay grew past the target, and its audio now always arrives after its time) start it again at
 * the target delay behind the stream, as it would otherwise stay silent for the rest of the call.
 */
export class JitterBuffer {
  private readonly ring = new Uint8Array(CAPACITY);
  private readonly filled = new Uint8Array(CAPACITY);
  private readonly last = new Uint8Array(RTP_FRAME);
  private readonly pcm = new Int16Array(RTP_FRAME);
  private readonly target: number;
  private readonly max: number;
  private anchored = false;
  /** RTP timestamp of the next sample to play, and its index in the ring. */
  private playTs = 0;
  private readPos = 0;
  /** Samples from the play point to the end of the newest audio received. */
  private ahead = 0;
  private concealed = CONCEAL_FRAMES;
  private lateInRow = 0;
  /** Counters for the leg's statistics. */
  late = 0;
  lost = 0;
  resyncs = 0;

  constructor(options: JitterBufferOptions = {}) {
    this.target = options.targetSamples ?? 480;
    this.max = Math.max(this.target + RTP_FRAME, options.maxSamples ?? 1600);
  }

  /** Forgets everything (a new stream: the sender's SSRC changed). */
  reset(): void {
    this.anchored = false;
    this.lateInRow = 0;
    this.filled.fill(0);
    this.ahead = 0;
    this.concealed = CONCEAL_FRAMES;
  }

  /** Stores audio (G.711 bytes) that starts at RTP timestamp `timestamp`. */
  put(timestamp: number, payload: Uint8Array): void {
    const n = payload.length;
    if (n === 0 || n > CAPACITY / 2) return;
    if (!this.anchored) this.anchor(timestamp);
    let offset = timestampDelta(timestamp, this.playTs);
    if (offset + n <= 0) {
      this.late++;
      if (++this.lateInRow < LATE_RESYNC_PACKETS) return;
      this.restartAt(timestamp);
      offset = this.target;
    } else if (offset + n > CAPACITY - RTP_FRAME) {
      // Far ahead of the play point (a jump in the sender's timestamps): start again from this packet.
      this.restartAt(timestamp);
      offset = this.target;
    }
    this.lateInRow = 0;
    for (let i = Math.max(0, -offset); i < n; i++) {
      const idx = (this.readPos + offset + i) & MASK;
      this.ring[idx] = payload[i]!;
      this.filled[idx] = 1;
    }
    if (offset + n > this.ahead) this.ahead = offset + n;
  }

  /** Plays the next 160 samples into `out`, in `codec`'s law (what was stored). */
  pull(out: Uint8Array, codec: G711Codec): PullOutcome {
    if (!this.anchored) return 'silent';
    if (this.ahead > this.max) this.skip(this.ahead - this.target);
    let got = 0;
    for (let i = 0; i < RTP_FRAME; i++) {
      const idx = (this.readPos + i) & MASK;
      if (this.filled[idx]) {
        out[i] = this.ring[idx]!;
        this.filled[idx] = 0;
        got++;
      } else {
        out[i] = codec.silence;
      }
    }
    this.advance(RTP_FRAME);
    if (got > 0) {
      this.last.set(out);
      this.concealed = 0;
      return 'audio';
    }
    if (this.ahead > 0) this.lost++;
    if (this.concealed >= CONCEAL_FRAMES) return 'silent';
    this.concealed++;
    const shift = this.concealed;
    codec.decode(this.last, this.pcm);
    for (let i = 0; i < RTP_FRAME; i++) this.pcm[i] = this.pcm[i]! >> shift;
    codec.encode(this.pcm, out);
    return 'concealed';
  }

  private restartAt(timestamp: number): void {
    this.resyncs++;
    this.filled.fill(0);
    this.anchor(timestamp);
  }

  private anchor(timestamp: number): void {
    this.anchored = true;
    this.playTs = (timestamp - this.target) >>> 0;
    this.ahead = 0;
  }

  private skip(samples: number): void {
    for (let i = 0; i < samples; i++) this.filled[(this.readPos + i) & MASK] = 0;
    this.advance(samples);
    this.resyncs++;
  }

  private advance(samples: number): void {
    this.readPos = (this.readPos + samples) & MASK;
    this.playTs = (this.playTs + samples) >>> 0;
    this.ahead = Math.max(0, this.ahead - samples);
  }
}
