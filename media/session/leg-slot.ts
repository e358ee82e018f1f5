import { decodeG711, encodeG711, g711DecodeTable, g711Silence } from '../../shared/audio/g711.js';
import { Downsampler16to8, resampleOffline, Upsampler8to16 } from '../../shared/audio/resample.js';
import { MIX_FRAME_SAMPLES, type MixInput, type MixListener } from '../audio/mixer.js';
import { LoopingClip } from '../audio/looping-clip.js';
import type { DtmfDetector } from '../audio/dtmf-detector.js';
import type { LegTap } from './session.js';
import type { LegPath } from './listener-paths.js';
import { frameSamples, type Leg, type LegRate } from './leg.js';

// A 20 ms frame of silence in each law, for a pass-through listener whose source said nothing (read only).
const SILENCE = { pcmu: new Uint8Array(160).fill(g711Silence('pcmu')), pcma: new Uint8Array(160).fill(g711Silence('pcma')) };

// Hold audio at 8 kHz, made once per clip (the node shares one hold clip between all sessions).
const holdAt8k = new WeakMap<Int16Array, Int16Array>();

function holdClip(audio16k: Int16Array, rate: LegRate): Int16Array {
  if (rate === 16000) return audio16k;
  let clip = holdAt8k.get(audio16k);
  if (clip === undefined) {
    clip = resampleOffline(audio16k, 16000, 8000);
    holdAt8k.set(audio16k, clip);
  }
  return clip;
}

/**
 * A leg as the session mixes it: what it said this tick (payload and, decoded only when someone needs it,
 * PCM) at its own rate and, only when a listener at the other rate needs it, converted to that rate (8 kHz
 * legs upsampled for 16 kHz listeners, 16 kHz legs downsampled for 8 kHz ones: the converter is made on first
 * need); what it hears comes at its own rate. Buffers are reused every tick (no allocation on the hot path).
 */
export class LegSlot {
  /** This tick's input to the mix of its own rate (what the leg says). */
  readonly input: MixInput;
  /** This tick's input to the mix of the other rate: what the leg says, converted. */
  readonly converted: MixInput;
  /** The leg as a listener of the mix of its own rate; `out` is what it hears. */
  readonly listener: MixListener;
  /** Hold audio at the leg's rate, from where this hold started. */
  hold: LoopingClip | null = null;
  /** This tick's pass-through source: the one leg whose payload this leg hears unchanged; null when mixed. */
  passFrom: LegSlot | null = null;
  /** How the leg got its audio on the latest tick; null before its first. */
  path: LegPath | null = null;
  /** The in-band DTMF detector of an 8 kHz phone leg; null on other legs. */
  detector: DtmfDetector | null = null;
  /** Who taps what the leg says (LegTap); null until the first tap. */
  taps: Set<LegTap> | null = null;
  /** G.711 legs: the payload pulled this tick (valid until the next pull), or null. */
  private payload: Uint8Array | null = null;
  /** PCM pulled or decoded this tick, at the leg's rate; null when the leg said nothing. */
  private pcm: Int16Array | null = null;
  private decoded = false;
  private prepared = false;
  private readonly decodeBuffer: Int16Array;
  private readonly said = new Int16Array(MIX_FRAME_SAMPLES);
  private readonly convertedFrame = new Int16Array(MIX_FRAME_SAMPLES);
  private readonly heard = new Int16Array(MIX_FRAME_SAMPLES);
  /** `heard` as long as one frame at the leg's rate. */
  private readonly heardFrame: Int16Array;
  private readonly heardAtRate: Int16Array;
  private readonly heardPayload: Uint8Array;
  private converter: Upsampler8to16 | Downsampler16to8 | null = null;
  /** The tick the converter last ran on. */
  private convertedOn = Number.NEGATIVE_INFINITY;

