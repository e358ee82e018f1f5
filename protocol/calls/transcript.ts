import { Type, type Static } from 'typebox';
import { ParticipantKind } from './participant.js';

/** Longest text of one segment (an utterance is at most 15 s of speech). */
export const SEGMENT_TEXT_MAX = 2000;

/**
 * One utterance of one participant: what it said, when (ms from the start of the call, its creation), and
 * how sure the recognizer is (0..1).
 */
export const TranscriptSegment = Type.Object(
  {
    participantId: Type.String(),
    kind: ParticipantKind,
    startMs: Type.Integer({ minimum: 0 }),
    endMs: Type.Integer({ minimum: 0 }),
    text: Type.String({ maxLength: SEGMENT_TEXT_MAX }),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { title: 'TranscriptSegment' },
);
/** One utterance of one participant. */
export type TranscriptSegment = Static<typeof TranscriptSegment>;

/** Where a transcript's segments come from: the post-call transcription of each participant's recording, or live transcription. */
export const TranscriptSource = Type.Union([Type.Literal('recording'), Type.Literal('live')]);
/** Where a transcript's segments come from. */
export type TranscriptSource = Static<typeof TranscriptSource>;

/** GET /v1/calls/:id/transcript: the call's transcript, segments in time order and the full text. */
export const Transcript = Type.Object(
  {
    object: Type.Literal('transcript'),
    callId: Type.String(),
    source: TranscriptSource,
    /** False when part of the audio could not be transcribed (the recognizer failed or gave up). */
    complete: Type.Boolean(),
    segments: Type.Array(TranscriptSegment),
    /** Every segment's text in time order, one line per segment: `participantId: text`. */
    text: Type.String(),
    createdAt: Type.String(),
  },
  { title: 'Transcript' },
);
/** A call's transcript. */
export type Transcript = Static<typeof Transcript>;
