import { SEGMENT_TEXT_MAX } from '../../protocol/calls/transcript.js';

/**
 * A recognizer's text made safe to store and send: a configured server may answer anything, and the
 * database refuses NUL and lone surrogates. Whitespace is collapsed and the text cut to the segment limit.
 */
export function segmentText(raw: string): string {
  const text = wellFormed(raw).replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  if (text.length <= SEGMENT_TEXT_MAX) return text;
  return wellFormed(text.slice(0, SEGMENT_TEXT_MAX));
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one (String#toWellFormed is ES2024).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** A confidence in [0, 1] whatever the engine said (NaN counts as 0). */
export function segmentConfidence(raw: number): number {
  return Number.isFinite(raw) ? Math.min(1, Math.max(0, Math.round(raw * 1000) / 1000)) : 0;
}
