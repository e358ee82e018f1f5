import { Type, type Static } from 'typebox';
import { Mode, Timestamp, Uuid } from '../api/common.js';
import { SEGMENT_TEXT_MAX } from '../calls/transcript.js';
import { TranscriptionSessionEndedData } from './transcription-session.js';

/** Where a job's audio comes from: exactly one of an uploaded audio clip or a call's recording. */
export const CreateTranscriptionJob = Type.Object(
  {
    clipId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^clip_[0-9a-z]+$', description: 'An audio clip (POST /v1/audio-clips)' })),
    recordingId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^rec_[0-9a-z]+$', description: 'A call recording (call.recording.ready)' })),
    language: Type.Optional(Type.String({ minLength: 2, maxLength: 16, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$', description: 'BCP 47, default en-US' })),
  },
  { additionalProperties: false, title: 'CreateTranscriptionJob' },
);
/** POST /v1/transcription/jobs. */
export type CreateTranscriptionJob = Static<typeof CreateTranscriptionJob>;

/** queued → running → completed | failed (docs/transcription.md). */
export const TranscriptionJobStatus = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]);
/** A job's status. */
export type TranscriptionJobStatus = Static<typeof TranscriptionJobStatus>;

/** One utterance of the job's audio: ms from the start of the audio. */
export const JobSegment = Type.Object(
  {
    startMs: Type.Integer({ minimum: 0 }),
    endMs: Type.Integer({ minimum: 0 }),
    text: Type.String({ maxLength: SEGMENT_TEXT_MAX }),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { title: 'TranscriptionJobSegment' },
);
/** One utterance of a job's audio. */
export type JobSegment = Static<typeof JobSegment>;

/** A transcription job as the API shows it; `transcript` once completed. */
export const TranscriptionJob = Type.Object(
  {
    object: Type.Literal('transcription_job'),
    id: Type.String(),
    state: TranscriptionJobStatus,
    source: Type.Union([
      Type.Object({ type: Type.Literal('clip'), clipId: Type.String() }),
      Type.Object({ type: Type.Literal('recording'), recordingId: Type.String(), callId: Type.String() }),
    ]),
    language: Type.String(),
    durationMs: Type.Integer({ minimum: 0 }),
    /** What the job costs: its started minutes at the transcription rate (0 under a test key). */
    priceOre: Type.Integer({ minimum: 0 }),
    /** Why it failed (a catalogued code); null otherwise. */
    failureReason: Type.Union([Type.String(), Type.Null()]),
    transcript: Type.Union([
      Type.Object({
        segments: Type.Array(JobSegment),
        /** Every segment's text in time order, joined by spaces. */
        text: Type.String(),
        /** False when some utterances could not be recognised. */
        complete: Type.Boolean(),
      }),
      Type.Null(),
    ]),
    mode: Mode,
    profileId: Type.Union([Uuid, Type.Null()]),
    createdAt: Timestamp,
    completedAt: Type.Union([Timestamp, Type.Null()]),
  },
  { title: 'TranscriptionJob' },
);
/** A transcription job. */
export type TranscriptionJob = Static<typeof TranscriptionJob>;

/** GET /v1/transcription/jobs: newest first. */
export const TranscriptionJobList = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(TranscriptionJob),
  hasMore: Type.Boolean(),
});
/** A page of jobs. */
export type TranscriptionJobList = Static<typeof TranscriptionJobList>;

/** Query of GET /v1/transcription/jobs. */
export const TranscriptionJobListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    before: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^trj_[0-9a-z]+$' })),
  },
  { additionalProperties: false },
);
/** Query of the job list. */
export type TranscriptionJobListQuery = Static<typeof TranscriptionJobListQuery>;

/** Data of `transcription.job.completed` and `transcription.job.failed`: the job as GET shows it, without the transcript. */
export const TranscriptionJobEventData = Type.Object(
  {
    jobId: Type.String(),
    state: TranscriptionJobStatus,
    durationMs: Type.Integer({ minimum: 0 }),
    priceOre: Type.Integer({ minimum: 0 }),
    segmentCount: Type.Integer({ minimum: 0 }),
    failureReason: Type.Union([Type.String(), Type.Null()]),
    mode: Mode,
    profileId: Type.Union([Uuid, Type.Null()]),
  },
  { title: 'TranscriptionJobEventData' },
);
/** Data of a job's event. */
export type TranscriptionJobEventData = Static<typeof TranscriptionJobEventData>;

/** Each transcription job event type and the schema of its data. */
export const transcriptionJobEventSchemas = {
  'transcription.job.completed': TranscriptionJobEventData,
  'transcription.job.failed': TranscriptionJobEventData,
  'transcription.session.ended': TranscriptionSessionEndedData,
} as const;

/**
 * The request a control-plane job runner sends on TRANSCRIBE_SUBJECT (any media node answers): the audio
 * is a clip (fetched like a clip for `play`) or a recording file under the shared recordings directory.
 */
export const TranscribeRequest = Type.Object(
  {
    jobId: Type.String({ minLength: 1, maxLength: 64 }),
    source: Type.Union([
      Type.Object({ type: Type.Literal('clip'), clipId: Type.String({ minLength: 1, maxLength: 64 }) }),
      Type.Object({ type: Type.Literal('recording'), storageKey: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.-]+$' }) }),
    ]),
    language: Type.String({ minLength: 2, maxLength: 16 }),
  },
  { additionalProperties: false },
);
/** A media node's transcription request. */
export type TranscribeRequest = Static<typeof TranscribeRequest>;

/** The node's answer: the segments and how many utterances failed, or why nothing could be done. */
export const TranscribeAnswer = Type.Union([
  Type.Object({ ok: Type.Literal(true), durationMs: Type.Integer({ minimum: 0 }), segments: Type.Array(JobSegment), failed: Type.Integer({ minimum: 0 }) }),
  Type.Object({ ok: Type.Literal(false), code: Type.String(), message: Type.String() }),
]);
/** A media node's transcription answer. */
export type TranscribeAnswer = Static<typeof TranscribeAnswer>;
