import { Type, type Static } from 'typebox';

/** POST /v1/calls/:id/dtmf: keypad tones to send into the call (not opened yet: always capability_unavailable). */
export const DtmfRequest = Type.Object(
  { digits: Type.String({ pattern: '^[0-9*#A-Dw]{1,64}$' }), participantId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) },
  { additionalProperties: false },
);
/** DTMF request body. */
export type DtmfRequest = Static<typeof DtmfRequest>;

/** POST /v1/calls/:id/transcription/start (live transcription is not opened yet: transcription_unavailable). */
export const TranscriptionStartRequest = Type.Object(
  { language: Type.Optional(Type.String({ minLength: 2, maxLength: 16 })) },
  { additionalProperties: false },
);
/** Transcription start body. */
export type TranscriptionStartRequest = Static<typeof TranscriptionStartRequest>;
