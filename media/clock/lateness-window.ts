/** A rolling window of the latest samples (tick lateness in ms) with percentiles on demand. */
export class LatenessWindow {
  private readonly samples: Float64Array;
  private next = 0;
  private count = 0;

  constructor(size: number) {
    this.samples = new Float64Array(size);
  }

  /** Adds one sample, replacing the oldest once full. */
  record(value: number): void {
    this.samples[this.next] = value;
    this.next = (this.next + 1) % this.samples.length;
    if (this.count < this.samples.length) this.count++;
  }

  /** The q-quantile (0..1) of the window, 0 when empty. */
  quantile(q: number): number {
    if (this.count === 0) return 0;
    const sorted = this.samples.slice(0, this.count).sort();
    return sorted[Math.min(this.count - 1, Math.floor(q * this.count))]!;
  }

  /** The largest sample in the window, 0 when empty. */
  max(): number {
    let m = 0;
    for (let i = 0; i < this.count; i++) m = Math.max(m, this.samples[i]!);
    return m;
  }
}
