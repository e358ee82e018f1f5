import { Type, type Static } from 'typebox';

/** Largest text frame the room endpoint reads; larger ones are refused with an error. */
export const ROOM_MAX_TEXT_BYTES = 16 * 1024;
/** Bytes in one binary audio frame: PCM16 LE, 16 kHz, mono, 20 ms. */
export const ROOM_FRAME_BYTES = 640;

/** What a client may send as a text frame. */
export const RoomClientData = Type.Object({
  type: Type.Literal('data'),
  /** Application payload, delivered to the other connected participants. */
  payload: Type.String({ maxLength: 8192 }),
  /** Participant ids to deliver to; everyone else connected when absent. */
  to: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 32 })),
});
/** A client text message. */
export const RoomClientMessage = RoomClientData;
/** A client text message. */
export type RoomClientMessage = Static<typeof RoomClientMessage>;

/** How a room participant joined: an app user (or staff member), a bot (or AI agent), or a caller moved in from another call. */
export const RoomParticipantKind = Type.Union([Type.Literal('app'), Type.Literal('bot'), Type.Literal('call')]);
/** How a room participant joined. */
export type RoomParticipantKind = Static<typeof RoomParticipantKind>;

/** Sent once after the token is accepted. */
export const RoomJoined = Type.Object({
  type: Type.Literal('joined'),
  participantId: Type.String(),
  callId: Type.String(),
  kind: RoomParticipantKind,
  sampleRate: Type.Literal(16000),
  frameBytes: Type.Literal(ROOM_FRAME_BYTES),
});
/** A refused frame or message; the connection stays open unless a close follows. */
export const RoomError = Type.Object({
  type: Type.Literal('error'),
  code: Type.String(),
  message: Type.String(),
});
/** A data message from another participant. */
export const RoomData = Type.Object({
  type: Type.Literal('data'),
  from: Type.String(),
  payload: Type.String(),
});
/**
 * Another app, bot or moved caller's connection to the room: `present` (already connected when this client
 * joined), `joined` (connected, or reconnected), `left` (its connection closed without a newer one).
 */
export const RoomParticipant = Type.Object({
  type: Type.Literal('participant'),
  participantId: Type.String(),
  kind: RoomParticipantKind,
  event: Type.Union([Type.Literal('present'), Type.Literal('joined'), Type.Literal('left')]),
});
/** What the room endpoint sends as text frames. */
export const RoomServerMessage = Type.Union([RoomJoined, RoomError, RoomData, RoomParticipant]);
/** A server text message. */
export type RoomServerMessage = Static<typeof RoomServerMessage>;

/** WebSocket close codes the room endpoint uses (4000-4999 are the application's). */
export const ROOM_CLOSE = {
  /** The token is missing, wrong, not yet valid, expired or superseded by a newer one. */
  unauthorized: 4401,
  /** The participant is not in a call on this node. */
  unknownParticipant: 4404,
  /** A newer connection of the same participant took over. */
  replaced: 4409,
  /** The participant was removed, or the call ended. */
  removed: 4410,
} as const;
