/**
 * The inbound path of the call machine (docs/calls.md, Inbound calls): the caller rings from the start,
 * `call.incoming` is sent and the decision window's deadline is a durable timer; the first decision verb
 * to call `decideInbound` settles the window, and a window that passes undecided runs the number's routing
 * exactly once. Pure like the rest of the machine: the window's rules are context/inbound-window.ts, the money of a
 * routing is reserved by the host (effect `inbound.reserveRouting`, answered with `inbound.routingCharged`).
 */
import type { Charge } from '../../../protocol/calls/call-actor.js';
import type { CallEndReason } from '../../../protocol/calls/call.js';
import type { InboundDecisionKind } from '../../../protocol/calls/inbound.js';
import type { CallActorInput } from '../../../protocol/calls/call-actor.js';
import type { CallDraft } from '../context/call-draft.js';
import type { ParticipantRecord } from '../context/call-context.js';
import { callerLeft, deadlinePassed, decide, decisionAfterEnd, openWindow, type RoutingAction, type WindowStep } from '../context/inbound-window.js';
import { leave } from '../machines/participant-machine.js';
import { launchParticipant } from '../participants/participant-launch.js';
import { isPresent } from '../context/participant-records.js';
import { isActive, isRinging } from '../context/handover-records.js';
import { routeTargetsOf } from '../context/call-facts.js';

/**
 * Inbound actions that still work on a call decided by another action (adding a participant, an offer, a
 * transfer or a move after `answer`). Every other inbound action on a decided call is `call_already_decided`,
 * except after an offer or transfer that left the caller unanswered (expired, failed): the call waits for
 * the next action.
 */
export const ACTIONS_AFTER_DECISION: ReadonlySet<InboundDecisionKind> = new Set<InboundDecisionKind>(['participants', 'offers', 'transfer', 'move']);

/** The caller of an inbound call (its primary participant). */
export function caller(d: CallDraft): ParticipantRecord | undefined {
  return d.ctx.inbound && d.ctx.primaryId !== null ? d.participant(d.ctx.primaryId) : undefined;
}

/** Whether the call is inbound and still waits for its decision (the caller rings, unbilled). */
export function awaitingDecision(d: CallDraft): boolean {
  return d.ctx.inbound?.window.phase === 'awaiting_decision';
}

/**
 * Starts an inbound call: the caller's leg rings (it is calling in, not dialled), the window opens; an
 * `api` number gets `call.incoming` and a deadline timer, a `routing` number is routed at once.
 */
export function launchInbound(d: CallDraft, input: CallActorInput): void {
  const launch = input.inbound!;
  const c = d.ctx;
  const { window, runRouting } = openWindow(launch, d.at);
  c.inbound = {
    offerId: launch.offerId,
    carrier: launch.carrier,
    numberId: launch.numberId,
    window,
    decideBy: window.phase === 'awaiting_decision' ? window.decideBy : null,
    waitingTone: false,
    routingPending: null,
    messageCommandId: null,
    routeTargets: [],
    answerSent: false,
  };
  const p: ParticipantRecord = {
    id: c.primaryId!, kind: 'phone', state: 'ringing', to: c.from, displayName: null, externalRef: null, muted: false, held: false, audioMode: 'talk',
    addedAt: d.at, joinedAt: null, leftAt: null, leftReason: null, charge: null, paidUntil: null, token: null, virtual: false, legOpId: null, stream: null,
  };
  c.participants.push(p);
  p.legOpId = d.op({ op: 'addLeg', legId: p.id, kind: 'phone', phone: { to: c.from!, ...(c.to ? { from: c.to } : {}), inbound: true, ...(launch.carrier === 'sip' ? { carrier: 'sip', answer: launch.offerId } : {}) } });
  if (window.phase === 'awaiting_decision') {
    d.record('call.incoming', { callId: c.callId, from: c.from, to: c.to, numberId: launch.numberId, assignedTo: c.assignedTo, decideBy: new Date(window.decideBy).toISOString() });
    d.setTimer('decideBy', c.callId, window.decideBy);
  }
  if (runRouting) startRouting(d, runRouting);
}

