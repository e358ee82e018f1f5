import type { MediaEventBody } from '../../protocol/media/media-event.js';
import type { MixSink } from '../session/call-mix.js';
import type { RecordingWriter } from './recording-storage.js';

/** Records a call's mix: a sink of the session that reports recording.ready (or failed) when it ends. */
export class Recorder implements MixSink {
  constructor(
    /** The recording id (also the sink id). */
    readonly id: string,
    private readonly commandId: string,
    private readonly writer: RecordingWriter,
    private readonly sampleRate: number,
    private readonly report: (body: MediaEventBody) => void,
  ) {}

  write(frame: Int16Array): void {
    this.writer.append(frame);
  }

  close(): void {
    this.writer.close().then(
      (samples) =>
        this.report({
          type: 'recording.ready',
          commandId: this.commandId,
          recordingId: this.id,
          key: this.writer.key,
          durationMs: Math.round((samples * 1000) / this.sampleRate),
        }),
      (err: unknown) =>
        this.report({ type: 'recording.failed', commandId: this.commandId, recordingId: this.id, reason: String(err) }),
    );
  }
}
