/**
 * The room's frames as the client reads them: an audio frame in samples and its rate, and a text frame read
 * into a room message (the wire types and constants are room-messages.ts, generated from the server's).
 */
import { ROOM_FRAME_BYTES, type RoomData, type RoomErrorMessage, type RoomJoined, type RoomParticipant, type RoomServerMessage } from './room-messages.js';

/** Samples in one audio frame. */
export const ROOM_FRAME_SAMPLES = ROOM_FRAME_BYTES / 2;
/** Sample rate of the room's audio, both ways. */
export const ROOM_SAMPLE_RATE = 16000;

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
