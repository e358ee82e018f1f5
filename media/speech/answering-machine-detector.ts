/**
 * Answering-machine detection on the called party's audio from the moment it answers, frame by frame.
 *
 * The method is Asterisk app_amd's, measured on energy (the voice-activity classifier) plus a beep detector
 * (FreeSWITCH mod_avmd's job), with Twilio's two ends of a machine's greeting:
 * - nothing but silence for `initialSilenceMs` → `unknown` (a person who picks up and says nothing is not
 *   hung up on);
 * - voice that goes on longer than `greetingMs`, or more than `maxWords` words → `machine`;
 * - a beep at any time → `machine`;
 * - voice, then `afterGreetingSilenceMs` of silence, with a short greeting → `human`;
 * - no decision after `totalAnalysisMs` → `unknown`.
 * A word is voice of at least `minWordMs` after at least `betweenWordsSilenceMs` of silence.
 *
 * After a `machine` decision the detector goes on listening for the end of the greeting (for
 * voicemail_drop): the end of a beep (`machine_end_beep`), or `endSilenceMs` of silence after the last voice
 * with no beep (`machine_end_silence`), or `maxGreetingWaitMs` after answer (`machine_end_other`).
 */
import { BeepDetector } from './beep-detector.js';
import { VoiceActivityDetector } from './voice-activity.js';

/** Tuning of the detector; defaults are app_amd's where it has the parameter. */
export interface AmdOptions {
  /** Sample rate of the frames (default 8000: phone legs). */
  rate?: number;
  initialSilenceMs?: number;
  greetingMs?: number;
  afterGreetingSilenceMs?: number;
  totalAnalysisMs?: number;
  minWordMs?: number;
  betweenWordsSilenceMs?: number;
  maxWords?: number;
  /** Silence after a machine's last voice that ends its greeting when no beep comes (default 1500). */
  endSilenceMs?: number;
  /** Longest wait for the end of a machine's greeting (default 30 000). */
  maxGreetingWaitMs?: number;
}

/** The defaults, documented in docs/speech.md. */
export const AMD_DEFAULTS = {
  initialSilenceMs: 2500,
  greetingMs: 1500,
  afterGreetingSilenceMs: 800,
  totalAnalysisMs: 5000,
  minWordMs: 100,
  betweenWordsSilenceMs: 50,
  maxWords: 3,
  endSilenceMs: 1500,
  maxGreetingWaitMs: 30_000,
} as const;

/** Who answered. */
export type AmdResult = 'human' | 'machine' | 'unknown';
/** Why. */
export type AmdReason = 'initial_silence' | 'long_greeting' | 'max_words' | 'beep' | 'short_greeting' | 'timeout';

/** What one frame decided. */
export type AmdEvent =
  | { type: 'decided'; result: AmdResult; reason: AmdReason; atMs: number }
  | { type: 'greetingEnded'; by: 'beep' | 'silence' | 'timeout'; atMs: number; beep: { startMs: number; endMs: number; hz: number } | null };

/** Detects who answered a call; one instance per outbound call, fed the called party's audio. */
export class AnsweringMachineDetector {
  private readonly o: Required<Omit<AmdOptions, 'rate'>>;
  private readonly rate: number;
  private readonly vad: VoiceActivityDetector;
  private readonly beeps: BeepDetector;
  private elapsedMs = 0;
  private decided: AmdResult | null = null;
  private greetingDone = false;
  private heardVoice = false;
  private firstVoiceMs = 0;
  private lastVoiceMs = 0;
  private voiceRunMs = 0;
  private silenceRunMs = 0;
  private words = 0;
  private inWord = false;

  constructor(opts: AmdOptions = {}) {
    const { rate, ...rest } = opts;
    this.rate = rate ?? 8000;
    this.o = { ...AMD_DEFAULTS, ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) };
    this.vad = new VoiceActivityDetector({ rate: this.rate });
    this.beeps = new BeepDetector({ rate: this.rate });
  }

  /** The decision so far (null before it). */
  get result(): AmdResult | null {
    return this.decided;
  }

  /** Feeds one frame of the called party's audio; returns what it decided (usually nothing). */
  push(frame: Int16Array): AmdEvent[] {
    const frameMs = (frame.length * 1000) / this.rate;
    const at = this.elapsedMs;
    this.elapsedMs += frameMs;
    const now = this.elapsedMs;
    const beep = this.beeps.push(frame);
    // A beep's frames are not voice: they would count as a long greeting and hide the silence after it.
    const voice = !this.beeps.inBeep && this.vad.classify(frame);
    if (voice) {
      if (!this.heardVoice) this.firstVoiceMs = at;
      this.heardVoice = true;
      this.lastVoiceMs = now;
      this.voiceRunMs += frameMs;
      if (!this.inWord && this.voiceRunMs >= this.o.minWordMs) {
        this.inWord = true;
        this.words++;
      }
      if (this.voiceRunMs >= this.o.betweenWordsSilenceMs) this.silenceRunMs = 0;
    } else {
      this.silenceRunMs += frameMs;
      if (this.silenceRunMs >= this.o.betweenWordsSilenceMs) {
        this.inWord = false;
        this.voiceRunMs = 0;
      }
    }
    const events: AmdEvent[] = [];
    if (this.decided === null) {
      const decision = this.decide(now, beep !== null || this.beeps.inBeep);
      if (decision) events.push(decision);
    }
    if (this.decided === 'machine' && !this.greetingDone) {
      const end = this.greetingEnd(now, beep);
      if (end) events.push(end);
    }
    return events;
  }

  private decide(now: number, beep: boolean): AmdEvent | null {
    const o = this.o;
    let decision: [AmdResult, AmdReason] | null = null;
    if (beep) decision = ['machine', 'beep'];
    else if (!this.heardVoice && now >= o.initialSilenceMs) decision = ['unknown', 'initial_silence'];
    else if (this.heardVoice && this.lastVoiceMs - this.firstVoiceMs > o.greetingMs) decision = ['machine', 'long_greeting'];
    else if (this.words > o.maxWords) decision = ['machine', 'max_words'];
    else if (this.heardVoice && now - this.lastVoiceMs >= o.afterGreetingSilenceMs) decision = ['human', 'short_greeting'];
    else if (now >= o.totalAnalysisMs) decision = ['unknown', 'timeout'];
    if (decision === null) return null;
    this.decided = decision[0];
    return { type: 'decided', result: decision[0], reason: decision[1], atMs: now };
  }

  private greetingEnd(now: number, beep: { startMs: number; endMs: number; hz: number } | null): AmdEvent | null {
    let by: 'beep' | 'silence' | 'timeout' | null = null;
    if (beep !== null) by = 'beep';
    else if (!this.beeps.inBeep && now - this.lastVoiceMs >= this.o.endSilenceMs) by = 'silence';
    else if (now >= this.o.maxGreetingWaitMs) by = 'timeout';
    if (by === null) return null;
    this.greetingDone = true;
    return { type: 'greetingEnded', by, atMs: now, beep };
  }
}
