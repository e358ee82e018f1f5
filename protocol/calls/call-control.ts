import { Type, type Static } from 'typebox';

/** POST /v1/calls/:id/dtmf: keypad tones to send into the call (not opened yet: always capability_unavailable). */
export const DtmfRequest = Type.Object(
  { digits: Type.String({ pattern: '^[0-9*#A-Dw]{1,64}$' }), participantId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) },
  { additionalProperties: false },
);
/** DTMF request body. */
export type DtmfRequest = Static<typeof DtmfRequest>;

/** POST /v1/calls/:id/transcription/start: live transcription of everyone (participantIds absent) or of the participants named. */
export const TranscriptionStartRequest = Type.Object(
  {
    participantIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' }), { minItems: 1, maxItems: 100, uniqueItems: true })),
    /** BCP 47 language (default en-US; the embedded recognizer knows only English). */
    language: Type.Optional(Type.String({ minLength: 2, maxLength: 16, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' })),
  },
  { additionalProperties: false, title: 'TranscriptionStartRequest' },
);
/** Transcription start body. */
export type TranscriptionStartRequest = Static<typeof TranscriptionStartRequest>;
