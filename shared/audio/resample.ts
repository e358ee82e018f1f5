/**
 * Sample-rate conversion.
 *
 * The frame-rate converters (8 kHz phone audio to the 16 kHz mix and back) run every 20 ms per leg, so they
 * use integer Q15 coefficients, integer multiply-accumulate and keep their filter history across frames.
 * `resampleOffline` is for whole clips (uploads, speech) and may use floats.
 */

/** Number of taps of the 16 kHz low-pass filter shared by both frame-rate converters. */
export const LOWPASS_TAPS = 63;

/**
 * Cutoff of the 16 kHz low-pass filter: a half-band filter (cutoff at a quarter of the rate, the 4 kHz Nyquist
 * of phone audio; it passes the 3.4 kHz phone band and stops from about 4.5 kHz). Every other tap of a
 * half-band filter is zero, so the converters skip them: half the multiplies of any other cutoff.
 */
export const LOWPASS_CUTOFF_HZ = 4000;

const Q15 = 32768;
const KAISER_BETA = 5.5; // about 60 dB of stop-band rejection
const MAX_ACC = 32767 * Q15;
const MIN_ACC = -32768 * Q15;

/** Zeroth-order modified Bessel function of the first kind (for the Kaiser window). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 50; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

/** Kaiser-windowed sinc low-pass with cutoff `fc` as a fraction of the sample rate, unity DC gain. */
function designLowpass(taps: number, fc: number, beta: number): Float64Array {
  const h = new Float64Array(taps);
  const mid = (taps - 1) / 2;
  const i0Beta = besselI0(beta);
  let sum = 0;
  for (let i = 0; i < taps; i++) {
    const t = i - mid;
    const sinc = t === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * t) / (Math.PI * t);
    const r = t / mid;
    const w = besselI0(beta * Math.sqrt(Math.max(0, 1 - r * r))) / i0Beta;
    h[i] = sinc * w;
    sum += h[i]!;
  }
  for (let i = 0; i < taps; i++) h[i] = h[i]! / sum;
  return h;
}

/**
 * Quantises the symmetric filter `h` to Q15 with `gain`, keeping it symmetric (the converters fold pairs of
 * taps) and nudging the middle tap(s) so the taps sum to gain × 1.0 (no DC drift).
 */
function toQ15(h: Float64Array, gain: number): Int32Array {
  const n = h.length;
  const q = new Int32Array(n);
  for (let i = 0; i < n >> 1; i++) q[i] = q[n - 1 - i] = Math.round(h[i]! * gain * Q15);
  const target = Math.round(gain * Q15);
  let sum = 0;
  for (let i = 0; i < n >> 1; i++) sum += 2 * q[i]!;
  if (n & 1) {
    q[n >> 1] = target - sum;
  } else {
    const fix = Math.round((target - sum) / 2);
    q[n / 2 - 1] = q[n / 2 - 1]! + fix;
    q[n / 2] = q[n / 2]! + fix;
  }
  return q;
}

const LOWPASS = designLowpass(LOWPASS_TAPS, LOWPASS_CUTOFF_HZ / 16000, KAISER_BETA);
const MID = (LOWPASS_TAPS - 1) / 2;

/** Downsampler taps: the low-pass at 16 kHz, unity gain. */
const DOWN_TAPS: Int32Array = toQ15(LOWPASS, 1);

/** A symmetric filter's pairs of taps (k, n - 1 - k) that are not zero: each pair's k (< n / 2) and coefficient. */
interface TapPairs {
  k: Int32Array;
  coef: Int32Array;
}

function nonZeroPairs(taps: Int32Array): TapPairs {
  const k: number[] = [];
  for (let i = 0; i < taps.length >> 1; i++) if (taps[i] !== 0) k.push(i);
  return { k: Int32Array.from(k), coef: Int32Array.from(k, (i) => taps[i]!) };
}

