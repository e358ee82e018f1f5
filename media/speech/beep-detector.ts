/**
 * Answering-machine beep detection (the job of FreeSWITCH's mod_avmd), frame by frame.
 *
 * Each frame is run through a bank of Goertzel filters from 300 to 2500 Hz, 25 Hz apart. A frame is "tone"
 * when its strongest filter holds most of the frame's energy (a pure tone does, speech with its many
 * harmonics does not). A beep is at least `minMs` of tone frames whose frequency stays within 50 Hz; it is
 * reported once it stops (two frames without it), with its start, end and frequency.
 */
import { goertzelCoefficient, goertzelPower } from '../audio/goertzel.js';

/** Tuning of a BeepDetector. */
export interface BeepDetectorOptions {
  /** Sample rate of the frames (default 8000). */
  rate?: number;
  /** Shortest beep (default 80 ms). */
  minMs?: number;
  /** Share of a frame's energy the strongest filter must hold (default 0.7). */
  purity?: number;
  /** Quietest beep, as RMS in sample units (default 300, about −40 dBFS). */
  minRms?: number;
}

/** A beep that has ended. */
export interface Beep {
  startMs: number;
  endMs: number;
  hz: number;
}

const LOW_HZ = 300;
const HIGH_HZ = 2500;
const STEP_HZ = 25;

/** Finds beeps in one leg's audio; one instance per leg. */
export class BeepDetector {
  private readonly rate: number;
  private readonly minMs: number;
  private readonly purity: number;
  private readonly minRms: number;
  private readonly coefficients: Float64Array;
  private elapsedMs = 0;
  /** The tone being followed: its first frame's time, frequency index and length. */
  private toneStart = 0;
  private toneBin = -1;
  private toneMs = 0;
  private missed = 0;

  constructor(opts: BeepDetectorOptions = {}) {
    this.rate = opts.rate ?? 8000;
    this.minMs = opts.minMs ?? 80;
    this.purity = opts.purity ?? 0.7;
    this.minRms = opts.minRms ?? 300;
    const count = Math.floor((HIGH_HZ - LOW_HZ) / STEP_HZ) + 1;
    this.coefficients = Float64Array.from({ length: count }, (_, i) => goertzelCoefficient(LOW_HZ + i * STEP_HZ, this.rate));
  }

  /** Feeds one frame; returns a beep that ended with it, or null. */
  push(frame: Int16Array): Beep | null {
    const frameMs = (frame.length * 1000) / this.rate;
    const at = this.elapsedMs;
    this.elapsedMs += frameMs;
    const bin = this.toneIn(frame);
    const following = this.toneBin >= 0;
    if (bin >= 0 && following && Math.abs(bin - this.toneBin) <= 2) {
      this.toneMs += frameMs;
      this.missed = 0;
      return null;
    }
    if (following && this.missed === 0 && bin < 0) {
      // One frame without the tone may be a fade or a frame boundary: wait for a second.
      this.missed = 1;
      return null;
    }
    const ended = following && this.toneMs >= this.minMs ? { startMs: this.toneStart, endMs: at - this.missed * frameMs, hz: LOW_HZ + this.toneBin * STEP_HZ } : null;
    this.toneBin = bin;
    this.toneStart = at;
    this.toneMs = bin >= 0 ? frameMs : 0;
    this.missed = 0;
    return ended;
  }

  /** True while a tone long enough to be a beep is going on. */
  get inBeep(): boolean {
    return this.toneBin >= 0 && this.toneMs >= this.minMs;
  }

  /** The filter index of the pure tone in `frame`, or −1. */
  private toneIn(frame: Int16Array): number {
    const n = frame.length;
    let energy = 0;
    for (let k = 0; k < n; k++) energy += frame[k]! * frame[k]!;
    if (energy < this.minRms * this.minRms * n) return -1;
    let best = -1;
    let bestPower = 0;
    const c = this.coefficients;
    for (let f = 0; f < c.length; f++) {
      const power = goertzelPower(frame, n, c[f]!);
      if (power > bestPower) {
        bestPower = power;
        best = f;
      }
    }
    // A pure tone of amplitude A gives Goertzel power (A·N/2)² against frame energy A²·N/2: a ratio of N/2.
    return bestPower >= this.purity * (n / 2) * energy ? best : -1;
  }
}
