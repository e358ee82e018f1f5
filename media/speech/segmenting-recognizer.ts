/**
 * A Recognizer made of the voice-activity detector and an utterance-at-a-time engine: the detector cuts
 * the stream into utterances, each is sent to the engine whole, and finals are delivered in utterance order
 * even when the engine answers out of order.
 */
import type { EngineResult, RecognitionEvent, RecognitionRequest, RecognitionStream, Recognizer, UtteranceEngine } from './recognizer.js';
import { VoiceActivityDetector } from './voice-activity.js';

/** Wraps an UtteranceEngine as a Recognizer. */
export class SegmentingRecognizer implements Recognizer {
  readonly capabilities = { partials: false, constrained: true, freeForm: true };

  constructor(private readonly engine: UtteranceEngine) {}

  get name(): string {
    return this.engine.name;
  }

  open(request: RecognitionRequest, listener: (event: RecognitionEvent) => void): RecognitionStream {
    return new SegmentingStream(this.engine, request, listener);
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}

class SegmentingStream implements RecognitionStream {
  private readonly vad: VoiceActivityDetector;
  private open = true;
  private aborted = false;
  /** The finals in flight, in utterance order. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly engine: UtteranceEngine,
    private readonly request: RecognitionRequest,
    private readonly listener: (event: RecognitionEvent) => void,
  ) {
    this.vad = new VoiceActivityDetector({ endSilenceMs: request.endSilenceMs, maxUtteranceMs: request.maxUtteranceMs });
  }

  write(frame: Int16Array): void {
    if (!this.open) return;
    const event = this.vad.push(frame);
    if (event?.type === 'speechStart') this.emit({ type: 'speechStart', atMs: event.atMs });
    else if (event?.type === 'speechEnd') this.recognize(event.audio, event.startMs, event.atMs);
  }

  async end(): Promise<void> {
    if (this.open) {
      const event = this.vad.flush();
      if (event?.type === 'speechEnd') this.recognize(event.audio, event.startMs, event.atMs);
      this.open = false;
    }
    await this.chain;
  }

  abort(): void {
    this.open = false;
    this.aborted = true;
  }

  private emit(event: RecognitionEvent): void {
    if (!this.aborted) this.listener(event);
  }

  private recognize(audio: Int16Array, startMs: number, endMs: number): void {
    const result = this.engine.recognize(audio, this.request).then(
      (r: EngineResult) => ({ ok: true as const, r }),
      (err: unknown) => ({ ok: false as const, message: err instanceof Error ? err.message : String(err) }),
    );
    this.chain = this.chain.then(async () => {
      const outcome = await result;
      if (outcome.ok) this.emit({ type: 'final', ...outcome.r, startMs, endMs });
      else this.emit({ type: 'error', message: outcome.message, startMs, endMs });
    });
  }
}
