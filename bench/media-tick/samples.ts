/** A growable list of measurements (milliseconds) with percentiles over all of them. */
export class Samples {
  private values = new Float64Array(1024);
  private n = 0;
  private sorted: Float64Array | null = null;

  /** Number of samples recorded. */
  get count(): number {
    return this.n;
  }

  /** Adds one sample. */
  add(value: number): void {
    if (this.n === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.n++] = value;
    this.sorted = null;
  }

  /** The sample recorded `index`-th since the last reset. */
  at(index: number): number {
    return this.values[index]!;
  }

  /** The q-quantile (0..1), NaN when empty. */
  quantile(q: number): number {
    if (this.n === 0) return Number.NaN;
    this.sorted ??= this.values.slice(0, this.n).sort();
    return this.sorted[Math.min(this.n - 1, Math.floor(q * this.n))]!;
  }

  /** The mean, NaN when empty. */
  mean(): number {
    let sum = 0;
    for (let i = 0; i < this.n; i++) sum += this.values[i]!;
    return this.n === 0 ? Number.NaN : sum / this.n;
  }

  /** p50, p99 and max rounded to microseconds, the usual summary of a bench. */
  summary(): { p50: number; p99: number; max: number; count: number } {
    return { p50: round(this.quantile(0.5)), p99: round(this.quantile(0.99)), max: round(this.quantile(1)), count: this.n };
  }

  /** Forgets every sample (a new measuring window). */
  reset(): void {
    this.n = 0;
    this.sorted = null;
  }
}

/** Rounds milliseconds to three decimals (microseconds) for reports. */
export function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
