/**
 * DTMF key detection on 8 kHz phone audio (ITU-T Q.23/Q.24 style), frame by frame.
 *
 * Audio is cut into 102-sample blocks (12.75 ms, independent of frame boundaries; the length spandsp and
 * Asterisk use: bins narrow enough to separate 697 from 770 Hz, short enough for 40 ms tones). Each block is
 * run through eight Goertzel filters and accepted as a key when:
 * - the strongest row and column tones are each above an absolute level (`minAmplitude`);
 * - twist is within limits: the row (low group) at most 8 dB above the column, the column at most 4 dB
 *   above the row;
 * - each winner is at least 8 dB above the other tones of its group (relative peak: chords and speech
 *   formants spread energy over several bins);
 * - the two tones hold most of the block's energy (speech, music and noise do not).
 * A key is pressed when two consecutive blocks agree on it (≥ 25 ms of tone, so any tone of 40 ms or more is
 * seen), and released when two consecutive blocks agree on no key or another key; it is reported once, when
 * the press is confirmed, and the same key counts again only after a release.
 *
 * The Goertzel state is kept in JS numbers (doubles): the recursion's range exceeds int32, and doubles are
 * V8's native arithmetic. Per sample there is only typed-array reads and multiply-adds, no calls.
 */
import { DTMF_COLUMNS, DTMF_KEYPAD, DTMF_ROWS } from '../../shared/audio/tones.js';
import { goertzelCoefficient, goertzelPower } from './goertzel.js';

/** Tuning of a DtmfDetector; defaults follow Q.24 practice. */
export interface DtmfDetectorOptions {
  /** Minimum peak amplitude (sample units) of each of the two tones; default 175 (about −45 dBFS). */
  minAmplitude?: number;
  /** How far the row tone may exceed the column tone, in dB; default 8. */
  normalTwistDb?: number;
  /** How far the column tone may exceed the row tone, in dB; default 4. */
  reverseTwistDb?: number;
  /** How far each winning tone must exceed the others of its group, in dB; default 8. */
  relativePeakDb?: number;
}

const SAMPLE_RATE = 8000;
/** Samples per analysis block (not exported: V8 reads an exported binding through a checked cell in every loop pass). */
const DTMF_BLOCK = 102;
/** Share of a block's energy the two tones must hold (a pure dual tone holds all of it). */
const TONE_TO_TOTAL = 0.8;

/**
 * Bounds of the block's first-difference energy over its energy: 2 − 2·cos ω for a tone, so about 0.29 (697 Hz)
 * to 1.68 (1633 Hz) for the eight tones; with twist and the 20 % of energy allowed elsewhere, an accepted block
 * lies within 0.29–1.9. Outside these wider bounds a block (a voiced vowel below 500 Hz, a hiss above 3 kHz)
 * is turned away with one pass instead of four filters.
 */
const SLOPE_MIN = 0.2;
const SLOPE_MAX = 2.4;

const FREQUENCIES = [...DTMF_ROWS, ...DTMF_COLUMNS];
/** Goertzel coefficients 2·cos(2πf/8000) for the four rows then the four columns. */
const COEFFICIENTS = Float64Array.from(FREQUENCIES, (f) => goertzelCoefficient(f, SAMPLE_RATE));

function dbToPowerRatio(db: number): number {
  return 10 ** (db / 10);
}

/** Finds key presses in one phone leg's 8 kHz audio; one instance per leg (it keeps state across frames). */
export class DtmfDetector {
  private readonly block = new Int16Array(DTMF_BLOCK);
  private filled = 0;
  /**
   * The partial block's energy and first-difference energy so far, and its latest sample. Kept in a typed
   * array, not number fields: the sums outgrow a small integer, and a field changing from integer to double
   * deoptimised the feeding loop and left it about three times slower inside the media node.
   */
  private readonly sums = new Float64Array(3);
  private readonly energies = new Float64Array(8);
  private lastHit = '';
  private current = '';
  private pending: string | null = null;
  private readonly minPower: number;
  private readonly normalTwist: number;
  private readonly reverseTwist: number;
  private readonly relativePeak: number;

  constructor(opts: DtmfDetectorOptions = {}) {
    // A tone of amplitude A gives a Goertzel power of (A·N/2)² over a block of N samples.
    const a = opts.minAmplitude ?? 175;
    this.minPower = ((a * DTMF_BLOCK) / 2) ** 2;
    this.normalTwist = dbToPowerRatio(opts.normalTwistDb ?? 8);
    this.reverseTwist = dbToPowerRatio(opts.reverseTwistDb ?? 4);
    this.relativePeak = dbToPowerRatio(opts.relativePeakDb ?? 8);
  }

  /** Feeds one frame (normally 160 samples, 20 ms); returns the key whose press was confirmed in it, or null. */
  process(frame160: Int16Array): string | null {
    return this.feed(frame160, null);
  }

