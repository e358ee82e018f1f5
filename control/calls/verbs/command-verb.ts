/** What the command verbs share: the machine's admission of a new command. */
import type { CallDraft } from '../context/call-draft.js';
import { commandBody } from '../context/reply-bodies.js';

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
