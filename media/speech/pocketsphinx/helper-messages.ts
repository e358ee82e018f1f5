import type { EngineResult } from '../recognizer.js';

/** An utterance sent to a PocketSphinx helper process. */
export interface HelperRequest {
  id: number;
  /** PCM16 mono 16 kHz. */
  audio: Int16Array;
  /** Constrained mode's phrases; absent for free-form. */
  phrases?: string[];
}

/** What a PocketSphinx helper process sends back. */
export type HelperReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; result: EngineResult }
  | { type: 'error'; id: number; message: string };