const DOWN_PAIRS = nonZeroPairs(DOWN_TAPS);

/**
 * Upsampler polyphase taps: the even and the odd taps of the low-pass, each normalised to unity DC gain
 * (zero-stuffing halves the level, so the whole filter has gain 2). Both phases are symmetric.
 */
const UP_PHASES: [Int32Array, Int32Array] = [0, 1].map((p) => {
  const phase = new Float64Array(Math.ceil((LOWPASS_TAPS - p) / 2));
  for (let j = 0; j < phase.length; j++) phase[j] = LOWPASS[2 * j + p]!;
  let sum = 0;
  for (const v of phase) sum += v;
  for (let j = 0; j < phase.length; j++) phase[j] = phase[j]! / sum;
  return toQ15(phase, 1);
}) as [Int32Array, Int32Array];
const UP_PAIRS: [TapPairs, TapPairs] = [nonZeroPairs(UP_PHASES[0]), nonZeroPairs(UP_PHASES[1])];

/** Rounds a Q15 accumulator to int16, saturating instead of wrapping. */
function saturate(acc: number): number {
  const v = acc + 16384;
  if (v >= MAX_ACC) return 32767;
  if (v <= MIN_ACC) return -32768;
  return v >> 15;
}

/** Converts one leg's 8 kHz audio to 16 kHz, 20 ms at a time (160 in, 320 out), keeping history across frames. */
export class Upsampler8to16 {
  // Input samples: the last `history` samples of the previous frame, then the current frame.
  private readonly buf: Int16Array;
  private readonly history: number;

  constructor() {
    this.history = UP_PHASES[0].length - 1;
    this.buf = new Int16Array(this.history + 160);
  }

  /** Writes 320 samples at 16 kHz to `dst320` from 160 samples at 8 kHz in `src160`. */
  process(src160: Int16Array, dst320: Int16Array): void {
    const buf = this.buf;
    const h = this.history;
    buf.set(src160.subarray(0, 160), h);
    const even = UP_PHASES[0];
    const odd = UP_PHASES[1];
    // Both phases are symmetric, so pairs of samples share one multiply.
    const ne = even.length;
    const no = odd.length;
    const halfE = ne >> 1;
    const halfO = no >> 1;
    // Only the taps that are not zero (the half-band filter leaves one phase a plain delay).
    const { k: kE, coef: cE } = UP_PAIRS[0];
    const { k: kO, coef: cO } = UP_PAIRS[1];
    const pE = kE.length;
    const pO = kO.length;
    for (let n = 0; n < 160; n++) {
      const newest = h + n;
      const oldestE = newest - ne + 1;
      const oldestO = newest - no + 1;
      let accE = 0;
      for (let i = 0; i < pE; i++) {
        const j = kE[i]!;
        accE += cE[i]! * (buf[newest - j]! + buf[oldestE + j]!);
      }
      if (ne & 1) accE += even[halfE]! * buf[newest - halfE]!;
      let accO = 0;
      for (let i = 0; i < pO; i++) {
        const j = kO[i]!;
        accO += cO[i]! * (buf[newest - j]! + buf[oldestO + j]!);
      }
      if (no & 1) accO += odd[halfO]! * buf[newest - halfO]!;
      dst320[2 * n] = saturate(accE);
      dst320[2 * n + 1] = saturate(accO);
    }
    buf.copyWithin(0, 160, 160 + h);
  }

  /** Forgets the history (a new, unrelated stream follows). */
  reset(): void {
    this.buf.fill(0);
  }
}

/** Converts the 16 kHz mix to one leg's 8 kHz audio, 20 ms at a time (320 in, 160 out), keeping history. */
export class Downsampler16to8 {
  private readonly buf = new Int16Array(LOWPASS_TAPS - 1 + 320);

