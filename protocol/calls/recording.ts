import { Type, type Static } from 'typebox';

/** A recording of a call (the call's mix), ready to download. */
export const Recording = Type.Object(
  {
    object: Type.Literal('recording'),
    id: Type.String(),
    callId: Type.String(),
    /** The recording.start command (or the call's recording from the answer) that made it. */
    commandId: Type.String(),
    durationMs: Type.Integer({ minimum: 0 }),
    /** audio/wav: 16-bit PCM, 16 kHz, mono. */
    contentType: Type.Literal('audio/wav'),
    /** Where to download the WAV file (with the same Authorization). */
    url: Type.String(),
    createdAt: Type.String(),
  },
  { title: 'Recording' },
);
/** A recording of a call. */
export type Recording = Static<typeof Recording>;

/** The recordings of a call, oldest first. */
export const RecordingList = Type.Object({ object: Type.Literal('list'), data: Type.Array(Recording) }, { title: 'RecordingList' });
/** The recordings of a call. */
export type RecordingList = Static<typeof RecordingList>;
