import type { RecognitionRequest, Recognizer } from '../speech/recognizer.js';
import { segmentConfidence, segmentText } from './segment-text.js';

/** Utterances in flight at most while stored audio is read through a recognizer (the engine's queue is bounded). */
const MAX_IN_FLIGHT = 8;
/** 20 ms at 16 kHz: what a recognition stream is normally fed. */
const FRAME_SAMPLES = 320;

/** One recognised utterance of stored audio, in ms from its start; empty texts are left out. */
export interface AudioSegment {
  startMs: number;
  endMs: number;
  text: string;
  confidence: number;
}

/**
 * Reads stored 16 kHz PCM16 audio through one recognition stream, faster than real time but with at most
 * MAX_IN_FLIGHT utterances waiting for the engine; returns the utterances in order and how many failed.
 */
export async function transcribeAudio(
  recognizer: Recognizer,
  request: RecognitionRequest,
  chunks: AsyncIterable<Int16Array> | Iterable<Int16Array>,
): Promise<{ segments: AudioSegment[]; failed: number; samples: number }> {
  const segments: AudioSegment[] = [];
  let failed = 0;
  let samples = 0;
  let open = 0;
  let wake: (() => void) | null = null;
  const stream = recognizer.open(request, (event) => {
    if (event.type === 'speechStart') open++;
    else if (event.type === 'final' || event.type === 'error') {
      open--;
      wake?.();
      if (event.type === 'error') failed++;
      else {
        const text = segmentText(event.text);
        if (text !== '') segments.push({ startMs: event.startMs, endMs: event.endMs, text, confidence: segmentConfidence(event.confidence) });
      }
    }
  });
  try {
    for await (const chunk of chunks) {
      samples += chunk.length;
      for (let at = 0; at < chunk.length; at += FRAME_SAMPLES) {
        stream.write(chunk.subarray(at, at + FRAME_SAMPLES));
        while (open > MAX_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
      }
    }
    await stream.end();
  } catch (err) {
    stream.abort();
    throw err;
  }
  return { segments, failed, samples };
}
