import { PerformanceObserver, constants, performance } from 'node:perf_hooks';
import type { TickProbe } from '../media-tick/tick-probe.js';
import { round } from '../media-tick/samples.js';
import { settledMemory } from '../media-tick/settled-memory.js';
import { AllocationSampler } from './allocation-sampler.js';
import type { SenderReport } from './sender-messages.js';

/** The measuring window of a sender process: its tick probe, CPU, garbage collections and memory since the last reset. */
export class SenderWindow {
  private cpuStart = process.cpuUsage();
  private startedAt = performance.now();
  private readonly before = settledMemory();
  private skippedBefore = 0;
  private framesBefore = 0;
  private sampler: AllocationSampler | null = null;
  private readonly gc = { scavenges: 0, markCompacts: 0, ms: 0 };
  /** The window's collections: when each began (monotonic) and how long it paused, milliseconds. */
  private readonly pauses: { start: number; ms: number }[] = [];

  constructor(private readonly probe: TickProbe) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
        if (kind === constants.NODE_PERFORMANCE_GC_MINOR) this.gc.scavenges++;
        else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) this.gc.markCompacts++;
        this.gc.ms += entry.duration;
        this.pauses.push({ start: entry.startTime, ms: entry.duration });
      }
    }).observe({ entryTypes: ['gc'] });
  }

  /** Starts a new window; with `allocation`, every allocation of the window is sampled as well. */
  async reset(allocation = false): Promise<void> {
    if (allocation) {
      this.sampler ??= new AllocationSampler();
      await this.sampler.start();
    }
    this.probe.reset();
    this.skippedBefore = this.probe.clock.skipped;
    this.framesBefore = this.probe.frames;
    this.gc.scavenges = 0;
    this.gc.markCompacts = 0;
    this.gc.ms = 0;
    this.pauses.length = 0;
    this.cpuStart = process.cpuUsage();
    this.startedAt = performance.now();
  }

  /**
   * The ticks later than LATE_MS, and how many of them had a collection pause between their deadline and
   * their start (the collection made them late; the others waited for socket reads or the tick before).
   */
  private lateTicks(): { count: number; afterGc: number } {
    const late = this.probe.late;
    const afterGc = late.filter((t) => this.pauses.some((p) => p.start < t.deadline + t.ms && p.start + p.ms > t.deadline)).length;
    return { count: late.length, afterGc };
  }

  /** The window's figures for `streams` streams (memory read after a full collection that ends the window). */
  async report(streams: number): Promise<SenderReport> {
    const cpu = process.cpuUsage(this.cpuStart);
    const wallMs = performance.now() - this.startedAt;
    const frames = this.probe.frames - this.framesBefore;
    const skipped = this.probe.clock.skipped - this.skippedBefore;
    const gc = { scavenges: this.gc.scavenges, markCompacts: this.gc.markCompacts, ms: round(this.gc.ms) };
    const allocation = this.sampler === null ? undefined : await this.sampler.stop();
    this.sampler = null;
    const memory = settledMemory();
    const perStream = (mib: number): number => round((mib * 1024) / Math.max(1, streams));
    const work = this.probe.work.summary();
    return {
      streams,
      latenessMs: this.probe.lateness.summary(),
      tickWorkMs: { p50: work.p50, p99: work.p99, max: work.max, mean: round(this.probe.work.mean()) },
      skippedFrames: skipped,
      lateTicks: this.lateTicks(),
      driftFrames: this.probe.frames - Math.round((this.probe.lastTickAt - this.probe.startedAt) / 20),
      cpuPercentOfOneCore: round(((cpu.user + cpu.system) / 1000 / wallMs) * 100),
      kernelShareOfCpu: round(cpu.system / Math.max(1, cpu.user + cpu.system)),
      cpuMicrosecondsPerStreamTick: round((cpu.user + cpu.system) / Math.max(1, (frames - skipped) * streams)),
      gc,
      ...(allocation
        ? { allocation: { bytesPerStreamFrame: Math.round(allocation.bytes / Math.max(1, (frames - skipped) * streams)), bytesInWindow: allocation.bytes, top: allocation.top } }
        : {}),
      memoryAfterGcMiB: memory,
      heapPlusExternalKiBPerStream: perStream(memory.heapUsedMiB + memory.externalMiB - this.before.heapUsedMiB - this.before.externalMiB),
      rssKiBPerStream: perStream(memory.rssMiB - this.before.rssMiB),
    };
  }
}
