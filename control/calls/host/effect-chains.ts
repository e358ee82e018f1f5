/**
 * Each call's effects after its commits, run in its messages' order but without holding the partition's
 * turn: the next batch is decided while a media node answers an earlier one's operations.
 */
export class EffectChains {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `run` (which must not throw) after the call's effects started before it. */
  after(callId: string, run: () => Promise<void>): void {
    const tail = this.settled(callId).then(run);
    this.tails.set(callId, tail);
    void tail.then(() => this.tails.get(callId) === tail && this.tails.delete(callId));
  }

  /** Resolves once the call's effects started so far have run. */
  settled(callId: string): Promise<void> {
    return this.tails.get(callId) ?? Promise.resolve();
  }
}
