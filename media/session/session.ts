import { DtmfDetector } from '../audio/dtmf-detector.js';
import type { MediaEventBody } from '../../protocol/media/media-event.js';
import type { AudioMode, Leg, LegContext, LegRate } from './leg.js';
import { LegSlot } from './leg-slot.js';
import { SessionPlaybacks, type Playback } from './session-playbacks.js';
import { ListenerPaths, type LegPath } from './listener-paths.js';
import { CallMix, type MixSink } from './call-mix.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

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
  /** Legs that were in the session and left (a room client's token for one of them is refused at once). */
  private readonly departed = new Set<string>();
  private readonly sinks = new Map<string, MixSink>();
  private readonly watchers = new Set<LegWatcher>();
  private readonly ending: { legId: string; reason: string; reported: boolean }[] = [];
  private readonly playbacks: SessionPlaybacks;
  private readonly paths: ListenerPaths;
  private readonly mix: CallMix;
  /** Ticks since the session opened (counted as each starts): the session's own time, 20 ms each. */
  private ticks = 0;
  private rate: LegRate = 8000;
  private ticking = false;
  private closed = false;

  constructor(private readonly deps: SessionDeps) {
    this.playbacks = new SessionPlaybacks((body) => deps.report(body));
    this.paths = new ListenerPaths(this.playbacks);
    this.mix = new CallMix(deps.holdAudio, this.paths, this.playbacks, this.sinks);
  }

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

  /** Refuses an op aimed at one participant (`to`) that is not in the session. */
  checkTarget(to: string | undefined): void {
    if (to !== undefined && !this.hasLeg(to)) throw new SentralError('media_leg_not_found', { param: 'to' });
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
      if (changes.held && !modes.held) slot.startHold(this.deps.holdAudio);
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
    this.playbacks.expect(commandId);
  }

  /** Starts an expected playback; false (nothing played) if it was stopped or the session closed meanwhile. */
  startPlayback(playback: Playback): boolean {
    return this.playbacks.start(playback);
  }

  /** A playback that could not start (its audio failed): reports it failed. */
  failPlayback(commandId: string, reason: string): void {
    this.playbacks.fail(commandId, reason);
  }

  /** Stops one playback or all of them at once; each stopped one reports playback.ended (stopped). */
  stopPlayback(commandId?: string): void {
    this.playbacks.stop(commandId);
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
      this.paths.choose(this.order, this.slots);
      this.mix.run(this.ticks, this.order, this.slots);
    } finally {
      this.ticking = false;
    }
    this.finishEndedLegs();
  }

  /** Ends everything: legs close with `reason`, pending and running playbacks are reported stopped, sinks close. */
  close(reason: string): void {
    if (this.closed) return;
    this.playbacks.close();
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

  // Pulls what every leg said (detecting in-band digits, feeding the taps) and the playbacks' next frames.
  private gather(): void {
    for (const slot of this.order) {
      slot.pull();
      const digit = slot.detectDigit();
      if (digit !== null) this.digitFrom(slot.leg.id, digit);
      const taps = slot.taps;
      if (taps !== null && taps.size > 0) {
        const pcm = slot.pcmAtRate();
        for (const tap of taps) tap.frame(pcm, slot.leg.rate);
      }
    }
    this.playbacks.advance();
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
