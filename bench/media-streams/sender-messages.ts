/** What run.ts says to a sender process: the media node (stream-node.ts) or the bare relay (bare-relay.ts). */
export type SenderCommand =
  | { type: 'open'; count: number; url: string; /** Node only: a room participant in every session as well (three legs). */ rooms?: boolean }
  /** A new measuring window; with `allocation`, its allocations are sampled (bytes per stream and frame, and by whom). */
  | { type: 'reset'; allocation?: boolean }
  | { type: 'report' };

/** A sender's own figures for one window: its tick and what it cost. */
export interface SenderReport {
  streams: number;
  latenessMs: { p50: number; p99: number; max: number; count: number };
  tickWorkMs: { p50: number; p99: number; max: number; mean: number };
  /** Frames skipped in the window. */
  skippedFrames: number;
  /** Ticks later than 1.5 ms, and how many of them had a garbage collection pause in their lateness. */
  lateTicks: { count: number; afterGc: number };
  /** Ticks run plus frames skipped, minus the 20 ms periods from the clock's start to its latest tick (0: no drift). */
  driftFrames: number;
  cpuPercentOfOneCore: number;
  /** The kernel's part of that CPU time (system ÷ user + system): socket calls, which no JavaScript change removes. */
  kernelShareOfCpu: number;
  /**
   * CPU time per stream and tick run (µs): the cost of a frame each way, which a window starved into skipping
   * reads the same as a full one (its CPU per stream reads low, having done less).
   */
  cpuMicrosecondsPerStreamTick: number;
  /** Garbage collections in the window: young-generation scavenges, full mark-compacts, and their pauses' total. */
  gc: { scavenges: number; markCompacts: number; ms: number };
  /**
   * When asked for: JavaScript heap bytes allocated in the window (V8's sampling heap profiler, short-lived
   * objects included) per stream and tick, and the functions that allocated the most.
   */
  allocation?: { bytesPerStreamFrame: number; bytesInWindow: number; top: { site: string; bytes: number; percent: number }[] };
  memoryAfterGcMiB: { rssMiB: number; heapUsedMiB: number; externalMiB: number };
  /** JS heap and buffers added since before the streams opened, per stream (after a full collection). */
  heapPlusExternalKiBPerStream: number;
  /** Resident memory added since before the streams opened, per stream. */
  rssKiBPerStream: number;
}

/** A sender's answers, one per command. */
export type SenderReply = { type: 'opened'; /** Room URLs with tokens, one per session, when rooms were asked for. */ roomUrls?: string[] } | { type: 'ok' } | ({ type: 'report' } & SenderReport);
