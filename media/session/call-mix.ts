import { Upsampler8to16 } from '../../shared/audio/resample.js';
import { MIX_FRAME_SAMPLES, MixMinus, mixFor, type MixInput, type MixListener } from '../audio/mixer.js';
import type { LegRate } from './leg.js';
import type { LegSlot } from './leg-slot.js';
import { reaches, type ListenerPaths } from './listener-paths.js';
import type { SessionPlaybacks } from './session-playbacks.js';

/** Where the call's mix goes besides the legs (a recording): one 16 kHz frame per tick. */
export interface MixSink {
  readonly id: string;
  write(frame: Int16Array): void;
  /** Ends the sink (the session closed or the sink was removed). */
  close(): void;
}

// The id the call's own mix (for recordings) is computed under: no participant can have it.
const MIX_LISTENER = '\u0000mix';
/** The input id of the 8 kHz legs' upsampled sum in a 16 kHz mix (no participant has it). */
const EIGHT_KHZ_SUM = '\u0000eight';

/**
 * The mixing half of a session's tick: the mix-minus at 8 kHz and at 16 kHz for the listeners that take the
 * mix (ListenerPaths), what each leg then hears (hold, pass-through or its mix), and the call's own mix for
 * the sinks. Buffers and converters are made once and reused every tick.
 */
export class CallMix {
  private readonly mixer = new MixMinus();
  private readonly inputs: MixInput[] = [];
  private readonly eightInputs: MixInput[] = [];
  /** The call's mix for recordings: its 8 kHz legs at 8 kHz, its 16 kHz legs and playbacks at 16 kHz. */
  private readonly record8 = new Int16Array(MIX_FRAME_SAMPLES / 2);
  private readonly record16 = new Int16Array(MIX_FRAME_SAMPLES);
  private readonly recordFrame = new Int16Array(MIX_FRAME_SAMPLES);
  private readonly recordAcc = new Int32Array(MIX_FRAME_SAMPLES);
  /**
   * The 8 kHz legs everyone may hear, summed at 8 kHz and upsampled once (for the 16 kHz listeners and the
   * recording): one converter for all of them instead of one per leg. `eightUpOn` is the tick it was made on.
   */
  private readonly eightUp = new Int16Array(MIX_FRAME_SAMPLES);
  private readonly eightInput: MixInput = { id: EIGHT_KHZ_SUM, frame: null, heard: true, whisperTo: null };
  private eightUpsampler: Upsampler8to16 | null = null;
  private eightUpOn = Number.NEGATIVE_INFINITY;
  private eightSpokeOn = Number.NEGATIVE_INFINITY;
  /** The legs in join order and the tick being mixed (set by `run`). */
  private order: readonly LegSlot[] = [];
  private ticks = 0;

  constructor(
    private readonly holdAudio: Int16Array,
    private readonly paths: ListenerPaths,
    private readonly playbacks: SessionPlaybacks,
    private readonly sinks: ReadonlyMap<string, MixSink>,
  ) {}

  /** Mixes tick `ticks` of the legs (paths already chosen), gives every leg what it hears and writes the sinks. */
  run(ticks: number, order: readonly LegSlot[], slots: ReadonlyMap<string, LegSlot>): void {
    this.ticks = ticks;
    this.order = order;
    const paths = this.paths;
    if (paths.mixed8.length > 0 || paths.listenMix8) this.mixAt(8000, paths.mixed8);
    if (paths.mixed16.length > 0 || paths.listenMix16) this.mixAt(16000, paths.mixed16);
    for (const slot of order) {
      const modes = slot.leg.modes;
      const id = slot.leg.id;
      if (modes.held) {
        if (slot.hold === null) slot.startHold(this.holdAudio);
        slot.pushHold();
        slot.path = 'hold';
      } else if (slot.passFrom !== null) {
        slot.pushPassThrough();
        slot.path = 'pass';
      } else {
        if (modes.listenTo !== null) {
          const source = slots.get(modes.listenTo);
          const out = slot.listener.out.subarray(0, slot.leg.rate / 50);
          if (source !== undefined && reaches(source, slot)) mixFor(id, [source.leg.rate === slot.leg.rate ? source.input : source.converted], out);
          else out.fill(0);
        }
        slot.pushMixed();
        slot.path = 'mixed';
      }
    }
    if (this.sinks.size > 0) this.record();
  }

