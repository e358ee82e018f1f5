import { SEGMENTS_PER_EVENT, type MediaEventBody, type SegmentBody } from '../../protocol/media/media-event.js';
import type { Logger } from '../../shared/log/log.js';
import type { RecordingStorage, RecordingWriter } from '../record/recording-storage.js';
import type { LegAudioConsumer } from './transcription-taps.js';
import type { RecognitionRequest, Recognizer } from '../speech/recognizer.js';
import { transcribeAudio } from './transcribe-audio.js';

const RATE = 16000;

interface LegTrack {
  /** Session time of the leg's first frame. */
  offsetMs: number;
  /** Frames that came before the file was open (copied). */
  early: Int16Array[];
  writer: RecordingWriter | null;
  opening: Promise<RecordingWriter | null>;
}

/**
 * A post-call transcript: every chosen leg's own audio is recorded to a file of its own while the call runs
 * (beside the call's mix, if that is recorded); once the session closes, each file is read back through its
 * own recognition stream, so every utterance belongs to one participant. The segments are reported in
 * time order as transcription.segments batches, then transcription.ended.
 */
export class RecordedTranscription implements LegAudioConsumer {
  private readonly legs = new Map<string, LegTrack>();
  private closed = false;

  constructor(
    /** The transcription id. */
    readonly id: string,
    private readonly storage: RecordingStorage,
    private readonly recognizer: Recognizer,
    private readonly request: RecognitionRequest,
    private readonly report: (body: MediaEventBody) => void,
    private readonly log: Logger,
  ) {}

  write(legId: string, frame: Int16Array, atMs: number): void {
    if (this.closed) return;
    let track = this.legs.get(legId);
    if (track === undefined) {
      // File names from the transcription id and the leg's order: participant ids may not fit a file name.
      const fileId = `${this.id}.${this.legs.size}`;
      const opening = this.storage.create(fileId, RATE).then(
        (writer) => {
          for (const f of track!.early) writer.append(f);
          track!.early = [];
          track!.writer = writer;
          return writer;
        },
        (err: unknown) => {
          this.log.error({ err, transcriptionId: this.id, legId }, 'a leg recording for the transcript could not be opened');
          track!.early = [];
          return null;
        },
      );
      track = { offsetMs: atMs, early: [], writer: null, opening };
      this.legs.set(legId, track);
    }
    if (track.writer !== null) track.writer.append(frame);
    else track.early.push(frame.slice());
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.transcribe().catch((err: unknown) => {
      this.log.error({ err, transcriptionId: this.id }, 'post-call transcription failed');
      this.report({ type: 'transcription.ended', transcriptionId: this.id, outcome: 'failed', reason: 'transcription_failed', failed: 0, segmentCount: 0 });
    });
  }

  private async transcribe(): Promise<void> {
    const segments: SegmentBody[] = [];
    let failed = 0;
    let unreadable = 0;
    for (const [legId, track] of this.legs) {
      const writer = await track.opening;
      if (writer === null) {
        unreadable++;
        continue;
      }
      try {
        await writer.close();
        failed += await this.transcribeLeg(legId, track.offsetMs, writer.key, segments);
      } catch (err) {
        unreadable++;
        this.log.error({ err, transcriptionId: this.id, legId }, 'a leg recording could not be transcribed');
      }
    }
    segments.sort((a, b) => a.startMs - b.startMs || a.legId.localeCompare(b.legId));
    for (let i = 0; i < segments.length; i += SEGMENTS_PER_EVENT) {
      this.report({ type: 'transcription.segments', transcriptionId: this.id, segments: segments.slice(i, i + SEGMENTS_PER_EVENT) });
    }
    const nothing = unreadable > 0 && unreadable === this.legs.size;
    this.report({
      type: 'transcription.ended',
      transcriptionId: this.id,
      outcome: nothing ? 'failed' : 'completed',
      ...(nothing ? { reason: 'recording_failed' } : {}),
      failed: failed + unreadable,
      segmentCount: segments.length,
    });
  }

  /** Reads one leg's file through a recognition stream; returns how many utterances failed. */
  private async transcribeLeg(legId: string, offsetMs: number, key: string, out: SegmentBody[]): Promise<number> {
    const { segments, failed } = await transcribeAudio(this.recognizer, this.request, this.storage.read(key));
    for (const s of segments) out.push({ legId, ...s, startMs: offsetMs + s.startMs, endMs: offsetMs + s.endMs });
    return failed;
  }
}
