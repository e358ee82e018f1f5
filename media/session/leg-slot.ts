import { Downsampler16to8, Upsampler8to16 } from '../../shared/audio/resample.js';
import { MIX_FRAME_SAMPLES, type MixInput } from '../../shared/audio/mixer.js';
import type { LoopingClip } from '../../shared/audio/looping-clip.js';
import type { Leg } from './leg.js';

/**
 * A leg as the session mixes it: its converters between the leg's rate and the 16 kHz mix, and the
 * buffers reused every tick (no allocation on the hot path).
 */
export class LegSlot {
  /** This tick's input to the mix (what the leg says, at 16 kHz). */
  readonly input: MixInput;
  /** What the leg hears this tick, at 16 kHz. */
  readonly heard = new Int16Array(MIX_FRAME_SAMPLES);
  /** Hold audio, from where this hold started. */
  hold: LoopingClip | null = null;
  private readonly said = new Int16Array(MIX_FRAME_SAMPLES);
  private readonly heardAtRate: Int16Array;
  private readonly up: Upsampler8to16 | undefined;
  private readonly down: Downsampler16to8 | undefined;

  constructor(readonly leg: Leg) {
    this.input = { id: leg.id, frame: null, heard: false };
    if (leg.rate === 8000) {
      this.up = new Upsampler8to16();
      this.down = new Downsampler16to8();
      this.heardAtRate = new Int16Array(MIX_FRAME_SAMPLES / 2);
    } else {
      this.heardAtRate = this.heard;
    }
  }

  /** Takes what the leg says at its rate, brings it to 16 kHz and sets the mix flags; returns the raw frame. */
  pull(): Int16Array | null {
    const raw = this.leg.pull();
    const modes = this.leg.modes;
    this.input.heard = !modes.muted && !modes.held && modes.audioMode !== 'listen';
    if (modes.audioMode === 'whisper' && modes.whisperTo !== null) this.input.whisperTo = modes.whisperTo;
    else delete this.input.whisperTo;
    if (raw === null) {
      this.input.frame = null;
      return null;
    }
    if (this.up) {
      this.up.process(raw, this.said);
    } else if (raw.length === MIX_FRAME_SAMPLES) {
      this.said.set(raw);
    } else {
      // A short frame from a leg is padded with silence rather than leaving last tick's tail.
      this.said.fill(0);
      this.said.set(raw.subarray(0, MIX_FRAME_SAMPLES));
    }
    this.input.frame = this.said;
    return raw;
  }

  /** Gives the leg `heard` (16 kHz), converted to its rate. */
  push(): void {
    if (this.down) this.down.process(this.heard, this.heardAtRate);
    this.leg.push(this.heardAtRate);
  }
}
