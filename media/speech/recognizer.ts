/**
 * The speech recognizer contract of the media plane.
 *
 * A caller (a gather, live transcription, a transcription session) opens one `RecognitionStream` per
 * participant and writes that participant's own audio to it: PCM16 mono at 16 kHz, normally 20 ms frames
 * (any length is accepted), in time order, with silence written as zeros rather than skipped (the stream's
 * clock is the audio). The stream answers through its listener:
 * - `speechStart` when voice begins (a gather stops its question: barge-in);
 * - `partial` results while an utterance is open, when the engine can (`capabilities.partials`);
 * - exactly one `final` per utterance, after voice-activity detection has heard the end of it (or
 *   `end()` was called), with the text, a confidence in [0, 1], the utterance's start and end in ms of
 *   stream time, and in constrained mode the index of the phrase that was recognised (null: none fits);
 * - `error` when the engine failed for an utterance (the stream stays usable for the next one).
 * `end()` finishes the open utterance and resolves once every final has been delivered; `abort()` drops
 * everything at once. After either, writes are ignored.
 *
 * Two modes: constrained (`phrases`: the words or short phrases that may be said, e.g. a gather's choices;
 * the engine listens for those) and free-form (`phrases` absent: a transcript).
 *
 * Adding a streaming cloud recognizer later: implement `Recognizer` directly (do its own endpointing or use
 * `VoiceActivityDetector`), emit the same events, and pass `test/unit/speech/recognizer.contract.ts`.
 * Utterance-at-a-time engines (PocketSphinx, Whisper servers) implement the smaller `UtteranceEngine`
 * and are wrapped by `SegmentingRecognizer`, which cuts utterances with the voice-activity detector.
 */

/** What a stream listens for. */
export interface RecognitionRequest {
  /** Constrained mode: the phrases that may be said (at most 100, each at most 100 characters). */
  phrases?: readonly string[];
  /** BCP 47 language; default en-US (the embedded engine has only English). */
  language?: string;
  /** Non-speech that ends an utterance (default 700 ms; a gather's `speechTimeout`). */
  endSilenceMs?: number;
  /** Longest utterance before it is cut (default 15 s). */
  maxUtteranceMs?: number;
}

/** A recognition result. */
export interface RecognitionResult {
  text: string;
  /** 0..1; how sure the engine is of `text` (and in constrained mode, of the phrase). */
  confidence: number;
  /** Constrained mode: index into `phrases` of what was said, or null when nothing fitted. */
  phrase: number | null;
  /** Start and end of the utterance in ms of stream time. */
  startMs: number;
  endMs: number;
}

/** What a stream reports. */
export type RecognitionEvent =
  | { type: 'speechStart'; atMs: number }
  | ({ type: 'partial' } & RecognitionResult)
  | ({ type: 'final' } & RecognitionResult)
  | { type: 'error'; message: string; startMs: number; endMs: number };

/** One participant's recognition: audio in, events out. */
export interface RecognitionStream {
  /** Feeds PCM16 mono 16 kHz audio. */
  write(frame: Int16Array): void;
  /** Finishes the open utterance; resolves when every final has been delivered. */
  end(): Promise<void>;
  /** Stops at once; no more events. */
  abort(): void;
}

/** A speech recognizer: opens streams. One per media node; it owns its helper processes or connections. */
export interface Recognizer {
  /** Engine name for logs and docs (`pocketsphinx`, `openai`). */
  readonly name: string;
  readonly capabilities: { partials: boolean; constrained: boolean; freeForm: boolean };
  /** Opens a stream; `listener` gets its events in order. */
  open(request: RecognitionRequest, listener: (event: RecognitionEvent) => void): RecognitionStream;
  /** Stops helpers and connections. */
  close(): Promise<void>;
}

/** One utterance's result from an UtteranceEngine. */
export interface EngineResult {
  text: string;
  confidence: number;
  /** Constrained requests: index of the phrase recognised, or null. */
  phrase: number | null;
}

/** A recognizer that takes a whole utterance at a time (16 kHz PCM16) and answers with its text. */
export interface UtteranceEngine {
  readonly name: string;
  /** Recognises one utterance. Rejects with an Error when the engine fails. */
  recognize(audio: Int16Array, request: RecognitionRequest): Promise<EngineResult>;
  /** Frees helpers and connections. */
  close(): Promise<void>;
}
