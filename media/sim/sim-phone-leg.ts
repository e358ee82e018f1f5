import { decodeMulaw, encodeMulaw } from '../../shared/audio/g711.js';
import { rms } from '../audio/level.js';
import { beep, concatAudio, dtmfTone, silence } from '../../shared/audio/tones.js';
import type { SimScript, SimStep } from '../../protocol/media/sim-script.js';
import { defaultModes, type G711Leg, type LegContext, type LegModes } from '../session/leg.js';
import { FRAME_MS } from '../clock/tick-source.js';

const RATE = 8000;
const FRAME = RATE / 50;
/** RMS above which a heard frame counts as audio rather than silence (about −40 dBFS). */
const AUDIO_RMS = 330;
const DEFAULT_TONE_MS = 100;
const DEFAULT_GAP_MS = 100;
const DEFAULT_SILENCE_MS = 1000;
const ECHO_LIMIT_FRAMES = 50;

/** Renders speech for a simulated phone at 8 kHz. */
export type SimSpeech = (text: string, voice: string | undefined) => Promise<Int16Array>;

/** Options of a simulated phone leg. */
export interface SimPhoneOptions {
  /** Frames to ring before reporting no answer; unlimited when absent. */
  ringTimeoutFrames?: number;
  /**
   * The phone is calling in (an inbound call's caller): it rings from the start until `answer()`. Its
   * script runs from the start: `wait` and `hangup` run while it rings (so it can hang up while ringing),
   * steps that need the line (say, dtmf, tone, waitForAudio, waitForSilence, echo) wait for the answer, and the dialled
   * phone's steps (answerAfter, busy, noAnswer) are skipped.
   */
  callingIn?: boolean;
}

/** Steps that need an answered line. */
function needsLine(step: SimStep): boolean {
  return step.step === 'say' || step.step === 'dtmf' || step.step === 'tone' || step.step === 'waitForSilence' || step.step === 'waitForAudio' || step.step === 'echo';
}

/** The dialled phone's own steps, meaningless for a phone calling in. */
function dialledOnly(step: SimStep): boolean {
  return step.step === 'answerAfter' || step.step === 'busy' || step.step === 'noAnswer';
}

type State = 'idle' | 'ringing' | 'answered' | 'ended';

/**
 * A phone on the simulated network: a leg at 8 kHz whose far end follows a script. Every step is timed
 * in 20 ms frames of the node's tick (pull is called once per frame), so "answers after 1 s" means
 * exactly 50 frames. Audio in both directions is G.711 mu-law, as a carrier's RTP would carry it; an echo
 * says back the very bytes it heard.
 */
export class SimPhoneLeg implements G711Leg {
  readonly kind = 'phone';
  readonly format = 'pcmu';
  readonly rate = RATE;
  readonly modes: LegModes = defaultModes();

  private state: State = 'idle';
  private step = -1;
  /** Frames spent in the current step. */
  private frames = 0;
  private ringFrames = 0;
  /** Calling in: the current step needs the line and waits for the answer. */
  private deferred = false;
  /** Audio the phone is saying now, and how far it has got. */
  private speaking: Int16Array | null = null;
  private cursor = 0;
  private pendingSpeech: { done: boolean; audio: Int16Array | null } | null = null;
  private heardAudio = false;
  private quietFrames = 0;
  /** Heard frames waiting to be said back: a ring of ECHO_LIMIT_FRAMES frames, made when the echo starts. */
  private echo: Uint8Array[] | null = null;
  private echoHead = 0;
  private echoCount = 0;
  private readonly frame = new Int16Array(FRAME);
  private readonly said = new Uint8Array(FRAME);
  private readonly heard = new Int16Array(FRAME);

  constructor(
    readonly id: string,
    private readonly script: SimScript,
    private readonly ctx: LegContext,
    private readonly speech: SimSpeech,
    private readonly options: SimPhoneOptions = {},
  ) {
    // Speech is rendered while the phone rings, so it is ready when its step comes.
    for (const s of script) if (s.step === 'say') void this.speech(s.text, s.voice).catch(() => undefined);
  }

  pull(): Uint8Array | null {
    if (this.state === 'ended') return null;
    if (this.state === 'idle') this.begin();
    this.run();
    if (this.state === 'ringing') this.countRing();
    if (this.state !== 'answered') return null;
    return this.say();
  }

  push(payload: Uint8Array): void {
    if (this.state !== 'answered') return;
    // The level matters only to a step waiting for audio or silence (it starts from nothing heard).
    const step = this.current()?.step;
    if (step === 'waitForAudio' || step === 'waitForSilence') this.measure(payload);
    if (this.echo !== null && this.echoCount < ECHO_LIMIT_FRAMES) {
      this.echo[(this.echoHead + this.echoCount) % ECHO_LIMIT_FRAMES]!.set(payload.length > FRAME ? payload.subarray(0, FRAME) : payload);
      this.echoCount++;
    }
  }

  private measure(payload: Uint8Array): void {
    const heard = this.heard;
    decodeMulaw(payload, heard);
    if (rms(heard) >= AUDIO_RMS) {
      this.heardAudio = true;
      this.quietFrames = 0;
    } else {
      this.quietFrames++;
    }
  }

  /** Answers a phone calling in: its waiting step (if any) starts now. */
  answer(): void {
    if (!this.options.callingIn || this.state === 'ended' || this.state === 'answered') return;
    if (this.state === 'idle') this.begin();
    // begin() runs the steps due at once: a script that starts with hangup has ended.
    if ((this.state as State) === 'ended') return;
    this.state = 'answered';
    this.ctx.report({ type: 'leg.answered', legId: this.id });
    if (this.deferred) {
      this.deferred = false;
      this.frames = 0;
      this.startStep();
    }
  }

