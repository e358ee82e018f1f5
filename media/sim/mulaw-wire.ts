import { decodeMulaw, encodeMulaw } from '../../shared/audio/g711.js';

/**
 * The G.711 mu-law line between a simulated phone and the node: what crosses it is encoded and decoded
 * exactly as a carrier's RTP would be, so the phone hears and says telephone-quality audio.
 */
export class MulawWire {
  private readonly bytes: Uint8Array;
  private readonly out: Int16Array;

  constructor(samples = 160) {
    this.bytes = new Uint8Array(samples);
    this.out = new Int16Array(samples);
  }

  /** `frame` after crossing the line (a buffer reused on the next call). */
  carry(frame: Int16Array): Int16Array {
    encodeMulaw(frame, this.bytes);
    decodeMulaw(this.bytes, this.out);
    return this.out;
  }
}
