import type { MediaEventBody } from '../../protocol/media/media-event.js';
import type { Logger } from '../../shared/log/log.js';
import type { LegAudioConsumer } from './transcription-taps.js';
import type { RecognitionRequest, RecognitionStream, Recognizer } from '../speech/recognizer.js';
import { segmentConfidence, segmentText } from './segment-text.js';

interface LegRecognition {
  stream: RecognitionStream;
  /** Session time of the leg's first frame: stream time + this = session time. */
  offsetMs: number;
}

/**
 * Live transcription of a call: each chosen leg's own audio goes to its own recognition stream as it is
 * spoken, and each utterance's final is reported at once as transcription.segments (one segment). When it
 * is stopped or the session closes, the open utterances are finished and transcription.ended follows.
 */
export class LiveTranscription implements LegAudioConsumer {
  private readonly legs = new Map<string, LegRecognition>();
  private segments = 0;
  private failed = 0;
  private closed = false;

  constructor(
    /** The transcription id. */
    readonly id: string,
    private readonly recognizer: Recognizer,
    private readonly request: RecognitionRequest,
    private readonly report: (body: MediaEventBody) => void,
    private readonly log: Logger,
  ) {}

  write(legId: string, frame: Int16Array, atMs: number): void {
    if (this.closed) return;
    let leg = this.legs.get(legId);
    if (leg === undefined) {
      const offsetMs = atMs;
      const stream = this.recognizer.open(this.request, (event) => {
        if (event.type === 'error') {
          this.failed++;
          this.log.warn({ transcriptionId: this.id, legId, reason: event.message }, 'an utterance could not be transcribed');
          return;
        }
        if (event.type !== 'final') return;
        const text = segmentText(event.text);
        if (text === '') return;
        this.segments++;
        this.report({
          type: 'transcription.segments',
          transcriptionId: this.id,
          segments: [{ legId, startMs: offsetMs + event.startMs, endMs: offsetMs + event.endMs, text, confidence: segmentConfidence(event.confidence) }],
        });
      });
      leg = { stream, offsetMs };
      this.legs.set(legId, leg);
    }
    leg.stream.write(frame);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void Promise.allSettled([...this.legs.values()].map((leg) => leg.stream.end())).then(() =>
      this.report({ type: 'transcription.ended', transcriptionId: this.id, outcome: 'completed', failed: this.failed, segmentCount: this.segments }),
    );
  }
}