  close(): void {
    this.state = 'ended';
    this.speaking = null;
    this.echo = null;
  }

  private begin(): void {
    if (this.options.callingIn) {
      this.state = 'ringing';
      this.ctx.report({ type: 'leg.ringing', legId: this.id });
      this.advance();
      return;
    }
    const first = this.script[0];
    if (first?.step === 'answerAfter' || first?.step === 'busy' || first?.step === 'noAnswer') {
      this.advance();
      return;
    }
    this.answerDialled();
    this.advance();
  }

  private answerDialled(): void {
    this.state = 'answered';
    this.ctx.report({ type: 'leg.answered', legId: this.id });
  }

  private ring(): void {
    if (this.state !== 'idle') return;
    this.state = 'ringing';
    this.ctx.report({ type: 'leg.ringing', legId: this.id });
  }

  private end(reason: string, reported: boolean): void {
    this.state = 'ended';
    this.ctx.ended(reason, { reported });
  }

  private countRing(): void {
    this.ringFrames++;
    const limit = this.options.ringTimeoutFrames;
    if (limit !== undefined && this.ringFrames >= limit) {
      this.ctx.report({ type: 'leg.noAnswer', legId: this.id });
      this.end('no answer', true);
    }
  }

  private advance(): void {
    this.step++;
    this.frames = 0;
    this.startStep();
  }

  private startStep(): void {
    const step = this.current();
    if (!step) return;
    if (this.options.callingIn) {
      if (dialledOnly(step)) return;
      if (this.state !== 'answered' && needsLine(step)) {
        this.deferred = true;
        return;
      }
    }
    switch (step.step) {
      case 'answerAfter':
      case 'noAnswer':
        this.ring();
        break;
      case 'busy':
        this.ctx.report({ type: 'leg.busy', legId: this.id });
        this.end('busy', true);
        break;
      case 'say':
        this.startSpeech(step.text, step.voice);
        break;
      case 'dtmf':
        this.speak(dtmfSequence(step.digits, step.toneMs ?? DEFAULT_TONE_MS, step.gapMs ?? DEFAULT_GAP_MS));
        break;
      case 'tone':
        this.speak(beep(step.hz, step.ms, RATE));
        break;
      case 'waitForSilence':
      case 'waitForAudio':
        this.heardAudio = false;
        this.quietFrames = 0;
        break;
      case 'echo': {
        const ring = new Uint8Array(ECHO_LIMIT_FRAMES * FRAME);
        this.echo = Array.from({ length: ECHO_LIMIT_FRAMES }, (_, i) => ring.subarray(i * FRAME, (i + 1) * FRAME));
        break;
      }
      case 'hangup':
        this.end('hung up', false);
        break;
      case 'wait':
        break;
    }
  }

  private current(): SimStep | undefined {
    return this.script[this.step];
  }

  /** Moves through every step that is finished at this frame. */
  private run(): void {
    for (;;) {
      if (this.state === 'ended') return;
      const step = this.current();
      if (!step || !this.finished(step)) break;
      if (step.step === 'answerAfter' && !this.options.callingIn) this.answerDialled();
      this.advance();
    }
    this.frames++;
  }

  private finished(step: SimStep): boolean {
    if (this.options.callingIn) {
      if (dialledOnly(step)) return true;
      if (this.deferred) return false;
    }
    switch (step.step) {
      case 'answerAfter':
        return this.frames >= Math.round(step.ms / FRAME_MS);
      case 'wait':
        return this.frames >= Math.round(step.ms / FRAME_MS);
      case 'say':
        return this.pendingSpeech === null && this.speaking === null;
      case 'dtmf':
      case 'tone':
        return this.speaking === null;
      case 'waitForAudio':
        return this.heardAudio;
      case 'waitForSilence':
        return this.heardAudio && this.quietFrames >= Math.round((step.silenceMs ?? DEFAULT_SILENCE_MS) / FRAME_MS);
      case 'busy':
      case 'noAnswer':
      case 'echo':
      case 'hangup':
        return false;
    }
  }

  private startSpeech(text: string, voice: string | undefined): void {
    const pending: { done: boolean; audio: Int16Array | null } = { done: false, audio: null };
    this.pendingSpeech = pending;
    this.speech(text, voice).then(
      (audio) => {
        pending.done = true;
        pending.audio = audio;
      },
      () => {
        pending.done = true;
      },
    );
  }

  private speak(audio: Int16Array): void {
    this.speaking = audio.length > 0 ? audio : null;
    this.cursor = 0;
  }

  /** This frame of what the phone says, as mu-law. */
  private say(): Uint8Array | null {
    const pending = this.pendingSpeech;
    if (pending?.done) {
      this.pendingSpeech = null;
      if (pending.audio) this.speak(pending.audio);
    }
    if (this.echo !== null) {
      if (this.echoCount === 0) return null;
      const frame = this.echo[this.echoHead]!;
      this.echoHead = (this.echoHead + 1) % ECHO_LIMIT_FRAMES;
      this.echoCount--;
      return frame;
    }
    const audio = this.speaking;
    if (!audio) return null;
    const take = Math.min(FRAME, audio.length - this.cursor);
    this.frame.set(audio.subarray(this.cursor, this.cursor + take));
    this.frame.fill(0, take);
    this.cursor += take;
    if (this.cursor >= audio.length) this.speaking = null;
    encodeMulaw(this.frame, this.said);
    return this.said;
  }
}

/** The tones of `digits`, each `toneMs` long and followed by `gapMs` of silence. */
function dtmfSequence(digits: string, toneMs: number, gapMs: number): Int16Array {
  return concatAudio(...[...digits].flatMap((d) => [dtmfTone(d, toneMs, RATE), silence(gapMs, RATE)]));
}
