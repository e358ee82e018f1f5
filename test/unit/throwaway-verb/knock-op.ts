/** The throwaway knock verb's media handler: the node knocks in the call's session and reports knock.heard. */
import type { MediaOpAnswer } from '../../../protocol/media/media-op.js';
import type { OpEnv } from '../../../media/node/ops/op-handlers.js';

/** The knock op as the node receives it. */
export interface KnockOp {
  op: 'knock';
  opId: string;
  callId: string;
  commandId: string;
  times: number;
}

/** knock: refused without the call's session (media_session_not_found); heard at once otherwise. */
export function knock(env: OpEnv, op: KnockOp): MediaOpAnswer {
  env.session(op.callId);
  env.deps.publish(op.callId, { type: 'knock.heard', commandId: op.commandId, times: op.times } as never);
  return { ok: true };
}
