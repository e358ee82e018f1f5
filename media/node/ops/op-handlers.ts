/**
 * The media node's ops: what a handler may use, a handler's type, and the table of handlers, one per op (the
 * media half of a call verb). Each handler module imports only the types here.
 */
import type { MediaOp, MediaOpAnswer, MediaOpName } from '../../../protocol/media/media-op.js';
import type { RoomLeg } from '../../room/room-leg.js';
import type { Session } from '../../session/session.js';
import type { MediaEngineDeps } from '../media-engine.js';
import { addLeg, answerLeg, removeLeg, supersedeTokens, updateLeg } from './leg-ops.js';
import { play } from './play.js';
import { startRecording, stopRecording } from './recording-ops.js';
import { say } from './say.js';
import { closeSession, openSession } from './session-ops.js';
import { detectMachine, listen, stopListening } from './speech-ops.js';
import { stopMedia } from './stop-media.js';
import { startTranscription, stopTranscription } from './transcription-ops.js';

/** What an op handler may use: the node's parts and the sessions. */
export interface OpEnv {
  deps: MediaEngineDeps;
  /** The open session of a call; media_session_not_found otherwise. */
  session(callId: string): Session;
  /** Opens a call's session (an open one is kept). */
  openSession(callId: string): void;
  /** Closes a call's session and forgets it. */
  closeSession(callId: string, reason: string): void;
  /** Legs across all sessions (the node's load). */
  legCount(): number;
  /** A room leg joined its call's session (a client waiting for it can join). */
  roomLegAdded(callId: string, leg: RoomLeg): void;
}

/** Carries out one kind of op; a refusal is a thrown SentralError (the engine answers it with its code). */
export type OpHandler<O extends MediaOp = MediaOp> = (env: OpEnv, op: O) => MediaOpAnswer | Promise<MediaOpAnswer>;

/** One handler per op name: a new op is a new handler registered below, not a new case in the engine. */
export type OpHandlers = { [K in MediaOpName]: OpHandler<Extract<MediaOp, { op: K }>> };

/**
 * The media node's op handlers, one per op (the media half of a call verb). The engine looks an op up here;
 * a new verb's op adds its handler module and one line here, and the engine does not change.
 */
export const opHandlers: OpHandlers = {
  openSession,
  closeSession,
  addLeg,
  answerLeg,
  updateLeg,
  removeLeg,
  supersedeTokens,
  say,
  play,
  stopMedia,
  startRecording,
  stopRecording,
  listen,
  stopListening,
  detectMachine,
  startTranscription,
  stopTranscription,
};
