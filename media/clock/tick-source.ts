/** Something that calls back once per 20 ms frame: the node's real tick, or a test's manual one. */
export interface TickSource {
  /** Starts calling `onTick` once per frame. */
  start(onTick: () => void): void;
  stop(): void;
}

/** Milliseconds of audio in one frame, the period of every tick. */
export const FRAME_MS = 20;
