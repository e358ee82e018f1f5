/**
 * Filling the 4–8 kHz band that telephone audio lacks, before PocketSphinx's 16 kHz front end.
 *
 * The only packaged acoustic model was trained on wideband speech (its filter bank reaches 6.8 kHz). Phone
 * audio upsampled to 16 kHz has nothing above about 3.6 kHz, so the model's upper filters see digital
 * silence and fricatives vanish ("sales" is heard as "no"). Noise-excited bandwidth extension puts
 * high-passed noise above 4.2 kHz whose level follows the envelope of the 2.5–3.6 kHz band (fricatives
 * are loud there) on top of a constant floor. bench/speech/RESULTS.md records what this and the other
 * attempts gave. The noise is seeded, so the same audio always gives the same result.
 */

/** Tuning of the extension (defaults chosen in bench/speech). */
export interface BandExtensionOptions {
  /** Gain of the 2.5–3.6 kHz envelope in the new band (default 30). */
  envelopeGain?: number;
  /** Constant noise level in the new band, in sample units (default 60). */
  floor?: number;
}

/** Share of energy above 4.2 kHz below which audio counts as phone band (−30 dB). */
const NARROW_RATIO = 1e-3;

/** Second-order filter in direct form I (RBJ cookbook), applied in place. */
function biquad(x: Float64Array, type: 'highpass' | 'lowpass', fc: number, rate: number): void {
  const w = (2 * Math.PI * fc) / rate;
  const c = Math.cos(w);
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const a0 = 1 + alpha;
  const a1 = (-2 * c) / a0;
  const a2 = (1 - alpha) / a0;
  const b0 = (type === 'lowpass' ? (1 - c) / 2 : (1 + c) / 2) / a0;
  const b1 = (type === 'lowpass' ? 1 - c : -(1 + c)) / a0;
  const b2 = b0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    const y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = v;
    y2 = y1;
    y1 = y;
    x[i] = y;
  }
}

/** The part of `audio`'s energy above 4.2 kHz (16 kHz audio); 0 for silence. */
export function highBandShare(audio: Int16Array): number {
  const hi = Float64Array.from(audio);
  biquad(hi, 'highpass', 4200, 16000);
  biquad(hi, 'highpass', 4200, 16000);
  let total = 0;
  let high = 0;
  for (let i = 0; i < audio.length; i++) {
    total += audio[i]! * audio[i]!;
    high += hi[i]! * hi[i]!;
  }
  return total === 0 ? 0 : high / total;
}

/** True when 16 kHz `audio` carries no energy above the telephone band. */
export function isPhoneBand(audio: Int16Array): boolean {
  return highBandShare(audio) < NARROW_RATIO;
}

/** `audio` (16 kHz, phone band) with the 4.2–8 kHz band filled with shaped noise. */
export function extendBand(audio: Int16Array, opts: BandExtensionOptions = {}): Int16Array {
  const gain = opts.envelopeGain ?? 30;
  const floor = opts.floor ?? 60;
  const n = audio.length;
  const upper = Float64Array.from(audio);
  biquad(upper, 'highpass', 2500, 16000);
  biquad(upper, 'highpass', 2500, 16000);
  const noise = new Float64Array(n);
  let seed = 0x2545f491;
  for (let i = 0; i < n; i++) {
    // xorshift32: cheap, deterministic
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    noise[i] = (seed >>> 0) / 0x80000000 - 1;
  }
  biquad(noise, 'highpass', 4200, 16000);
  biquad(noise, 'highpass', 4200, 16000);
  const out = new Int16Array(n);
  let envelope = 0;
  for (let i = 0; i < n; i++) {
    envelope = 0.995 * envelope + 0.005 * Math.abs(upper[i]!);
    const v = Math.round(audio[i]! + (gain * envelope + floor) * noise[i]! * 1.5);
    out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}

/**
 * `audio` with white noise of `level` (sample units) added. Digital silence around wideband speech makes the
 * model's cepstral normalisation and silence models misjudge short words; a floor like a real line's fixes
 * it (bench/speech/RESULTS.md: 101/120 to 120/120 at 16 kHz). Seeded: the same audio gives the same result.
 */
export function addNoiseFloor(audio: Int16Array, level = 20): Int16Array {
  const out = new Int16Array(audio.length);
  let seed = 0x1f123bb5;
  for (let i = 0; i < audio.length; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    const v = audio[i]! + Math.round(((seed >>> 0) / 0x80000000 - 1) * level);
    out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}
