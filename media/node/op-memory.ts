import type { Clock } from '../../shared/clock/clock.js';

/**
 * Remembers the answer of each operation id for a bounded time (and count), so a repeated request,
 * even one arriving while the first is still being answered, gets the first answer and does nothing.
 */
export class OpMemory<T> {
  // Map keeps insertion order: the oldest entries are at the front.
  private readonly entries = new Map<string, { at: number; answer: Promise<T> }>();

  constructor(
    private readonly clock: Clock,
    private readonly keepMs: number = 10 * 60_000,
    private readonly maxEntries: number = 100_000,
  ) {}

  /** The remembered answer of `opId`, or the answer `run` gives (remembered from now on). */
  answer(opId: string, run: () => Promise<T>): Promise<T> {
    this.evict();
    const known = this.entries.get(opId);
    if (known) return known.answer;
    const answer = run();
    this.entries.set(opId, { at: this.clock.now(), answer });
    return answer;
  }

  /** Operation ids remembered now. */
  get size(): number {
    return this.entries.size;
  }

  private evict(): void {
    const oldest = this.clock.now() - this.keepMs;
    for (const [id, entry] of this.entries) {
      if (entry.at >= oldest && this.entries.size < this.maxEntries) break;
      this.entries.delete(id);
    }
  }
}
