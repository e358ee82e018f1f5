/** Plays a clip as an endless sequence of frames (hold music, test tones, ringback). */
export class LoopingClip {
  private position = 0;

  /** `clip` must be non-empty; it is read, never modified. */
  constructor(private readonly clip: Int16Array) {
    if (clip.length === 0) throw new RangeError('a looping clip needs at least one sample');
  }

  /** Fills `dst` with the next `dst.length` samples, wrapping to the start of the clip as needed. */
  read(dst: Int16Array): void {
    const clip = this.clip;
    let written = 0;
    while (written < dst.length) {
      const take = Math.min(dst.length - written, clip.length - this.position);
      dst.set(clip.subarray(this.position, this.position + take), written);
      written += take;
      this.position = (this.position + take) % clip.length;
    }
  }

  /** Starts again from the beginning of the clip. */
  rewind(): void {
    this.position = 0;
  }
}
