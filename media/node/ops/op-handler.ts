import type { MediaOp, MediaOpAnswer, MediaOpName } from '../../../protocol/media/media-op.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { RoomLeg } from '../../room/room-leg.js';
import type { Session } from '../../session/session.js';
import type { MediaEngineDeps } from '../media-engine.js';

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

/** One handler per op name: a new op is a new handler registered in op-handlers.ts, not a new case in the engine. */
export type OpHandlers = { [K in MediaOpName]: OpHandler<Extract<MediaOp, { op: K }>> };

/** The sample rate of the node's mix (playbacks and recordings). */
export const MIX_RATE = 16000;

/** Refuses an op aimed at one participant that is not in the session. */
export function checkTarget(session: Session, to: string | undefined): void {
  if (to !== undefined && !session.hasLeg(to)) throw new SentralError('media_leg_not_found', { param: 'to' });
}
