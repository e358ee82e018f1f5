/**
 * A say or play being played out: 16 kHz samples read one 20 ms frame per tick, `repeat` times, to
 * everyone in the call or to one participant (`to`).
 */
export class Playback {
  private cursor = 0;
  private round = 0;

  constructor(
    readonly commandId: string,
    private readonly samples: Int16Array,
    /** The one participant who hears it; null for everyone. */
    readonly to: string | null,
    private readonly repeat: number = 1,
  ) {}

  /** True once every repetition has been played. */
  get done(): boolean {
    return this.round >= this.repeat || this.samples.length === 0;
  }

  /** Writes the next frame into `dst` (zero-padded at the very end); false when nothing was left. */
  next(dst: Int16Array): boolean {
    if (this.done) return false;
    let written = 0;
    while (written < dst.length && !this.done) {
      const take = Math.min(dst.length - written, this.samples.length - this.cursor);
      dst.set(this.samples.subarray(this.cursor, this.cursor + take), written);
      written += take;
      this.cursor += take;
      if (this.cursor >= this.samples.length) {
        this.cursor = 0;
        this.round++;
      }
    }
    dst.fill(0, written);
    return true;
  }
}