  /**
   * Feeds one frame of G.711 bytes, each decoded through `table` (g711DecodeTable) as it is read: a phone
   * leg's payload is analysed without a decoded copy of it.
   */
  processG711(payload: Uint8Array, table: Int16Array): string | null {
    return this.feed(payload, table);
  }

  /**
   * Fills blocks from `samples` (PCM, or G.711 bytes read through `table`), summing each block's energy and
   * first-difference energy as it fills, so a block is read once unless it gets as far as the filters. The
   * inner loop runs to the end of the frame or of the block with no call inside (its values stay in
   * registers); `previous` is kept an integer and the squares truncated to one (no -0 check per sample).
   */
  private feed(samples: Int16Array | Uint8Array, table: Int16Array | null): string | null {
    const block = this.block;
    const sums = this.sums;
    const n = samples.length;
    let filled = this.filled;
    let total = sums[0]!;
    let slope = sums[1]!;
    let previous = sums[2]! | 0;
    let i = 0;
    while (i < n) {
      const end = Math.min(n, i + DTMF_BLOCK - filled);
      if (filled === 0) previous = table === null ? samples[i]! : table[samples[i]!]!;
      for (; i < end; i++) {
        const v = table === null ? samples[i]! : table[samples[i]!]!;
        block[filled++] = v;
        total += (v * v) | 0;
        const d = v - previous;
        slope += d * d;
        previous = v;
      }
      if (filled === DTMF_BLOCK) {
        this.advance(this.analyse(total, slope));
        filled = 0;
        total = 0;
        slope = 0;
      }
    }
    this.keep(filled, total, slope, previous);
    return this.takePending();
  }

  /** Forgets any partial block and key in progress. */
  reset(): void {
    this.keep(0, 0, 0, 0);
    this.lastHit = '';
    this.current = '';
    this.pending = null;
  }

  // The partial block's running sums, kept between frames.
  private keep(filled: number, total: number, slope: number, previous: number): void {
    this.filled = filled;
    this.sums[0] = total;
    this.sums[1] = slope;
    this.sums[2] = previous;
  }

  private takePending(): string | null {
    const key = this.pending;
    this.pending = null;
    return key;
  }

  /** Press/release bookkeeping: the state changes only when two consecutive blocks agree. */
  private advance(hit: string): void {
    if (hit === this.lastHit && hit !== this.current) {
      this.current = hit;
      if (hit !== '' && this.pending === null) this.pending = hit;
    }
    this.lastHit = hit;
  }

  /**
   * The key present in the current block (whose energy and first-difference energy the feeding loop summed
   * as it filled the block), or '' when none passes every check. Blocks that cannot pass are turned away
   * before all eight filters run, by bounds that never reject a block the full checks accept: the slope
   * bounds above, and a bin's power is at most N × the block's energy (Cauchy-Schwarz), and with the reverse
   * twist bounding the column tone, the two tones together hold at most rowPower × (1 + reverseTwist).
   */
  private analyse(total: number, slope: number): string {
    const e = this.energies;
    if (total * DTMF_BLOCK < this.minPower) return '';
    if (slope < SLOPE_MIN * total || slope > SLOPE_MAX * total) return '';
    this.goertzel(0, 4);
    let row = 0;
    for (let r = 1; r < 4; r++) if (e[r]! > e[row]!) row = r;
    if (e[row]! < this.minPower || e[row]! * (1 + this.reverseTwist) < TONE_TO_TOTAL * (DTMF_BLOCK / 2) * total) return '';
    this.goertzel(4, 8);
    let col = 4;
    for (let c = 5; c < 8; c++) if (e[c]! > e[col]!) col = c;
    const rowPower = e[row]!;
    const colPower = e[col]!;
    if (rowPower < this.minPower || colPower < this.minPower) return '';
    if (rowPower > colPower * this.normalTwist || colPower > rowPower * this.reverseTwist) return '';
    for (let f = 0; f < 8; f++) {
      if (f === row || f === col) continue;
      const winner = f < 4 ? rowPower : colPower;
      if (e[f]! * this.relativePeak > winner) return '';
    }
    // A pure tone of amplitude A holds power (A·N/2)² against block energy A²·N/2: a ratio of N/2.
    if (rowPower + colPower < TONE_TO_TOTAL * (DTMF_BLOCK / 2) * total) return '';
    return DTMF_KEYPAD[row]![col - 4]!;
  }

  /** Goertzel power of filters [from, to) over the block, into `energies`. */
  private goertzel(from: number, to: number): void {
    for (let f = from; f < to; f++) this.energies[f] = goertzelPower(this.block, DTMF_BLOCK, COEFFICIENTS[f]!);
  }
}
