import { Downsampler16to8, resampleOffline, Upsampler8to16 } from '../../shared/audio/resample.js';
import { MIX_FRAME_SAMPLES, MixMinus, mixFor, type MixInput, type MixListener } from '../audio/mixer.js';
import { DtmfDetector } from '../audio/dtmf-detector.js';
import { g711DecodeTable } from '../../shared/audio/g711.js';
import { LoopingClip } from '../audio/looping-clip.js';
import type { MediaEventBody } from '../../protocol/media/media-event.js';
import type { AudioMode, Leg, LegContext, LegRate } from './leg.js';
import { LegSlot } from './leg-slot.js';
import type { Playback } from './playback.js';

/** Where the call's mix goes besides the legs (a recording): one 16 kHz frame per tick. */
export interface MixSink {
  readonly id: string;
  write(frame: Int16Array): void;
  /** Ends the sink (the session closed or the sink was removed). */
  close(): void;
}

/**
 * Receives one leg's own audio tick by tick, before any mixing (speech recognition, answering-machine
 * detection, live transcription: media/speech/leg-listener.ts builds on it).
 */
export interface LegTap {
  /** What the leg said this tick at its own rate, or null when it said nothing; valid only during the call. */
  frame(pcm: Int16Array | null, rate: LegRate): void;
  /** The leg left the session (or the session closed): no more frames. */
  end(): void;
}

/** Told of the session's new legs and of its closing (LegTap covers one leg; this, who comes later). */
export interface LegWatcher {
  added(legId: string): void;
  closed(): void;
}

/** Changes to how a leg takes part in the mix; absent fields stay. */
export interface LegChanges {
  muted?: boolean;
  held?: boolean;
  audioMode?: AudioMode;
  whisperTo?: string | null;
  listenTo?: string | null;
}

/** What a session needs from its node. */
export interface SessionDeps {
  callId: string;
  /** Publishes an observation to the call's mailbox. */
  report(body: MediaEventBody): void;
  /** 16 kHz audio looped to held legs (non-empty). */
  holdAudio: Int16Array;
  /** The node's TickSource.due, handed to every leg (LegContext.tickDue). */
  tickDue?: () => void;
}

// The id the call's own mix (for recordings) is computed under: no participant can have it.
const MIX_LISTENER = '\u0000mix';
/** The input id of the 8 kHz legs' upsampled sum in a 16 kHz mix (no participant has it). */
const EIGHT_KHZ_SUM = '\u0000eight';

/** How a leg got its audio on the latest tick. */
export type LegPath = 'pass' | 'mixed' | 'hold';

/** A playback in the mix: its 16 kHz frames, and an 8 kHz copy while 8 kHz listeners are mixed. */
interface RunningPlayback {
  playback: Playback;
  input: MixInput;
  input8: MixInput;
  frame: Int16Array;
  frame8: Int16Array;
  down: Downsampler16to8 | null;
  /** The tick `down` last ran on (one idle for a tick starts afresh). */
  downOn: number;
}

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
 * One call's audio on this node: its legs, playbacks and recordings, mixed once per tick. Every
 * listener hears everyone else (mix-minus) under the talk/listen/whisper, muted and held rules.
 *
 * Each listener is mixed at its own rate: 8 kHz legs (phones, streams) hear an 8 kHz mix, 16 kHz legs (room
 * participants) a 16 kHz one, and a source is resampled only for the listeners of the other rate (mix-minus
 * at each rate is linear in the legs). So a 16 kHz leg joining or leaving an 8 kHz call changes nothing on
 * the path between the 8 kHz legs: no filter restarts and no delay changes under them (no click). A G.711
 * listener that hears exactly one G.711 source of its law (no say, play or hold audio, nobody else heard)
 * gets that source's payload bytes as they came (pass-through: no decode, mix or encode). The 8 kHz mixed
 * path gives the same bytes for one source, so switching between the two paths, either way, loses no frame
 * and changes no sample.
 *
 * A tick has two halves: `flush` (at the deadline: every leg sends what it was given on the previous tick)
 * and `tick` (pull, mix, push: prepares the next frame).
 */
