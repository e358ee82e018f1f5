/** What the offer, transfer and move verbs share: admitting a new one (and finding the caller), and asking the call to complete or cancel a transfer. */
import type { TransferReply } from '../../../protocol/calls/call-actor.js';
import { askActor, messageIdFor } from '../requests/actor-requests.js';
import type { CallDraft } from '../machines/call-draft.js';
import type { ParticipantRecord } from '../machines/call-context.js';
import type { InboundDecisionKind } from '../../../protocol/calls/inbound.js';
import { decideInbound } from '../machines/inbound-flow.js';
import { isRinging } from '../machines/offer-machine.js';
import { isPresent } from '../machines/participant-machine.js';
import { isActive } from '../machines/transfer-machine.js';
import type { VerbRequest } from './verb.js';

/**
 * Whether the machine takes a new offer or transfer, and whom it hands over: on an inbound call it is a
 * decision first (decideInbound); the call is answered, or is inbound with its caller ringing (the verb
 * then holds the request's `answerCharge` with holdAnswerCharge, to answer the caller with); its caller
 * (the phone it dialled or that called) is in it, and no offer or transfer is under way. Null when it has
 * refused (and answered); a refused request's reservations go back by the API (requests/handover-requests.ts).
 */
export function admitHandover(d: CallDraft, kind: Extract<InboundDecisionKind, 'offers' | 'transfer' | 'move'>): ParticipantRecord | null {
  const c = d.ctx;
  const ringingCaller = c.inbound !== null && c.inbound !== undefined && c.primaryId !== null && d.participant(c.primaryId)?.state === 'ringing';
  if (isRinging(c.offer) || isActive(c.transfer)) {
    d.refuse('transfer_in_progress');
    return null;
  }
  if (!decideInbound(d, kind)) return null;
  if (c.status !== 'in_progress' && !ringingCaller) {
    d.refuse('call_not_answered');
    return null;
  }
  const caller = c.primaryId === null ? undefined : d.participant(c.primaryId);
  if (caller === undefined || !isPresent(caller)) {
    d.refuse('no_caller');
    return null;
  }
  return caller;
}

/** Asks the call to complete or cancel its transfer; answers the transfer with the target's connection signed. */
export async function askHandover(r: VerbRequest<never>, type: 'call.transfer.complete' | 'call.transfer.cancel'): Promise<{ status: number; body: unknown }> {
  const answer = await askActor(r.calls.actors, r.call.id, { id: messageIdFor(r.caller, r.idempotencyKey, type), type });
  const reply = answer.body as TransferReply;
  return { status: 200, body: { ...reply, target: await r.calls.signer.participant(reply.target) } };
}
