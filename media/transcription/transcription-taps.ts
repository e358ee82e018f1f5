import type { Session } from '../session/session.js';
import { listenToLeg, LISTEN_FRAME_SAMPLES, type LegListening } from '../speech/leg-listener.js';

/** What a transcription takes in: each chosen leg's own 16 kHz frames with session time, then its end. */
export interface LegAudioConsumer {
  /** `frame` is reused after the call: copy what you keep. `atMs`: ms since the session opened. */
  write(legId: string, frame: Int16Array, atMs: number): void;
  /** No more audio (stopped, or the session closed). */
  close(): void;
}

// 20 ms of 16 kHz silence (read only).
const SILENCE = new Int16Array(LISTEN_FRAME_SAMPLES);

/**
 * Feeds a transcription every chosen leg of a session, those in it now and those that join later, through
 * the per-leg tap (media/speech/leg-listener.ts). What others do not hear (a muted, held or listen-only leg)
 * is silence, so it is not transcribed. The session's closing stops it.
 */
export class TranscriptionTaps {
  private readonly listening = new Map<string, LegListening>();
  private readonly unwatch: () => void;
  private stopped = false;

  constructor(
    private readonly session: Session,
    /** Legs to transcribe; null: every leg. */
    private readonly legIds: ReadonlySet<string> | null,
    private readonly consumer: LegAudioConsumer,
  ) {
    this.unwatch = session.watchLegs({ added: (legId) => this.tap(legId), closed: () => this.stop() });
    for (const leg of session.legs()) this.tap(leg.id);
  }

  /** Detaches from every leg and ends the transcription. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.unwatch();
    for (const l of this.listening.values()) l.stop();
    this.listening.clear();
    this.consumer.close();
  }

  private tap(legId: string): void {
    if (this.stopped || this.listening.has(legId) || (this.legIds !== null && !this.legIds.has(legId))) return;
    const listening = listenToLeg(this.session, legId, (frame) => {
      const modes = this.session.getLeg(legId)?.modes;
      const heard = modes !== undefined && !modes.muted && !modes.held && modes.audioMode !== 'listen';
      this.consumer.write(legId, heard ? frame : SILENCE, this.session.elapsedMs);
    });
    if (listening !== null) this.listening.set(legId, listening);
  }
}
