import { decodeG711, encodeG711, g711Silence } from '../../shared/audio/g711.js';
import { Downsampler16to8, Upsampler8to16 } from '../../shared/audio/resample.js';
import { MIX_FRAME_SAMPLES, type MixInput, type MixListener } from '../audio/mixer.js';
import type { LoopingClip } from '../audio/looping-clip.js';
import { frameSamples, type Leg } from './leg.js';

// A 20 ms frame of silence in each law, for a pass-through listener whose source said nothing (read only).
const SILENCE = { pcmu: new Uint8Array(160).fill(g711Silence('pcmu')), pcma: new Uint8Array(160).fill(g711Silence('pcma')) };

/**
 * A leg as the session mixes it: what it said this tick (payload and, decoded only when someone needs it,
 * PCM), its converters between the leg's rate and a 16 kHz mix (made on first need), and the buffers reused
 * every tick (no allocation on the hot path).
 */
export class LegSlot {
  /** This tick's input to the mix (what the leg says, at the mix's rate). */
  readonly input: MixInput;
  /** The leg as a listener of the mix; `out` is what it hears at the mix's rate. */
  readonly listener: MixListener;
  /** Hold audio at the leg's rate, from where this hold started. */
  hold: LoopingClip | null = null;
  /** This tick's pass-through source: the one leg whose payload this leg hears unchanged; null when mixed. */
  passFrom: LegSlot | null = null;
  /** G.711 legs: the payload pulled this tick (valid until the next pull), or null. */
  private payload: Uint8Array | null = null;
  /** PCM pulled or decoded this tick, at the leg's rate; null when the leg said nothing. */
  private pcm: Int16Array | null = null;
  private decoded = false;
  private readonly decodeBuffer: Int16Array;
  private readonly said = new Int16Array(MIX_FRAME_SAMPLES);
  private readonly heard = new Int16Array(MIX_FRAME_SAMPLES);
  private readonly heardAtRate: Int16Array;
  private readonly heardPayload: Uint8Array;
  private up: Upsampler8to16 | null = null;
  private down: Downsampler16to8 | null = null;

  constructor(readonly leg: Leg) {
    const samples = frameSamples(leg.rate);
    this.input = { id: leg.id, frame: null, heard: false, whisperTo: null };
    this.listener = { id: leg.id, own: this.input, out: this.heard };
    this.decodeBuffer = new Int16Array(samples);
    this.heardAtRate = new Int16Array(samples);
    this.heardPayload = new Uint8Array(samples);
  }

  /** Whether others may hear this leg this tick (not muted, held or listen-only). */
  get audible(): boolean {
    return this.input.heard;
  }

  /** Takes what the leg says this tick and sets its mix flags; nothing is decoded yet. */
  pull(): void {
    const leg = this.leg;
    const modes = leg.modes;
    this.input.heard = !modes.muted && !modes.held && modes.audioMode !== 'listen';
    this.input.whisperTo = modes.audioMode === 'whisper' ? modes.whisperTo : null;
    this.decoded = false;
    this.input.frame = null;
    if (leg.format === 'l16') {
      this.payload = null;
      this.pcm = leg.pull();
      this.decoded = true;
    } else {
      this.payload = leg.pull();
      this.pcm = null;
    }
  }

  /** True when the leg said something this tick. */
  get spoke(): boolean {
    return this.payload !== null || this.pcm !== null;
  }

  /** What the leg said this tick as PCM at its own rate (decoded on first use), or null. */
  pcmAtRate(): Int16Array | null {
    if (!this.decoded) {
      this.decoded = true;
      if (this.payload !== null && this.leg.format !== 'l16') {
        const n = Math.min(this.payload.length, this.decodeBuffer.length);
        decodeG711(this.leg.format, this.payload.subarray(0, n), this.decodeBuffer);
        if (n < this.decodeBuffer.length) this.decodeBuffer.fill(0, n);
        this.pcm = this.decodeBuffer;
      }
    }
    return this.pcm;
  }

  /** Sets `input.frame` to what the leg said at the mix's rate (`mixRate`), or null. */
  prepareInput(mixRate: number): void {
    const pcm = this.pcmAtRate();
    if (pcm === null) {
      this.input.frame = null;
      return;
    }
    const samples = mixRate / 50;
    if (this.leg.rate === mixRate) {
      if (pcm.length === samples) {
        this.input.frame = pcm;
        return;
      }
      // A short frame from a leg is padded with silence rather than leaving last tick's tail.
      this.said.fill(0, 0, samples);
      this.said.set(pcm.subarray(0, samples));
    } else {
      (this.up ??= new Upsampler8to16()).process(pcm, this.said);
    }
    this.input.frame = this.said;
  }

  /** Forgets the converters' history: the mix changed rate, so the next converted frame starts afresh. */
  resetConverters(): void {
    this.up?.reset();
    this.down?.reset();
  }

  /** Gives the leg the pass-through source's payload (or silence when the source said nothing). */
  pushPassThrough(): void {
    const source = this.passFrom!;
    if (this.leg.format === 'l16') throw new Error('pass-through needs a G.711 listener');
    this.leg.push(source.payload ?? SILENCE[this.leg.format]);
  }

  /** Gives the leg `listener.out` (what it hears at the mix's rate `mixRate`), converted to its rate and format. */
  pushMixed(mixRate: number): void {
    const samples = mixRate / 50;
    let atRate: Int16Array;
    if (this.leg.rate === mixRate) {
      atRate = samples === this.heard.length ? this.heard : this.heard.subarray(0, samples);
    } else {
      (this.down ??= new Downsampler16to8()).process(this.heard, this.heardAtRate);
      atRate = this.heardAtRate;
    }
    this.pushAtRate(atRate);
  }

  /** Gives the leg hold audio at its rate. */
  pushHold(): void {
    this.hold!.read(this.heardAtRate);
    this.pushAtRate(this.heardAtRate);
  }

  private pushAtRate(frame: Int16Array): void {
    const leg = this.leg;
    if (leg.format === 'l16') {
      leg.push(frame);
    } else {
      encodeG711(leg.format, frame, this.heardPayload);
      leg.push(this.heardPayload);
    }
  }
}
