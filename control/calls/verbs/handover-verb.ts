/** What the offer, transfer and move verbs share: admitting a new one (and finding the caller). */
import type { CallDraft } from '../context/call-draft.js';
import type { ParticipantRecord } from '../context/call-context.js';
import type { InboundDecisionKind } from '../../../protocol/calls/inbound.js';
import { decideInbound } from '../inbound/inbound-flow.js';
import { isPresent } from '../context/participant-records.js';
import { isActive, isRinging } from '../context/handover-records.js';

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
