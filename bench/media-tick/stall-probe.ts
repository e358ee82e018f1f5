/**
 * How steadily this machine runs a fixed computation: a unit of about half a millisecond of arithmetic, timed
 * once every 20 ms (the media tick's period) for `seconds`. On a quiet machine every unit takes the same
 * time; a virtual machine whose host takes its CPU away now and then shows units many times longer. A tick
 * cannot be on time more steadily than this, so a bench records it beside its lateness figures.
 */
import { round, Samples } from './samples.js';

/** The spread of the unit's time, in ms, and how many units took more than three times the median. */
export interface StallReport {
  unitMs: { p50: number; p99: number; max: number };
  slowUnits: number;
  units: number;
}

const data = new Float64Array(4096);

function unit(): void {
  for (let k = 0; k < 60; k++) for (let i = 0; i < data.length; i++) data[i] = data[i]! * 0.5 + i;
}

/** Times the unit every 20 ms for `seconds` (the process should have nothing else to do meanwhile). */
export async function stallProbe(seconds = 4): Promise<StallReport> {
  const times = new Samples();
  const units = seconds * 50;
  for (let n = 0; n < units; n++) {
    const start = performance.now();
    unit();
    times.add(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const p50 = times.quantile(0.5);
  let slowUnits = 0;
  for (let i = 0; i < times.count; i++) if (times.at(i) > 3 * p50) slowUnits++;
  return { unitMs: { p50: round(p50), p99: round(times.quantile(0.99)), max: round(times.quantile(1)) }, slowUnits, units: times.count };
}
