import { MIX_FRAME_SAMPLES, mixAll, mixFor, type MixInput } from '../../shared/audio/mixer.js';
import { DtmfDetector } from '../../shared/audio/dtmf-detector.js';
import { LoopingClip } from '../../shared/audio/looping-clip.js';
import type { MediaEventBody } from '../../protocol/media/media-event.js';
import type { AudioMode, Leg, LegContext } from './leg.js';
import { LegSlot } from './leg-slot.js';
import type { Playback } from './playback.js';

/** Where the call's mix goes besides the legs (a recording): one 16 kHz frame per tick. */
export interface MixSink {
  readonly id: string;
  write(frame: Int16Array): void;
  /** Ends the sink (the session closed or the sink was removed). */
  close(): void;
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
}

// The id the call's own mix (for recordings) is computed under: no participant can have it.
const MIX_LISTENER = '\u0000mix';

/**
 * One call's audio on this node: its legs, playbacks and recordings, mixed once per tick. Every
 * listener hears everyone else (mix-minus) under the talk/listen/whisper, muted and held rules.
 */
export class Session {
  private readonly slots = new Map<string, LegSlot>();
  private readonly detectors = new Map<string, DtmfDetector>();
  private playbacks: { playback: Playback; input: MixInput; frame: Int16Array }[] = [];
  private readonly pending = new Set<string>();
  private readonly sinks = new Map<string, MixSink>();
  private readonly ending: { legId: string; reason: string; reported: boolean }[] = [];
  private readonly mixes = new Map<string, Int16Array>();
  private readonly inputs: MixInput[] = [];
  private readonly listeners: string[] = [];
  private readonly callMix = new Int16Array(MIX_FRAME_SAMPLES);
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
    };
  }

  hasLeg(legId: string): boolean {
    return this.slots.has(legId);
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
    this.slots.set(leg.id, new LegSlot(leg));
    if (leg.kind === 'phone' && leg.rate === 8000) this.detectors.set(leg.id, new DtmfDetector());
  }

  /** Closes and removes a leg; false if it was not here. No event: the caller reports what it did. */
  removeLeg(legId: string, reason: string): boolean {
    const slot = this.slots.get(legId);
    if (!slot) return false;
    this.slots.delete(legId);
    this.detectors.delete(legId);
    slot.leg.close(reason);
    return true;
  }

  /** Applies mode changes to a leg; false if it is not here. */
  updateLeg(legId: string, changes: LegChanges): boolean {
    const slot = this.slots.get(legId);
    if (!slot) return false;
    const modes = slot.leg.modes;
    if (changes.muted !== undefined) modes.muted = changes.muted;
    if (changes.held !== undefined) {
      if (changes.held && !modes.held) slot.hold = new LoopingClip(this.deps.holdAudio);
      modes.held = changes.held;
    }
    if (changes.audioMode !== undefined) modes.audioMode = changes.audioMode;
    if (changes.whisperTo !== undefined) modes.whisperTo = changes.whisperTo;
    if (changes.listenTo !== undefined) modes.listenTo = changes.listenTo;
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
    const input: MixInput = { id: `\u0000play:${playback.commandId}`, frame, heard: true };
    if (playback.to !== null) input.whisperTo = playback.to;
    this.playbacks.push({ playback, input, frame });
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

  /** One 20 ms frame: pull every leg and playback, mix per listener, push to every leg and sink. */
  tick(): void {
    if (this.closed) return;
    this.ticking = true;
    try {
      this.gather();
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
  }

  private gather(): void {
    const inputs = this.inputs;
    const listeners = this.listeners;
    inputs.length = 0;
    listeners.length = 0;
    for (const slot of this.slots.values()) {
      const raw = slot.pull();
      inputs.push(slot.input);
      const modes = slot.leg.modes;
      if (!modes.held && modes.listenTo === null) listeners.push(slot.leg.id);
      if (raw !== null) this.detectDtmf(slot.leg.id, raw);
    }
    const running: typeof this.playbacks = [];
    for (const p of this.playbacks) {
      if (p.playback.next(p.frame)) {
        inputs.push(p.input);
        running.push(p);
      } else {
        this.deps.report({ type: 'playback.ended', commandId: p.playback.commandId, outcome: 'completed' });
      }
    }
    this.playbacks = running;
    if (this.sinks.size > 0) listeners.push(MIX_LISTENER);
  }

  private mix(): void {
    mixAll(this.inputs, this.listeners, this.mixes);
    for (const slot of this.slots.values()) {
      const modes = slot.leg.modes;
      if (modes.held) {
        (slot.hold ??= new LoopingClip(this.deps.holdAudio)).read(slot.heard);
      } else if (modes.listenTo !== null) {
        const source = this.slots.get(modes.listenTo);
        mixFor(slot.leg.id, source ? [source.input] : [], slot.heard);
      } else {
        slot.heard.set(this.mixes.get(slot.leg.id)!);
      }
      slot.push();
    }
    if (this.sinks.size > 0) {
      this.callMix.set(this.mixes.get(MIX_LISTENER)!);
      for (const sink of this.sinks.values()) sink.write(this.callMix);
    }
  }

  private detectDtmf(legId: string, raw: Int16Array): void {
    const detector = this.detectors.get(legId);
    if (!detector || this.slots.get(legId)?.leg.reportsDtmf) return;
    const digit = detector.process(raw);
    if (digit !== null) this.digitFrom(legId, digit);
  }

  /** Reports a digit a leg pressed and passes it to every other leg. */
  private digitFrom(legId: string, digit: string): void {
    this.deps.report({ type: 'dtmf.received', legId, digit });
    const slot = this.slots.get(legId);
    if (!slot) return;
    for (const other of this.slots.values()) if (other !== slot) other.leg.hearDtmf?.(digit, legId);
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
