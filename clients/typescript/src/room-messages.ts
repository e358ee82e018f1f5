// Generated from protocol/room/room-message.ts by `npm run client:generate`; do not edit.
// The media room's wire messages as a client sees them (docs/media.md, "Room endpoint").

/** Largest text frame the room endpoint reads; larger ones are refused with an error. */
export const ROOM_MAX_TEXT_BYTES = 16 * 1024;

/** Bytes in one binary audio frame: PCM16 LE, 16 kHz, mono, 20 ms. */
export const ROOM_FRAME_BYTES = 640;

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

/** How a room participant joined: an app user (or staff member), a bot (or AI agent), or a caller moved in from another call. */
export type RoomParticipantKind = 'app' | 'bot' | 'call';

/** Sent once after the token is accepted. */
export interface RoomJoined {
  type: 'joined';
  participantId: string;
  callId: string;
  kind: RoomParticipantKind;
  sampleRate: 16000;
  frameBytes: 640;
}

/** A refused frame or message; the connection stays open unless a close follows. */
export interface RoomErrorMessage {
  type: 'error';
  code: string;
  message: string;
}

/** A data message from another participant. */
export interface RoomData {
  type: 'data';
  from: string;
  payload: string;
}

/**
 * Another app, bot or moved caller's connection to the room: `present` (already connected when this client
 * joined), `joined` (connected, or reconnected), `left` (its connection closed without a newer one).
 */
export interface RoomParticipant {
  type: 'participant';
  participantId: string;
  kind: RoomParticipantKind;
  event: 'present' | 'joined' | 'left';
}

/** What the room endpoint sends as text frames. */
export type RoomServerMessage = RoomJoined | RoomErrorMessage | RoomData | RoomParticipant;

/** What a client may send as a text frame. */
export interface RoomClientMessage {
  type: 'data';
  /** Application payload, delivered to the other connected participants. */
  payload: string;
  /** Participant ids to deliver to; everyone else connected when absent. */
  to?: string[];
}