  /**
   * Writes the call's mix (everyone heard, no whispers) to the sinks at 16 kHz: the 8 kHz legs summed at
   * 8 kHz and upsampled by one converter that runs for the whole recording, plus the 16 kHz legs and the
   * playbacks, so a room participant joining or leaving moves nothing of the phones in the recording either.
   */
  private record(): void {
    const eight = this.eightKhzUp();
    if (eight === null) this.recordFrame.fill(0);
    else this.recordFrame.set(eight);
    const inputs = this.inputs;
    inputs.length = 0;
    for (const slot of this.order) {
      if (!slot.audible || slot.leg.rate !== 16000) continue;
      slot.prepareInput();
      inputs.push(slot.input);
    }
    this.playbacks.addInputs(16000, this.ticks, inputs);
    if (inputs.length > 0) {
      mixFor(MIX_LISTENER, inputs, this.record16, this.recordAcc);
      const frame = this.recordFrame;
      for (let i = 0; i < frame.length; i++) {
        const v = frame[i]! + this.record16[i]!;
        frame[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
      }
    }
    for (const sink of this.sinks.values()) sink.write(this.recordFrame);
  }

  /**
   * The 8 kHz legs everyone may hear (no whispers), summed at 8 kHz and upsampled to 16 kHz, once per tick;
   * null when none of them said anything (a silent frame is what the converter would make of it, and a
   * converter that missed a tick starts afresh, as the per-leg ones do).
   */
  private eightKhzUp(): Int16Array | null {
    if (this.eightUpOn === this.ticks) return this.eightSpokeOn === this.ticks ? this.eightUp : null;
    this.eightUpOn = this.ticks;
    const inputs = this.eightInputs;
    inputs.length = 0;
    for (const slot of this.order) {
      if (!slot.audible || slot.leg.rate !== 8000 || slot.input.whisperTo !== null) continue;
      slot.prepareInput();
      if (slot.input.frame !== null) inputs.push(slot.input);
    }
    if (inputs.length === 0) return null;
    mixFor(MIX_LISTENER, inputs, this.record8, this.recordAcc);
    this.eightUpsampler ??= new Upsampler8to16();
    if (this.eightSpokeOn !== this.ticks - 1) this.eightUpsampler.reset();
    this.eightSpokeOn = this.ticks;
    this.eightUpsampler.process(this.record8, this.eightUp);
    return this.eightUp;
  }

  /**
   * Mixes `listeners` at `rate`: every audible leg at that rate (converted if it is at the other), and the
   * playbacks. At 16 kHz the 8 kHz legs everyone hears come in as one upsampled sum (eightKhzUp); only a
   * whispering 8 kHz leg, or every one while a 16 kHz leg listens to a single participant, is converted alone.
   */
  private mixAt(rate: LegRate, listeners: MixListener[]): void {
    const inputs = this.inputs;
    inputs.length = 0;
    const summed = rate === 16000 && !this.paths.listenMix16;
    for (const slot of this.order) {
      if (!slot.audible) continue;
      if (slot.leg.rate === rate) {
        slot.prepareInput();
        inputs.push(slot.input);
      } else if (!summed || slot.input.whisperTo !== null) {
        slot.prepareConverted(this.ticks);
        inputs.push(slot.converted);
      }
    }
    if (summed) {
      this.eightInput.frame = this.eightKhzUp();
      inputs.push(this.eightInput);
    }
    this.playbacks.addInputs(rate, this.ticks, inputs);
    this.mixer.mix(inputs, listeners, rate / 50);
  }
}
