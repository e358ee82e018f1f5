/** What the command verbs share: the API's hand-over of a command, and the machine's admission of one. */
import type { Command } from '../../../protocol/calls/command.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { newId } from '../../../shared/ids/ids.js';
import { getClip } from '../../clips/audio-clips.js';
import { askActor, messageIdFor } from '../requests/actor-requests.js';
import { derivedId } from '../../../shared/ids/derived-id.js';
import type { CallDraft } from '../machines/call-draft.js';
import { commandBody } from '../machines/reply-bodies.js';
import type { VerbRequest } from './verb.js';

/** The command id of a request: derived from its Idempotency-Key, so a retry finds the same command. */
export function commandIdFor(r: VerbRequest): string {
  const { caller, idempotencyKey } = r;
  return idempotencyKey === null ? newId('cmd', r.calls.services.clock) : derivedId('cmd', caller.companyId, caller.mode, idempotencyKey);
}

/** Sends a command request to the call's actor; 201 for a new command, 200 for a retry's existing one. */
export async function askCommand(r: VerbRequest, event: string, payload: Record<string, unknown>): Promise<{ status: number; body: Command }> {
  const answer = await askActor(r.calls.actors, r.call.id, {
    id: messageIdFor(r.caller, r.idempotencyKey, event),
    type: event,
    payload: { commandId: commandIdFor(r), ...payload },
  });
  return { status: answer.status === 201 ? 201 : 200, body: answer.body as Command };
}

/** Refuses a clip id the caller has no clip under (not_found on audioClipId). */
export async function checkClip(r: VerbRequest, clipId: string | undefined): Promise<void> {
  if (clipId === undefined) return;
  await getClip(r.calls.services.sql, r.caller, clipId).catch(() => {
    throw new SentralError('not_found', { message: 'No such audio clip.', param: 'audioClipId' });
  });
}

/**
 * Whether the machine takes a new command: a known command id (a retry) is answered as it stands, a call
 * not yet answered is refused, and so is an unknown target participant. False when it has answered.
 */
export function admitCommand(d: CallDraft, e: { commandId: string; participantId?: string | undefined }): boolean {
  const existing = d.command(e.commandId);
  if (existing) {
    d.reply(commandBody(d.ctx, existing));
    return false;
  }
  if (d.ctx.status !== 'in_progress') {
    d.refuse('call_not_answered');
    return false;
  }
  if (e.participantId !== undefined && !d.participant(e.participantId)) {
    d.refuse('not_found', 'participantId');
    return false;
  }
  return true;
}