export class Session {
  private readonly slots = new Map<string, LegSlot>();
  /** The slots in the order they joined, as an array: the tick walks it several times, without iterators. */
  private order: LegSlot[] = [];
  private playbacks: RunningPlayback[] = [];
  private readonly pending = new Set<string>();
  /** Legs that were in the session and left (a room client's token for one of them is refused at once). */
  private readonly departed = new Set<string>();
  private readonly sinks = new Map<string, MixSink>();
  private readonly watchers = new Set<LegWatcher>();
  private readonly ending: { legId: string; reason: string; reported: boolean }[] = [];
  private readonly mixer = new MixMinus();
  private readonly inputs: MixInput[] = [];
  private readonly eightInputs: MixInput[] = [];
  /** This tick's mixed listeners at 8 kHz and at 16 kHz. */
  private readonly mixed8: MixListener[] = [];
  private readonly mixed16: MixListener[] = [];
  /** Ticks since the session opened (counted as each starts): the session's own time, 20 ms each. */
  private ticks = 0;
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
  /** Whether an 8 kHz / a 16 kHz leg listens to one source through the mix this tick (set by route). */
  private listenMix8 = false;
  private listenMix16 = false;
  private rate: LegRate = 8000;
  private ticking = false;
  private closed = false;

  constructor(private readonly deps: SessionDeps) {}

  get callId(): string {
    return this.deps.callId;
  }

