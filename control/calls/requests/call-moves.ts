/**
 * The API's side of a move (docs/calls-api.md, Move and queues): the caller's call is asked last, after the
 * target agreed, so a refusal on either side leaves nothing half done. Into a call: the target adds a
 * participant of kind `call` and its room token is handed to the caller's call, whose media node joins the
 * target's room with it; if the caller's call then refuses, the target's participant is removed again. An
 * unanswered caller is answered by the move, with the call's minutes reserved as at answer.
 */
import type { CallReply, ParticipantReply } from '../../../protocol/calls/call-actor.js';
import type { Call } from '../../../protocol/calls/call.js';
import { SentralError, isSentralError } from '../../../shared/errors/sentral-error.js';
import { newId } from '../../../shared/ids/ids.js';
import { idempotentId, type KeyPrincipal } from '../../accounts/principal.js';
import { askActor, messageIdFor } from '../mailbox/call-mailbox.js';
import { giveBack, liveView, reserveAnswer } from './call-additions.js';
import { findCall, type CallRow } from '../store/call-records.js';
import type { CallsService } from './calls-service.js';

/** Where a caller goes: another call (by id), or a queue of the call's profile; `fromQueue` for a dequeue. */
export type MoveTarget = { callId: string; fromQueue?: string } | { queue: string };

/**
 * Moves the caller of `call` (inbound, live) to `target` and answers the caller's call as it is after the move.
 * The target call must be visible to the key and of the same profile (else not_found), live (else
 * move_target_ended), and neither the caller's own call nor one whose caller is moved or queued.
 */
export async function moveCaller(calls: CallsService, caller: KeyPrincipal, call: CallRow, target: MoveTarget, idempotencyKey: string | null): Promise<Call> {
  const view = await liveView(calls, call, true);
  if (view.call.direction !== 'inbound') throw new SentralError('call_not_inbound');
  // The message id names the caller's call too: a dequeue retried on the next caller is another message.
  const purpose = 'queue' in target ? `call.move:${call.id}:queue:${target.queue}` : `call.move:${call.id}:${target.callId}`;
  const into = 'callId' in target ? await linkTarget(calls, caller, call, target.callId, idempotencyKey) : null;
  const answering = view.call.answeredAt === null ? await reserveAnswer(calls, call, `${call.id}:answer`) : null;
  try {
    const payload = {
      ...('queue' in target ? { queue: target.queue } : {}),
      ...(into ? { into: { callId: into.callId, participantId: into.participant.id, ...(await calls.signer.link(into.participant)) } } : {}),
      ...('fromQueue' in target && target.fromQueue !== undefined ? { fromQueue: target.fromQueue } : {}),
      ...(answering ? { answerCharge: answering.charge } : {}),
    };
    const answer = await askActor(calls.actors, call.id, { id: messageIdFor(caller, idempotencyKey, purpose), type: 'call.move', payload });
    return await calls.signer.call(answer.body as CallReply);
  } catch (err) {
    if (isSentralError(err) && err.status < 500) {
      if (answering?.made) await giveBack(calls, answering.charge);
      if (into) await unlink(calls, into.callId, into.participant.id);
    }
    throw err;
  }
}

/** Asks the target call for a participant carrying the caller (kind call); its answer holds the room grant. */
async function linkTarget(calls: CallsService, caller: KeyPrincipal, call: CallRow, targetId: string, idempotencyKey: string | null): Promise<{ callId: string; participant: ParticipantReply }> {
  if (targetId === call.id) throw new SentralError('move_target_invalid', { param: 'callId' });
  const target = await findCall(calls.services.sql, caller, targetId).catch((err: unknown) => {
    throw isSentralError(err) && err.code === 'not_found' ? new SentralError('not_found', { message: 'No such call to move the caller into.', param: 'callId' }) : err;
  });
  if (target.profileId !== call.profileId) throw new SentralError('not_found', { message: 'No such call to move the caller into.', param: 'callId' });
  const participantId = idempotencyKey === null ? newId('part', calls.services.clock) : idempotentId('part', caller, idempotencyKey, 'move', call.id, targetId);
  try {
    const answer = await askActor(calls.actors, targetId, {
      id: messageIdFor(caller, idempotencyKey, `call.link:${call.id}:${targetId}`),
      type: 'call.link',
      payload: { participantId, linkedCallId: call.id, from: call.launch.from },
    });
    return { callId: targetId, participant: answer.body as ParticipantReply };
  } catch (err) {
    if (isSentralError(err) && err.code === 'call_ended') throw new SentralError('move_target_ended', { param: 'callId' });
    throw err;
  }
}

/** Takes back a target's participant for a move the caller's call refused (best effort: it also leaves when its token expires unused). */
async function unlink(calls: CallsService, targetId: string, participantId: string): Promise<void> {
  await askActor(calls.actors, targetId, { id: newId('msg'), type: 'participant.remove', payload: { participantId } }).catch(() => undefined);
}