/**
 * The one decision step every inbound action (answer, participants, offers, transfer, move, reject) calls
 * first. True when the action may go on: it decided the call now, the call is outbound (not a decision),
 * or the action still makes sense on a call another action decided (ACTIONS_AFTER_DECISION). Otherwise it
 * refuses the request (call_already_decided, call_already_routed, call_ended) and returns false; a
 * decision at or after `decideBy` runs the routing first (the deadline is the rule, not its timer).
 */
export function decideInbound(d: CallDraft, kind: InboundDecisionKind): boolean {
  const inbound = d.ctx.inbound;
  if (!inbound) return true;
  if (inbound.window.phase === 'decided' && (ACTIONS_AFTER_DECISION.has(kind) || handoverFellThrough(d))) return true;
  const step = decide(inbound.window, kind, d.at);
  applyStep(d, step);
  if (step.answer.ok) {
    d.cancelTimers(d.ctx.callId, ['decideBy']);
    return true;
  }
  d.refuse(step.answer.code);
  return false;
}

/** Refuses an inbound decision that reaches a call that has ended (decisionAfterEnd says with which code). */
export function refuseDecisionAfterEnd(d: CallDraft): void {
  d.refuse(decisionAfterEnd(d.ctx.inbound?.window.phase ?? null));
}

/** Whether an offer or transfer decided the call and is over with the caller still unanswered and present. */
function handoverFellThrough(d: CallDraft): boolean {
  const inbound = d.ctx.inbound!;
  const p = caller(d);
  const decision = inbound.window.decision;
  return (decision === 'offers' || decision === 'transfer') && !inbound.answerSent && p !== undefined && isPresent(p) && !isRinging(d.ctx.offer) && !isActive(d.ctx.transfer);
}

/**
 * Keeps the reservation an offer or transfer made for answering a ringing caller: it answers the caller
 * when the offer is accepted or the transfer's target answers (answerRinging). One the caller no longer
 * needs (already answered) goes back, and so does one it replaces (an earlier offer's that expired).
 */
export function holdAnswerCharge(d: CallDraft, charge: Charge | undefined): void {
  if (!charge) return;
  const c = d.ctx;
  const p = caller(d);
  const keep = c.inbound !== null && c.inbound !== undefined && !c.inbound.answerSent && p !== undefined && isPresent(p);
  const spare = keep ? c.charge.reservationId : charge.reservationId;
  if (keep) c.charge = charge;
  if (spare !== null && spare !== c.charge.reservationId) d.effects.push({ type: 'ledger.release', reservationId: spare });
}

/** An offer accepted or a transfer's target answered: a ringing inbound caller is answered with the reservation held for it. */
export function answerRinging(d: CallDraft): void {
  const p = caller(d);
  if (p?.state === 'ringing') answerCaller(d, d.ctx.charge, false);
}

/**
 * Answers the caller with the call's reservation: the caller is put on hold first (the waiting tone, the
 * node's hold audio) so it hears it from its first frame, then answered; the call's paid time starts when
 * the node reports the answer (answerCall).
 */
export function answerCaller(d: CallDraft, charge: Charge, waitingTone: boolean): boolean {
  const p = caller(d);
  if (!p || !isPresent(p) || d.ctx.inbound!.answerSent) return false;
  d.ctx.inbound!.answerSent = true;
  // A reservation held for an offer or transfer that did not answer the caller goes back when another answers it.
  const held = d.ctx.charge.reservationId;
  if (held !== null && held !== charge.reservationId) d.effects.push({ type: 'ledger.release', reservationId: held });
  d.ctx.charge = charge;
  if (waitingTone) {
    d.ctx.inbound!.waitingTone = true;
    d.op({ op: 'updateLeg', legId: p.id, held: true });
  }
  d.op({ op: 'answerLeg', legId: p.id });
  return true;
}

/** The next action after `answer` ends the waiting tone: the caller is taken off hold. */
export function endWaitingTone(d: CallDraft): void {
  const inbound = d.ctx.inbound;
  if (!inbound?.waitingTone) return;
  inbound.waitingTone = false;
  const p = caller(d);
  if (p && isPresent(p)) d.op({ op: 'updateLeg', legId: p.id, held: false });
}

