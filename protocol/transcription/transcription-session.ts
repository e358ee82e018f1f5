import { Type, type Static } from 'typebox';
import { Mode, Timestamp, Uuid } from '../api/common.js';

/** The audio a session takes: PCM16 LE mono 16 kHz (`pcm16`) or G.711 mu-law 8 kHz (`mulaw`). */
export const SessionEncoding = Type.Union([Type.Literal('pcm16'), Type.Literal('mulaw')]);
/** A session's audio encoding. */
export type SessionEncoding = Static<typeof SessionEncoding>;

/** Most minutes of audio one session takes (and reserves). */
export const SESSION_MAX_MINUTES = 60;

/** POST /v1/transcription/sessions. */
export const CreateTranscriptionSession = Type.Object(
  {
    encoding: Type.Optional(SessionEncoding),
    language: Type.Optional(Type.String({ minLength: 2, maxLength: 16, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$', description: 'BCP 47, default en-US' })),
    maxMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: SESSION_MAX_MINUTES, description: 'Minutes of audio at most (default 10); reserved at creation' })),
  },
  { additionalProperties: false, title: 'CreateTranscriptionSession' },
);
/** POST /v1/transcription/sessions. */
export type CreateTranscriptionSession = Static<typeof CreateTranscriptionSession>;

/** open until its connection closes (then closed), or expired when its media node never reported it. */
export const TranscriptionSessionStatus = Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('expired')]);
/** A session's status. */
export type TranscriptionSessionStatus = Static<typeof TranscriptionSessionStatus>;

/** A transcription session; `token` only in the response that created it. */
export const TranscriptionSession = Type.Object(
  {
    object: Type.Literal('transcription_session'),
    id: Type.String(),
    state: TranscriptionSessionStatus,
    encoding: SessionEncoding,
    sampleRate: Type.Union([Type.Literal(16000), Type.Literal(8000)]),
    language: Type.String(),
    maxMinutes: Type.Integer({ minimum: 1 }),
    /** The WebSocket to connect to, with `?token=` (or `Authorization: Bearer`). */
    url: Type.String(),
    token: Type.Optional(Type.String()),
    /** The token works until then; a connection open then is closed. */
    expiresAt: Timestamp,
    /** Audio received, once closed. */
    audioMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    /** Reserved while open; what it cost once closed (started minutes of audio; 0 under a test key). */
    priceOre: Type.Integer({ minimum: 0 }),
    mode: Mode,
    profileId: Type.Union([Uuid, Type.Null()]),
    createdAt: Timestamp,
    closedAt: Type.Union([Timestamp, Type.Null()]),
  },
  { title: 'TranscriptionSession' },
);
/** A transcription session. */
export type TranscriptionSession = Static<typeof TranscriptionSession>;

/** Data of `transcription.session.ended`. */
export const TranscriptionSessionEndedData = Type.Object(
  {
    sessionId: Type.String(),
    state: Type.Union([Type.Literal('closed'), Type.Literal('expired')]),
    audioMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    priceOre: Type.Integer({ minimum: 0 }),
    finals: Type.Integer({ minimum: 0 }),
    mode: Mode,
    profileId: Type.Union([Uuid, Type.Null()]),
  },
  { title: 'TranscriptionSessionEndedData' },
);
/** Data of `transcription.session.ended`. */
export type TranscriptionSessionEndedData = Static<typeof TranscriptionSessionEndedData>;

/** What the server sends on a session's WebSocket (text frames, JSON). */
export type SessionServerMessage =
  | { type: 'ready'; sessionId: string; encoding: SessionEncoding; sampleRate: 16000 | 8000 }
  | { type: 'speech_started'; atMs: number }
  | { type: 'final'; text: string; confidence: number; startMs: number; endMs: number }
  | { type: 'error'; code: string; message: string }
  | { type: 'closed'; audioMs: number };

/** What a client may send as text: `stop` finishes the utterance being spoken, sends its final, then closes. */
export const SessionClientMessage = Type.Object({ type: Type.Literal('stop') }, { additionalProperties: false });
/** A client's text message. */
export type SessionClientMessage = Static<typeof SessionClientMessage>;

/** Close codes of a session's WebSocket beyond 1000 (closed after `stop`) and 1001 (node stopping). */
export const SESSION_CLOSE = {
  /** The token is missing, wrong, not yet valid or expired. */
  unauthorized: 4401,
  /** The session was already used (a session takes one connection). */
  used: 4409,
  /** maxMinutes of audio were received. */
  limit: 4413,
  /** Too many malformed messages. */
  malformed: 4400,
} as const;

/** The claims of a session token (audience `sentral-transcription`). */
export const SessionTokenClaims = Type.Object({
  /** The session id. */
  sub: Type.String({ minLength: 1, maxLength: 64 }),
  enc: SessionEncoding,
  lang: Type.String({ minLength: 2, maxLength: 16 }),
  /** maxMinutes. */
  max: Type.Integer({ minimum: 1, maximum: SESSION_MAX_MINUTES }),
  nbf: Type.Integer(),
  exp: Type.Integer(),
});
/** The claims of a session token. */
export type SessionTokenClaims = Static<typeof SessionTokenClaims>;

/** The report a media node sends (request/reply on SESSION_SETTLE_SUBJECT) when a session's connection closed. */
export const SessionSettleRequest = Type.Object(
  { sessionId: Type.String({ minLength: 1, maxLength: 64 }), audioMs: Type.Integer({ minimum: 0 }), finals: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
/** A session's report. */
export type SessionSettleRequest = Static<typeof SessionSettleRequest>;
