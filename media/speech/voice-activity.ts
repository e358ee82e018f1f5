/**
 * Energy-based voice-activity detection and utterance segmentation for one leg's audio, frame by frame.
 *
 * Each frame (any length; normally 20 ms) is speech when its RMS level is both above an absolute level and
 * `marginDb` above the noise floor. The floor is the quietest frame of the last second (minimum statistics):
 * speech has gaps between words that keep it low, steady line noise becomes it within a second. Before the
 * first second the floor is the absolute level, so a caller speaking at once is heard. An utterance starts after
 * `onsetMs` of consecutive speech and ends after `endSilenceMs` of non-speech (or at `maxUtteranceMs`);
 * it is delivered with `preRollMs` of the audio before its onset, so the recognizer hears the first
 * consonant, and with the trailing silence that ended it.
 */

/** Tuning of a VoiceActivityDetector. */
export interface VadOptions {
  /** Sample rate of the frames (default 16000). */
  rate?: number;
  /** Lowest RMS (sample units) that can be speech; default 180 (about −45 dBFS). */
  minRms?: number;
  /** How far above the noise floor speech is, in dB; default 12. */
  marginDb?: number;
  /** Consecutive speech that starts an utterance; default 60 ms. */
  onsetMs?: number;
  /** Non-speech that ends an utterance; default 700 ms. */
  endSilenceMs?: number;
  /** An utterance is cut here even while speech goes on; default 15 000 ms. */
  maxUtteranceMs?: number;
  /** Audio kept from before the onset; default 300 ms. */
  preRollMs?: number;
  /** Frames whose quietest level is the noise floor; default 50 (one second of 20 ms frames). */
  floorWindowFrames?: number;
}

/** What one frame changed. */
export type VadEvent =
  | { type: 'speechStart'; atMs: number }
  | { type: 'speechEnd'; atMs: number; startMs: number; audio: Int16Array; cut: boolean };

/** Finds utterances in one stream of audio; one instance per leg. */
export class VoiceActivityDetector {
  readonly rate: number;
  private readonly minRms: number;
  private readonly margin: number;
  private readonly onsetMs: number;
  private readonly endSilenceMs: number;
  private readonly maxMs: number;
  private readonly preRollSamples: number;
  /** Levels (RMS) of the last second of frames; the noise floor is their minimum. */
  private readonly levels: Float64Array;
  private levelAt = 0;
  private elapsedMs = 0;
  private speechRunMs = 0;
  private silenceRunMs = 0;
  private inUtterance = false;
  private startMs = 0;
  /** Recent audio before an utterance (the pre-roll), as frames. */
  private readonly recent: Int16Array[] = [];
  private recentSamples = 0;
  /** The utterance so far. */
  private readonly chunks: Int16Array[] = [];
  private chunkSamples = 0;

  constructor(opts: VadOptions = {}) {
    this.rate = opts.rate ?? 16000;
    this.minRms = opts.minRms ?? 180;
    this.margin = 10 ** ((opts.marginDb ?? 12) / 20);
    this.onsetMs = opts.onsetMs ?? 60;
    this.endSilenceMs = opts.endSilenceMs ?? 700;
    this.maxMs = opts.maxUtteranceMs ?? 15_000;
    this.preRollSamples = Math.round(((opts.preRollMs ?? 300) * this.rate) / 1000);
    // Before any audio the line is assumed at the absolute minimum, so speech at once is still found.
    this.levels = new Float64Array(opts.floorWindowFrames ?? 50).fill(this.minRms);
  }

  /** True while an utterance is open. */
  get speaking(): boolean {
    return this.inUtterance;
  }

  /** Milliseconds of audio seen so far. */
  get timeMs(): number {
    return this.elapsedMs;
  }

  /** Classifies one frame as speech (true) or not, updating the noise floor. */
  classify(frame: Int16Array): boolean {
    let sum = 0;
    for (let i = 0; i < frame.length; i++) sum += frame[i]! * frame[i]!;
    const level = Math.sqrt(sum / Math.max(1, frame.length));
    this.levels[this.levelAt] = level;
    this.levelAt = (this.levelAt + 1) % this.levels.length;
    let floor = Infinity;
    for (let i = 0; i < this.levels.length; i++) if (this.levels[i]! < floor) floor = this.levels[i]!;
    return level >= this.minRms && level >= floor * this.margin;
  }

  /** Feeds one frame; returns what it changed, if anything. */
  push(frame: Int16Array): VadEvent | null {
    const frameMs = (frame.length * 1000) / this.rate;
    const speech = this.classify(frame);
    const at = this.elapsedMs;
    this.elapsedMs += frameMs;
    if (!this.inUtterance) {
      this.recent.push(frame.slice());
      this.recentSamples += frame.length;
      while (this.recentSamples - this.recent[0]!.length >= this.preRollSamples) this.recentSamples -= this.recent.shift()!.length;
      this.speechRunMs = speech ? this.speechRunMs + frameMs : 0;
      if (this.speechRunMs < this.onsetMs) return null;
      this.inUtterance = true;
      this.silenceRunMs = 0;
      this.startMs = Math.max(0, at + frameMs - this.speechRunMs);
      for (const f of this.recent) this.append(f);
      this.recent.length = 0;
      this.recentSamples = 0;
      return { type: 'speechStart', atMs: this.startMs };
    }
    this.append(frame.slice());
    this.silenceRunMs = speech ? 0 : this.silenceRunMs + frameMs;
    const cut = this.elapsedMs - this.startMs >= this.maxMs;
    if (this.silenceRunMs < this.endSilenceMs && !cut) return null;
    return this.finish(cut);
  }

  /** Ends an open utterance now (the audio stopped); null when none is open. */
  flush(): VadEvent | null {
    return this.inUtterance ? this.finish(false) : null;
  }

  private finish(cut: boolean): VadEvent {
    const audio = new Int16Array(this.chunkSamples);
    let at = 0;
    for (const c of this.chunks) {
      audio.set(c, at);
      at += c.length;
    }
    this.chunks.length = 0;
    this.chunkSamples = 0;
    this.inUtterance = false;
    this.speechRunMs = 0;
    return { type: 'speechEnd', atMs: this.elapsedMs, startMs: this.startMs, audio, cut };
  }

  private append(frame: Int16Array): void {
    this.chunks.push(frame);
    this.chunkSamples += frame.length;
  }
}
