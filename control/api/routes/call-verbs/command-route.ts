/** What the routes of the command verbs share: the command id of a request, a clip check, the hand-over to the call. */
import type { Command } from '../../../../protocol/calls/command.js';
import { SentralError } from '../../../../shared/errors/sentral-error.js';
import { newId } from '../../../../shared/ids/ids.js';
import { getClip } from '../../../clips/audio-clips.js';
import { askActor, messageIdFor } from '../../../calls/mailbox/call-mailbox.js';
import type { VerbRequest } from './verb-route.js';
import { idempotentId } from '../../../accounts/principal.js';

/** The command id of a request: derived from its Idempotency-Key, so a retry finds the same command. */
export function commandIdFor(r: VerbRequest): string {
  const { caller, idempotencyKey } = r;
  return idempotencyKey === null ? newId('cmd', r.calls.services.clock) : idempotentId('cmd', caller, idempotencyKey);
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
