/**
 * Offers and transfers on the call (docs/calls.md, Offers and transfers): carries out their steps on the
 * draft (stop a participant, hold or unhold the caller, record the event), and tells them what happened to
 * their participants (joined, left) and to the call (its end) when the call's chart sees they have news
 * (`handoversBehind` in context/call-facts.ts, a guarded transition of the chart) and the offer's deadline when its timer fires. The
 * decisions themselves are offer-machine.ts and transfer-machine.ts, pure.
 *
 * Reading the news off the context rather than hooking each handler means that whatever made a participant
 * join or leave (a leg event, a ring timeout, a removal, a paid-time timer, the call's end) reaches the
 * offer and the transfer the same way, in the same transition.
 */
import type { CallContext, ParticipantRecord } from '../context/call-context.js';
import type { CallDraft } from '../context/call-draft.js';
import { answerRinging } from '../inbound/inbound-flow.js';
import { cancelOffer, deadlinePassed, isTarget, targetAnswered, targetGone, type OfferStep } from '../machines/offer-machine.js';
import { leave } from '../machines/participant-machine.js';
import { updatedFields } from '../context/participant-records.js';
import { callEnded, callerGone, operatorGone, targetAnswered as transferTargetAnswered, targetGone as transferTargetGone, type RequestStep, type TransferStep } from '../machines/transfer-machine.js';
import { isActive, isRinging, type OfferRecord, type TransferFailure, type TransferRecord } from '../context/handover-records.js';
import { handoverNews } from '../context/call-facts.js';
import { transferBody } from '../context/reply-bodies.js';

/** call.offer.* data (besides the fields every call event carries). */
export function offerEventData(o: OfferRecord): Record<string, unknown> {
  return { offerId: o.id, state: o.state, acceptedBy: o.acceptedBy, expiry: o.expiry, targetIds: o.targets.map((t) => t.participantId) };
}

/** call.transfer.* data (besides the fields every call event carries). */
export function transferEventData(ctx: CallContext, t: TransferRecord): Record<string, unknown> {
  const target = ctx.participants.find((p) => p.id === t.targetId);
  return { transferId: t.id, kind: t.kind, state: t.state, callerId: t.callerId, targetId: t.targetId, to: target?.to ?? null, reason: t.reason };
}

/** Stores an offer's step and carries out its actions; a settled offer's deadline timer is cancelled. */
export function applyOfferStep(d: CallDraft, step: OfferStep): void {
  d.ctx.offer = step.offer;
  for (const a of step.actions) {
    if (a.type === 'stop') {
      const p = d.participant(a.participantId);
      if (p) leave(d, p, a.reason, true);
    } else {
      d.record(a.type === 'accepted' ? 'call.offer.accepted' : 'call.offer.expired', offerEventData(step.offer));
    }
  }
  if (step.offer.state !== 'ringing') d.cancelTimers(step.offer.id, ['offer']);
}

/** Stores a transfer's step and carries out its actions. */
export function applyTransferStep(d: CallDraft, step: { transfer: TransferRecord | null; actions: TransferStep['actions'] }): void {
  if (step.transfer === null) return;
  d.ctx.transfer = step.transfer;
  for (const a of step.actions) {
    if (a.type === 'event') {
      d.record(a.eventType, transferEventData(d.ctx, step.transfer));
      continue;
    }
    const p = d.participant(a.participantId);
    if (!p || p.state === 'left') continue;
    if (a.type === 'stop') {
      leave(d, p, a.reason, true);
    } else if (p.held !== a.held) {
      p.held = a.held;
      if (!p.virtual) d.op({ op: 'updateLeg', legId: p.id, held: a.held });
      d.record('call.participant.updated', updatedFields(p));
    }
  }
}

/** A customer's request on the transfer (`transfer/complete`, `transfer/cancel`): refused with its code, or carried out and answered with the transfer. */
export function answerTransferRequest(d: CallDraft, step: RequestStep): void {
  if (!step.answer.ok) return d.refuse(step.answer.code);
  applyTransferStep(d, step);
  d.reply(transferBody(d.ctx, step.transfer!));
}

function failureOf(p: ParticipantRecord): TransferFailure {
  return p.leftReason === 'busy' || p.leftReason === 'no_answer' || p.leftReason === 'failed' ? p.leftReason : 'hangup';
}

/** The running offer and transfer hear their news (handoversBehind), participant by participant, in the call's order. */
export function followHandovers(d: CallDraft): void {
  if (d.ctx.status === 'ended') {
    // Everyone has left with the call and call.ended says the rest: both settle without an event of their own.
    if (isRinging(d.ctx.offer)) d.ctx.offer = cancelOffer(d.ctx.offer, d.at).offer;
    if (isActive(d.ctx.transfer)) d.ctx.transfer = callEnded(d.ctx.transfer, d.at);
    return;
  }
  for (const p of d.ctx.participants) {
    const news = handoverNews(d.ctx, p);
    if (news === 'joined') joined(d, p);
    else if (news === 'left') left(d, p);
  }
}

/** The offer's deadline timer fired (the call's timer handling took it off the armed list): a ringing offer expires. */
export function offerDeadline(d: CallDraft): void {
  if (isRinging(d.ctx.offer)) applyOfferStep(d, deadlinePassed(d.ctx.offer, d.at));
}

function joined(d: CallDraft, p: ParticipantRecord): void {
  const { offer, transfer } = d.ctx;
  // On an inbound call the offer or transfer decided, the caller still rings: the answer answers it too.
  if (isRinging(offer) && isTarget(offer, p.id)) {
    applyOfferStep(d, targetAnswered(offer, p.id, d.at));
    if (d.ctx.offer?.state === 'accepted') answerRinging(d);
  }
  if (isActive(transfer) && transfer.targetId === p.id) {
    applyTransferStep(d, transferTargetAnswered(transfer, d.at));
    if (d.ctx.transfer?.state === 'completed') answerRinging(d);
  }
}

function left(d: CallDraft, p: ParticipantRecord): void {
  const { offer, transfer } = d.ctx;
  if (isRinging(offer)) {
    if (isTarget(offer, p.id)) applyOfferStep(d, targetGone(offer, p.id, d.at));
    else if (p.id === d.ctx.primaryId) applyOfferStep(d, cancelOffer(offer, d.at));
  }
  if (!isActive(transfer)) return;
  if (p.id === transfer.targetId) applyTransferStep(d, transferTargetGone(transfer, failureOf(p), d.at));
  else if (p.id === transfer.callerId) applyTransferStep(d, callerGone(transfer, d.at));
  else applyTransferStep(d, operatorGone(transfer, p.id, d.at));
}
