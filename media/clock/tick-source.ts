/** Something that calls back once per 20 ms frame: the node's real tick, or a test's manual one. */
export interface TickSource {
  /** Starts calling `onTick` once per frame. */
  start(onTick: () => void): void;
  stop(): void;
  /**
   * Runs the tick at once if its deadline has passed while it waits in a timer. Handlers of incoming
   * messages call it after each one: Node runs timers only after every socket that is ready has been read,
   * so without it a burst of reads that spans a deadline holds the tick back by the whole burst.
   */
  due(): void;
}

/** Milliseconds of audio in one frame, the period of every tick. */
export const FRAME_MS = 20;
