import type { TickSource } from './tick-source.js';

/** A tick that runs only when told: tests move through seconds of audio in milliseconds, exactly. */
export class ManualTick implements TickSource {
  private onTick: (() => void) | undefined;

  start(onTick: () => void): void {
    this.onTick = onTick;
  }

  stop(): void {
    this.onTick = undefined;
  }

  /** Nothing: a manual tick runs only when a test says so. */
  due(): void {}

  /** Runs `frames` ticks, yielding to the event loop between them so async work can settle. */
  async run(frames: number): Promise<void> {
    for (let i = 0; i < frames; i++) {
      this.onTick?.();
      await new Promise<void>((r) => setImmediate(r));
    }
  }

  /** Runs ticks until `done()` holds; throws after `maxFrames`. */
  async runUntil(done: () => boolean, maxFrames: number): Promise<number> {
    for (let i = 0; i < maxFrames; i++) {
      if (done()) return i;
      await this.run(1);
    }
    if (done()) return maxFrames;
    throw new Error(`condition not met within ${maxFrames} frames`);
  }
}