  /** Writes 160 low-passed samples at 8 kHz to `dst160` from 320 samples at 16 kHz in `src320`. */
  process(src320: Int16Array, dst160: Int16Array): void {
    const buf = this.buf;
    const h = LOWPASS_TAPS - 1;
    buf.set(src320.subarray(0, 320), h);
    const taps = DOWN_TAPS;
    const { k: ks, coef } = DOWN_PAIRS;
    const pairs = ks.length;
    for (let n = 0; n < 160; n++) {
      const newest = h + 2 * n + 1;
      // The filter is symmetric (odd length): pairs of samples share one multiply; zero taps are skipped.
      const oldest = newest - h;
      let acc = taps[MID]! * buf[newest - MID]!;
      for (let i = 0; i < pairs; i++) {
        const k = ks[i]!;
        acc += coef[i]! * (buf[newest - k]! + buf[oldest + k]!);
      }
      dst160[n] = saturate(acc);
    }
    buf.copyWithin(0, 320, 320 + h);
  }

  /** Forgets the history (a new, unrelated stream follows). */
  reset(): void {
    this.buf.fill(0);
  }
}

/** Zero crossings of the interpolation kernel on each side of its centre (sharper with more). */
const KERNEL_ZERO_CROSSINGS = 24;
/** Kernel table resolution: samples per zero crossing (linear interpolation between them). */
const KERNEL_RESOLUTION = 512;
const KERNEL = buildKernel();

/** One side of a Kaiser-windowed sinc, tabulated from 0 to KERNEL_ZERO_CROSSINGS zero crossings. */
function buildKernel(): Float64Array {
  const n = KERNEL_ZERO_CROSSINGS * KERNEL_RESOLUTION + 2;
  const k = new Float64Array(n);
  const i0Beta = besselI0(8);
  for (let i = 0; i < n; i++) {
    const x = i / KERNEL_RESOLUTION;
    const r = x / KERNEL_ZERO_CROSSINGS;
    const w = r >= 1 ? 0 : besselI0(8 * Math.sqrt(1 - r * r)) / i0Beta;
    k[i] = x === 0 ? 1 : (Math.sin(Math.PI * x) / (Math.PI * x)) * w;
  }
  return k;
}

/**
 * Converts a whole clip from `fromRate` to `toRate` with a band-limited (windowed-sinc) interpolator; when
 * downsampling, the kernel is widened so everything above 90 % of the new Nyquist frequency is removed first.
 */
export function resampleOffline(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (!(fromRate > 0 && toRate > 0 && Number.isFinite(fromRate) && Number.isFinite(toRate))) {
    throw new RangeError(`sample rates must be positive (got ${fromRate} -> ${toRate})`);
  }
  if (fromRate === toRate) return samples.slice();
  const outLength = Math.floor((samples.length * toRate) / fromRate);
  const out = new Int16Array(outLength);
  const step = fromRate / toRate; // input samples per output sample
  // Cutoff as a fraction of the input Nyquist: 1 when upsampling, below 1 when downsampling (anti-alias).
  const cutoff = Math.min(1, toRate / fromRate) * (toRate < fromRate ? 0.9 : 0.95);
  const halfWidth = KERNEL_ZERO_CROSSINGS / cutoff; // in input samples
  const tableScale = cutoff * KERNEL_RESOLUTION;
  const last = samples.length - 1;
  for (let o = 0; o < outLength; o++) {
    const t = o * step;
    const first = Math.max(0, Math.ceil(t - halfWidth));
    const end = Math.min(last, Math.floor(t + halfWidth));
    let acc = 0;
    for (let i = first; i <= end; i++) {
      const pos = Math.abs(i - t) * tableScale;
      const idx = Math.floor(pos);
      const frac = pos - idx;
      if (idx + 1 >= KERNEL.length) continue;
      acc += samples[i]! * (KERNEL[idx]! + frac * (KERNEL[idx + 1]! - KERNEL[idx]!));
    }
    const v = Math.round(acc * cutoff);
    out[o] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}
