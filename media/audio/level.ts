/**
 * Level measurements for tests, diagnostics and silence checks (not the frame-rate hot path).
 */

/** Amplitude (peak, in sample units) of the `freqHz` component of `samples`, by a single-bin DFT. */
export function toneAmplitude(samples: Int16Array, freqHz: number, rate: number): number {
  const n = samples.length;
  if (n === 0) return 0;
  const w = (2 * Math.PI * freqHz) / rate;
  let re = 0;
  let im = 0;
  for (let i = 0; i < n; i++) {
    re += samples[i]! * Math.cos(w * i);
    im += samples[i]! * Math.sin(w * i);
  }
  return (2 * Math.hypot(re, im)) / n;
}

/** Root-mean-square level of `samples` in sample units (0 for an empty array). */
export function rms(samples: Int16Array): number {
  const n = samples.length;
  if (n === 0) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / n);
}

/** Ratio of two amplitudes in decibels. */
export function decibels(amplitude: number, reference: number): number {
  return 20 * Math.log10(amplitude / reference);
}
