/**
 * The media room's wire messages as a client sees them (docs/media.md, "Room endpoint"). The package carries
 * them as plain types because it may not depend on the server's modules; a test in this package checks that
 * they are the same as the server's (protocol/room/room-message.ts).
 */

/** Bytes in one audio frame: 20 ms of PCM16 little-endian, 16 kHz, mono. */
export const ROOM_FRAME_BYTES = 640;
/** Samples in one audio frame. */
export const ROOM_FRAME_SAMPLES = ROOM_FRAME_BYTES / 2;
/** Sample rate of the room's audio, both ways. */
export const ROOM_SAMPLE_RATE = 16000;

/** How a room participant joined: an app user, a bot, or a caller moved in from another call. */
export type RoomParticipantKind = 'app' | 'bot' | 'call';

/** Sent once after the token is accepted (and again after each reconnection). */
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

/** Another app, bot or moved caller's connection: `present` when this client joined, then `joined` and `left`. */
export interface RoomParticipant {
  type: 'participant';
  participantId: string;
  kind: RoomParticipantKind;
  event: 'present' | 'joined' | 'left';
}

/** What the room endpoint sends as text frames. */
export type RoomServerMessage = RoomJoined | RoomErrorMessage | RoomData | RoomParticipant;

/** What a client sends as a text frame: a data message to everyone connected, or to the participants in `to`. */
export interface RoomClientMessage {
  type: 'data';
  payload: string;
  to?: string[];
}

/** WebSocket close codes the room endpoint uses. */
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

/** Reads one text frame; null when it is not a room message this client understands. */
export function parseRoomMessage(text: string): RoomServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  const kind = (k: unknown): boolean => k === 'app' || k === 'bot' || k === 'call';
  switch (m.type) {
    case 'joined':
      return typeof m.participantId === 'string' && typeof m.callId === 'string' && kind(m.kind) ? (m as unknown as RoomJoined) : null;
    case 'error':
      return typeof m.code === 'string' && typeof m.message === 'string' ? (m as unknown as RoomErrorMessage) : null;
    case 'data':
      return typeof m.from === 'string' && typeof m.payload === 'string' ? (m as unknown as RoomData) : null;
    case 'participant':
      return typeof m.participantId === 'string' && kind(m.kind) && (m.event === 'present' || m.event === 'joined' || m.event === 'left')
        ? (m as unknown as RoomParticipant)
        : null;
    default:
      return null;
  }
}