  constructor(readonly leg: Leg) {
    const samples = frameSamples(leg.rate);
    this.input = { id: leg.id, frame: null, heard: false, whisperTo: null };
    this.converted = { id: leg.id, frame: null, heard: false, whisperTo: null };
    this.listener = { id: leg.id, own: this.input, out: this.heard };
    this.decodeBuffer = new Int16Array(samples);
    this.heardFrame = this.heard.subarray(0, samples);
    this.heardAtRate = new Int16Array(samples);
    this.heardPayload = new Uint8Array(samples);
    this.applyModes();
  }

  /** Whether others may hear this leg this tick (not muted, held or listen-only). */
  get audible(): boolean {
    return this.input.heard;
  }

  /** Sets the mix flags from the leg's modes: at the start and after every change of them. */
  applyModes(): void {
    const modes = this.leg.modes;
    this.input.heard = !modes.muted && !modes.held && modes.audioMode !== 'listen';
    this.input.whisperTo = modes.audioMode === 'whisper' ? modes.whisperTo : null;
  }

  /** Takes what the leg says this tick; nothing is decoded yet. */
  pull(): void {
    const leg = this.leg;
    this.decoded = false;
    this.prepared = false;
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

  /** The G.711 payload the leg said this tick (valid until the next pull), or null (silent, or an L16 leg). */
  get g711Payload(): Uint8Array | null {
    return this.payload;
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

  /** Sets `input.frame` to what the leg said this tick at its own rate, or null (once per tick). */
  prepareInput(): void {
    if (this.prepared) return;
    this.prepared = true;
    const pcm = this.pcmAtRate();
    const samples = frameSamples(this.leg.rate);
    if (pcm === null || pcm.length === samples) {
      this.input.frame = pcm;
      return;
    }
    // A short frame from a leg is padded with silence rather than leaving last tick's tail.
    this.said.fill(0, 0, samples);
    this.said.set(pcm.subarray(0, samples));
    this.input.frame = this.said;
  }

  /**
   * Sets `converted.frame` to what the leg said this tick (`tick`) at the other rate, or null. A converter
   * that did not run on the previous tick starts afresh: its history would be from before (a gap of a
   * whole frame is the same as silence in it, as the filters remember less than a frame).
   */
  prepareConverted(tick: number): void {
    this.prepareInput();
    this.converted.heard = this.input.heard;
    this.converted.whisperTo = this.input.whisperTo;
    const frame = this.input.frame;
    if (frame === null) {
      this.converted.frame = null;
      return;
    }
    this.converter ??= this.leg.rate === 8000 ? new Upsampler8to16() : new Downsampler16to8();
    if (this.convertedOn !== tick - 1) this.converter.reset();
    this.convertedOn = tick;
    this.converter.process(frame, this.convertedFrame);
    this.converted.frame = this.convertedFrame;
  }

  /** Starts hold audio (16 kHz, `audio16k`) from its beginning, at the leg's rate. */
  startHold(audio16k: Int16Array): void {
    this.hold = new LoopingClip(holdClip(audio16k, this.leg.rate));
  }

  /** The digit the in-band detector recognised in what the leg said this tick, or null (also without a detector). */
  detectDigit(): string | null {
    const detector = this.detector;
    if (detector === null || !this.spoke || this.leg.reportsDtmf) return null;
    const payload = this.payload;
    if (payload !== null && this.leg.format !== 'l16') return detector.processG711(payload, g711DecodeTable(this.leg.format));
    const pcm = this.pcmAtRate();
    return pcm === null ? null : detector.process(pcm);
  }

  /** Gives the leg the pass-through source's payload (or silence when the source said nothing). */
  pushPassThrough(): void {
    const source = this.passFrom!;
    if (this.leg.format === 'l16') throw new Error('pass-through needs a G.711 listener');
    this.leg.push(source.payload ?? SILENCE[this.leg.format]);
  }

  /** Gives the leg `listener.out` (what it hears, at its own rate) in its format. */
  pushMixed(): void {
    this.pushAtRate(this.heardFrame);
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