  /** Legs in the session now. */
  get legCount(): number {
    return this.slots.size;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The highest rate the session mixes at (and records from): 8000 while every leg is 8 kHz, else 16000. */
  get mixRate(): LegRate {
    return this.rate;
  }

  /** How `legId` got its audio on the latest tick (pass-through, mixed or hold), or undefined. */
  pathOf(legId: string): LegPath | undefined {
    return this.slots.get(legId)?.path ?? undefined;
  }

  /** The context a new leg of this session is built with. */
  contextFor(legId: string): LegContext {
    return {
      callId: this.deps.callId,
      report: (body) => {
        if (!this.closed) this.deps.report(body);
      },
      ended: (reason, options) => this.legEnded(legId, reason, options?.reported ?? false),
      pressed: (digit) => {
        if (!this.closed) this.digitFrom(legId, digit);
      },
      ...(this.deps.tickDue !== undefined ? { tickDue: this.deps.tickDue } : {}),
    };
  }

  hasLeg(legId: string): boolean {
    return this.slots.has(legId);
  }

  /** True when `legId` was in the session and has left it. */
  hadLeg(legId: string): boolean {
    return this.departed.has(legId);
  }

  /** The legs in the session now. */
  legs(): Leg[] {
    return [...this.slots.values()].map((slot) => slot.leg);
  }

  getLeg(legId: string): Leg | undefined {
    return this.slots.get(legId)?.leg;
  }

  /** Adds a leg built with `contextFor(leg.id)`. */
  addLeg(leg: Leg): void {
    if (this.slots.has(leg.id)) throw new Error(`leg ${leg.id} already in session`);
    const slot = new LegSlot(leg);
    if (leg.kind === 'phone' && leg.rate === 8000) slot.detector = new DtmfDetector();
    this.slots.set(leg.id, slot);
    this.departed.delete(leg.id);
    this.order = [...this.slots.values()];
    this.chooseRate();
    for (const w of this.watchers) w.added(leg.id);
  }

  /** Closes and removes a leg; false if it was not here. No event: the caller reports what it did. */
  removeLeg(legId: string, reason: string): boolean {
    const slot = this.slots.get(legId);
    if (!slot) return false;
    this.slots.delete(legId);
    this.departed.add(legId);
    this.order = [...this.slots.values()];
    const taps = slot.taps;
    slot.taps = null;
    for (const tap of taps ?? []) tap.end();
    slot.leg.close(reason);
    this.chooseRate();
    return true;
  }

  /** Applies mode changes to a leg; false if it is not here. */
  updateLeg(legId: string, changes: LegChanges): boolean {
    const slot = this.slots.get(legId);
    if (!slot) return false;
    const modes = slot.leg.modes;
    if (changes.muted !== undefined) modes.muted = changes.muted;
    if (changes.held !== undefined) {
      if (changes.held && !modes.held) slot.hold = new LoopingClip(holdClip(this.deps.holdAudio, slot.leg.rate));
      modes.held = changes.held;
    }
    if (changes.audioMode !== undefined) modes.audioMode = changes.audioMode;
    if (changes.whisperTo !== undefined) modes.whisperTo = changes.whisperTo;
    if (changes.listenTo !== undefined) modes.listenTo = changes.listenTo;
    slot.applyModes();
    return true;
  }

  /** Notes a playback whose audio is still being prepared, so a stop can cancel it before it starts. */
  expectPlayback(commandId: string): void {
    this.pending.add(commandId);
  }

  /** Starts an expected playback; false (nothing played) if it was stopped or the session closed meanwhile. */
  startPlayback(playback: Playback): boolean {
    if (!this.pending.delete(playback.commandId) || this.closed) return false;
    const frame = new Int16Array(MIX_FRAME_SAMPLES);
    const id = `\u0000play:${playback.commandId}`;
    const input: MixInput = { id, frame, heard: true, whisperTo: playback.to };
    const frame8 = new Int16Array(MIX_FRAME_SAMPLES / 2);
    const input8: MixInput = { id, frame: frame8, heard: true, whisperTo: playback.to };
    this.playbacks.push({ playback, input, input8, frame, frame8, down: null, downOn: Number.NEGATIVE_INFINITY });
    return true;
  }

  /** A playback that could not start (its audio failed): reports it failed. */
  failPlayback(commandId: string, reason: string): void {
    if (!this.pending.delete(commandId) || this.closed) return;
    this.deps.report({ type: 'playback.ended', commandId, outcome: 'failed', reason });
  }

  /** Stops one playback or all of them at once; each stopped one reports playback.ended (stopped). */
  stopPlayback(commandId?: string): void {
    const stopped: string[] = [];
    for (const id of this.pending) if (commandId === undefined || id === commandId) stopped.push(id);
    for (const id of stopped) this.pending.delete(id);
    this.playbacks = this.playbacks.filter((p) => {
      if (commandId !== undefined && p.playback.commandId !== commandId) return true;
      stopped.push(p.playback.commandId);
      return false;
    });
    for (const id of stopped) this.deps.report({ type: 'playback.ended', commandId: id, outcome: 'stopped' });
  }

  /**
   * Taps a leg's own audio (what it says, as it arrives): `tap` gets one call per tick until the returned
   * function removes it or the leg leaves. False when the leg is not here.
   */
  tapLeg(legId: string, tap: LegTap): (() => void) | false {
    const slot = this.slots.get(legId);
    if (slot === undefined) return false;
    slot.taps ??= new Set();
    slot.taps.add(tap);
    return () => void slot.taps?.delete(tap);
  }

  /** Adds a sink of the call's mix (a recording). */
  addSink(sink: MixSink): void {
    this.sinks.set(sink.id, sink);
  }

  /** Removes and closes a sink; false if it was not here. */
  removeSink(id: string): boolean {
    const sink = this.sinks.get(id);
    if (!sink) return false;
    this.sinks.delete(id);
    sink.close();
    return true;
  }

  /**
   * Watches the session's legs: `watcher.added` for each leg added from now on, `watcher.closed` once when
   * the session closes (live transcription taps every participant, also those who join later). Returns the
   * function that stops watching.
   */
  watchLegs(watcher: LegWatcher): () => void {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  }

  /** ms of audio since the session opened. */
  get elapsedMs(): number {
    return this.ticks * 20;
  }

  /** The deadline half of a tick: every leg sends what it was given on the previous tick. */
  flush(): void {
    if (this.closed) return;
    for (const slot of this.order) slot.leg.flush?.();
  }

  /** The preparing half of a tick: pull every leg and playback, mix per listener, push to every leg and sink. */
  tick(): void {
    if (this.closed) return;
    this.ticking = true;
    this.ticks++;
    try {
      this.gather();
      this.route();
      this.mix();
    } finally {
      this.ticking = false;
    }
    this.finishEndedLegs();
  }

  /** Ends everything: legs close with `reason`, pending and running playbacks are reported stopped, sinks close. */
  close(reason: string): void {
    if (this.closed) return;
    this.stopPlayback();
    for (const legId of [...this.slots.keys()]) this.removeLeg(legId, reason);
    for (const id of [...this.sinks.keys()]) this.removeSink(id);
    this.closed = true;
    const watchers = [...this.watchers];
    this.watchers.clear();
    for (const w of watchers) w.closed();
  }

  // 8 kHz while every leg is 8 kHz, else 16 kHz (what mixRate reports).
  private chooseRate(): void {
    let rate: LegRate = 8000;
    for (const slot of this.order) if (slot.leg.rate !== 8000) rate = 16000;
    this.rate = rate;
  }

  private gather(): void {
    for (const slot of this.order) {
      slot.pull();
      const detector = slot.detector;
      if (detector !== null && slot.spoke) this.detectDtmf(slot, detector);
      const taps = slot.taps;
      if (taps !== null && taps.size > 0) {
        const pcm = slot.pcmAtRate();
        for (const tap of taps) tap.frame(pcm, slot.leg.rate);
      }
    }
    let ended = false;
    for (const p of this.playbacks) {
      if (!p.playback.next(p.frame)) {
        ended = true;
        this.deps.report({ type: 'playback.ended', commandId: p.playback.commandId, outcome: 'completed' });
      }
    }
    if (ended) this.playbacks = this.playbacks.filter((p) => !p.playback.done);
  }

  /**
   * Chooses each listener's path for this tick: hold, pass-through from its one source, or the mix. The
   * count of what a listener hears is linear: the public sources are counted once, whispers and targeted
   * playbacks (rare) per listener.
   */
  private route(): void {
    let publicCount = 0;
    let first: LegSlot | null = null;
    let second: LegSlot | null = null;
    let whispers = 0;
    for (const slot of this.order) {
      if (!slot.audible) continue;
      if (slot.input.whisperTo === null) {
        publicCount++;
        if (first === null) first = slot;
        else if (second === null) second = slot;
      } else {
        whispers++;
      }
    }
    let publicPlaybacks = 0;
    for (const p of this.playbacks) if (p.playback.to === null) publicPlaybacks++;
    this.mixed8.length = 0;
    this.mixed16.length = 0;
    this.listenMix8 = false;
    this.listenMix16 = false;
    for (const slot of this.order) {
      slot.passFrom = null;
      const modes = slot.leg.modes;
      if (modes.held) continue;
      if (modes.listenTo !== null) {
        const source = this.slots.get(modes.listenTo);
        if (source !== undefined && this.passable(slot, source) && this.reaches(source, slot)) slot.passFrom = source;
        else if (slot.leg.rate === 8000) this.listenMix8 = true;
        else this.listenMix16 = true;
        continue;
      }
      if (slot.leg.format !== 'l16' && publicPlaybacks === 0) {
        const own = slot.audible && slot.input.whisperTo === null ? 1 : 0;
        let heard = publicCount - own;
        let source: LegSlot | null = heard === 1 ? (first === slot ? second : first) : null;
        if (whispers > 0) {
          for (const other of this.order) {
            if (other !== slot && other.audible && other.input.whisperTo === slot.leg.id) {
              heard++;
              source = other;
            }
          }
        }
        for (const p of this.playbacks) if (p.playback.to === slot.leg.id) heard++;
        if (heard === 1 && source !== null && this.passable(slot, source)) {
          slot.passFrom = source;
          continue;
        }
      }
      (slot.leg.rate === 8000 ? this.mixed8 : this.mixed16).push(slot.listener);
    }
  }

  private passable(listener: LegSlot, source: LegSlot): boolean {
    return listener.leg.format !== 'l16' && source.leg.format === listener.leg.format && source !== listener;
  }

  private reaches(source: LegSlot, listener: LegSlot): boolean {
    return source !== listener && source.audible && (source.input.whisperTo === null || source.input.whisperTo === listener.leg.id);
  }

  private mix(): void {
    if (this.mixed8.length > 0 || this.listenMix8) this.mixAt(8000, this.mixed8);
    if (this.mixed16.length > 0 || this.listenMix16) this.mixAt(16000, this.mixed16);
    for (const slot of this.order) {
      const modes = slot.leg.modes;
      const id = slot.leg.id;
      if (modes.held) {
        slot.hold ??= new LoopingClip(holdClip(this.deps.holdAudio, slot.leg.rate));
        slot.pushHold();
        slot.path = 'hold';
      } else if (slot.passFrom !== null) {
        slot.pushPassThrough();
        slot.path = 'pass';
      } else {
        if (modes.listenTo !== null) {
          const source = this.slots.get(modes.listenTo);
          const out = slot.listener.out.subarray(0, slot.leg.rate / 50);
          if (source !== undefined && this.reaches(source, slot)) mixFor(id, [source.leg.rate === slot.leg.rate ? source.input : source.converted], out);
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
    for (const p of this.playbacks) inputs.push(p.input);
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
    const summed = rate === 16000 && !this.listenMix16;
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
    for (const p of this.playbacks) {
      if (rate === 16000) {
        inputs.push(p.input);
        continue;
      }
      p.down ??= new Downsampler16to8();
      if (p.downOn !== this.ticks - 1) p.down.reset();
      p.downOn = this.ticks;
      p.down.process(p.frame, p.frame8);
      inputs.push(p.input8);
    }
    this.mixer.mix(inputs, listeners, rate / 50);
  }

  private detectDtmf(slot: LegSlot, detector: DtmfDetector): void {
    const leg = slot.leg;
    if (leg.reportsDtmf) return;
    let digit: string | null;
    const payload = slot.g711Payload;
    if (payload !== null && leg.format !== 'l16') {
      digit = detector.processG711(payload, g711DecodeTable(leg.format));
    } else {
      const pcm = slot.pcmAtRate();
      if (pcm === null) return;
      digit = detector.process(pcm);
    }
    if (digit !== null) this.digitFrom(leg.id, digit);
  }

  /** Reports a digit a leg pressed and passes it to every other leg. */
  private digitFrom(legId: string, digit: string): void {
    this.deps.report({ type: 'dtmf.received', legId, digit });
    const slot = this.slots.get(legId);
    if (!slot) return;
    for (const other of this.order) if (other !== slot) other.leg.hearDtmf?.(digit, legId);
  }

  private legEnded(legId: string, reason: string, reported: boolean): void {
    if (this.closed || !this.slots.has(legId)) return;
    this.ending.push({ legId, reason, reported });
    if (!this.ticking) this.finishEndedLegs();
  }

  private finishEndedLegs(): void {
    while (this.ending.length > 0) {
      const { legId, reason, reported } = this.ending.shift()!;
      if (this.removeLeg(legId, reason) && !reported) this.deps.report({ type: 'leg.hungUp', legId, reason });
    }
  }
}
