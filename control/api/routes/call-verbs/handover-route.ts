/** What the transfer/complete and transfer/cancel routes share: asking the call and signing the target's connection. */
import type { TransferReply } from '../../../../protocol/calls/call-actor.js';
import { askActor, messageIdFor } from '../../../calls/mailbox/call-mailbox.js';
import type { VerbRequest } from './verb-route.js';

/** Asks the call to complete or cancel its transfer; answers the transfer with the target's connection signed. */
export async function askHandover(r: VerbRequest<never>, type: 'call.transfer.complete' | 'call.transfer.cancel'): Promise<{ status: number; body: unknown }> {
  const answer = await askActor(r.calls.actors, r.call.id, { id: messageIdFor(r.caller, r.idempotencyKey, type), type });
  const reply = answer.body as TransferReply;
  return { status: 200, body: { ...reply, target: await r.calls.signer.participant(reply.target) } };
}