/** Rejects the caller: the call ends unanswered and nothing is charged. */
export function rejectCaller(d: CallDraft): void {
  d.ctx.endReason ??= 'rejected';
  const p = caller(d);
  if (p) leave(d, p, 'rejected', true);
}

/** The decision window's timer fired: an undecided call is routed (once). */
export function onDecideByTimer(d: CallDraft): void {
  const inbound = d.ctx.inbound;
  if (inbound) applyStep(d, deadlinePassed(inbound.window, d.at));
}

/** The call ends: a window still open closes with nothing decided and nothing routed. */
export function closeWindow(d: CallDraft): void {
  const inbound = d.ctx.inbound;
  if (inbound) inbound.window = callerLeft(inbound.window, d.at).window;
}

function applyStep(d: CallDraft, step: WindowStep): void {
  d.ctx.inbound!.window = step.window;
  if (step.runRouting) startRouting(d, step.runRouting);
}

/** Runs the number's routing: without one the call ends; otherwise the host reserves its money first. */
function startRouting(d: CallDraft, action: RoutingAction): void {
  const c = d.ctx;
  if (action.type === 'end' || (action.type === 'browser' && (action.externalRefs ?? []).length === 0)) {
    c.endReason ??= 'routing_ended';
    return;
  }
  c.inbound!.routingPending = action;
  d.effects.push({
    type: 'inbound.reserveRouting',
    callId: c.callId,
    companyId: c.companyId,
    profileId: c.profileId,
    mode: c.mode,
    forward: action.type === 'forward',
    staff: action.type === 'browser' ? action.externalRefs!.length : 0,
  });
}

/**
 * The routing's money is reserved (or could not be): `message` answers the caller and reads the text (the
 * call ends when it has played), `forward` dials the number, `browser` rings the staff; the caller is
 * answered when the first of them joins.
 */
export function onRoutingCharged(d: CallDraft, e: { charge: Charge | null; forwardCharge: Charge | null }): void {
  const c = d.ctx;
  const action = c.inbound?.routingPending;
  if (!action || action.type === 'end') return;
  c.inbound!.routingPending = null;
  if (e.charge === null) {
    c.endReason ??= 'failed';
    return;
  }
  switch (action.type) {
    case 'message': {
      const commandId = d.nextId('cmd');
      c.inbound!.messageCommandId = commandId;
      c.greeting = { commandId, text: action.text, repeat: 1, ...(action.voice ? { voice: action.voice as never } : {}) };
      answerCaller(d, e.charge, false);
      return;
    }
    case 'forward': {
      c.charge = e.charge;
      const id = d.nextId('fwd');
      c.inbound!.routeTargets.push(id);
      launchParticipant(d, { participantId: id, kind: 'phone', to: action.to, charge: e.forwardCharge });
      return;
    }
    case 'browser': {
      c.charge = e.charge;
      for (const ref of action.externalRefs ?? []) {
        const id = d.nextId('staff');
        c.inbound!.routeTargets.push(id);
        launchParticipant(d, { participantId: id, kind: 'staff', externalRef: ref, charge: null });
      }
      return;
    }
  }
}

/** A routing target joined while the caller rings: the caller is answered. */
export function answerRoutedCaller(d: CallDraft): void {
  answerCaller(d, d.ctx.charge, false);
}

/** The routing's message has played: the call ends (routing_ended). */
export function endAsRoutingEnded(d: CallDraft): void {
  d.ctx.endReason = 'routing_ended';
}

/** Every routing target is gone: the call ends as the last of them did. */
export function endAsTargetsGone(d: CallDraft): void {
  d.ctx.endReason = targetEnd(routeTargetsOf(d.ctx));
}

/** Why a routed call ends when its targets are gone: before the answer, as the (last) target did. */
function targetEnd(targets: ParticipantRecord[]): CallEndReason {
  const last = targets[targets.length - 1];
  switch (last?.leftReason) {
    case 'busy':
    case 'no_answer':
    case 'failed':
      return last.leftReason;
    default:
      return 'hangup_phone';
  }
}
