import { performance } from 'node:perf_hooks';
import type { TickProbe } from '../media-tick/tick-probe.js';
import { round } from '../media-tick/samples.js';
import { settledMemory } from '../media-tick/settled-memory.js';
import type { SenderReport } from './sender-messages.js';

/** The measuring window of a sender process: its tick probe, CPU and memory since the last reset. */
export class SenderWindow {
  private cpuStart = process.cpuUsage();
  private startedAt = performance.now();
  private readonly before = settledMemory();
  private skippedBefore = 0;

  constructor(private readonly probe: TickProbe) {}

  /** Starts a new window. */
  reset(): void {
    this.probe.reset();
    this.skippedBefore = this.probe.clock.skipped;
    this.cpuStart = process.cpuUsage();
    this.startedAt = performance.now();
  }

  /** The window's figures for `streams` streams (memory read after a full collection that ends the window). */
  report(streams: number): SenderReport {
    const cpu = process.cpuUsage(this.cpuStart);
    const wallMs = performance.now() - this.startedAt;
    const memory = settledMemory();
    const perStream = (mib: number): number => round((mib * 1024) / Math.max(1, streams));
    const work = this.probe.work.summary();
    return {
      streams,
      latenessMs: this.probe.lateness.summary(),
      tickWorkMs: { p50: work.p50, p99: work.p99, max: work.max, mean: round(this.probe.work.mean()) },
      skippedFrames: this.probe.clock.skipped - this.skippedBefore,
      driftFrames: this.probe.frames - Math.round((this.probe.lastTickAt - this.probe.startedAt) / 20),
      cpuPercentOfOneCore: round(((cpu.user + cpu.system) / 1000 / wallMs) * 100),
      memoryAfterGcMiB: memory,
      heapPlusExternalKiBPerStream: perStream(memory.heapUsedMiB + memory.externalMiB - this.before.heapUsedMiB - this.before.externalMiB),
      rssKiBPerStream: perStream(memory.rssMiB - this.before.rssMiB),
    };
  }
}
