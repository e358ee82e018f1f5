import type { MediaOp, MediaOpAnswer } from '../../../protocol/media/media-op.js';
import type { OpEnv } from './op-handlers.js';

/** openSession: opens the call's session (idempotent: an open session is kept). */
export function openSession(env: OpEnv, op: Extract<MediaOp, { op: 'openSession' }>): MediaOpAnswer {
  env.openSession(op.callId);
  return { ok: true };
}

/** closeSession: every leg, playback and recording of the call ends. */
export function closeSession(env: OpEnv, op: Extract<MediaOp, { op: 'closeSession' }>): MediaOpAnswer {
  env.closeSession(op.callId, op.reason ?? 'session closed');
  return { ok: true };
}
