/**
 * The facts the call chart's guards read (control/calls/machines/call-machine.ts), each over the context
 * alone: what the running offer or transfer has not heard yet, a voicemail drop's message played, what an
 * inbound routing is due to do, a moved caller's link gone, every transcription settled. The handlers that
 * act on them live with their behaviour (handovers/, speech/, inbound/).
 */
import type { CallContext, ParticipantRecord } from './call-context.js';
import { isActive, isRinging } from './handover-records.js';
import { isPresent } from './participant-records.js';

/** News for a running offer or transfer: one of its participants joined or left. */
export type HandoverNews = 'joined' | 'left' | null;

/** What `p`'s state tells the running offer or transfer that it has not heard yet (followHandovers acts on it). */
export function handoverNews(c: CallContext, p: ParticipantRecord): HandoverNews {
  const { offer, transfer } = c;
  if (isRinging(offer)) {
    const target = offer.targets.find((t) => t.participantId === p.id);
    if (target?.state === 'ringing' && (p.state === 'joined' || p.state === 'left')) return p.state;
    if (target === undefined && p.id === c.primaryId && p.state === 'left') return 'left';
  }
  if (isActive(transfer)) {
    if (p.id === transfer.targetId && p.state === 'joined' && transfer.state === 'ringing') return 'joined';
    if (p.state === 'left' && (p.id === transfer.targetId || p.id === transfer.callerId || transfer.operatorIds.includes(p.id))) return 'left';
  }
  return null;
}

/**
 * Whether a running offer or transfer has news: a participant of theirs joined or left since they last heard,
 * or the call ended. Each step moves them on, so after followHandovers they have none.
 */
export function handoversBehind(c: CallContext): boolean {
  if (!isRinging(c.offer) && !isActive(c.transfer)) return false;
  return c.status === 'ended' || c.participants.some((p) => handoverNews(c, p) !== null);
}

/** The voicemail message has played out (or could not): the call's guard `voicemailPlayed`. */
export function voicemailPlayed(c: CallContext): boolean {
  const amd = c.amd;
  if (!amd || amd.state !== 'dropping') return false;
  const message = c.commands.find((m) => m.id === amd.messageCommandId);
  return message !== undefined && message.state !== 'issued';
}

/**
 * The call's guard `movedLinkGone`: a moved caller's link left for any reason but a further move (the target
 * ended or removed the caller, the link failed), so the caller's call ends (`moved_call_ended`).
 */
export function movedLinkGone(c: CallContext): boolean {
  const link = c.moved ? c.participants.find((p) => p.id === c.moved!.participantId) : undefined;
  return link !== undefined && !isPresent(link) && c.endReason === null;
}

/** What the routing of a live inbound call is due to do, read by the call's guards after every step. */
export type RoutingDue = 'messagePlayed' | 'answerCaller' | 'targetsGone' | null;

/**
 * The routing's message ends the call once played; the routing's targets answer the caller when the first
 * joins and end the call when none is left.
 */
export function routingDue(c: CallContext): RoutingDue {
  const inbound = c.inbound;
  if (!inbound || c.endReason !== null) return null;
  if (inbound.messageCommandId !== null) {
    const cmd = c.commands.find((m) => m.id === inbound.messageCommandId);
    return cmd && cmd.state !== 'issued' ? 'messagePlayed' : null;
  }
  if (inbound.routeTargets.length === 0) return null;
  const targets = routeTargetsOf(c);
  const joined = targets.find((p) => p.state === 'joined' || p.state === 'reconnecting');
  const callerNow = c.primaryId !== null ? c.participants.find((p) => p.id === c.primaryId) : undefined;
  if (joined && callerNow?.state === 'ringing' && !inbound.answerSent) return 'answerCaller';
  return targets.every((p) => !isPresent(p)) ? 'targetsGone' : null;
}

/** The routing's targets, as participants. */
export function routeTargetsOf(c: CallContext): ParticipantRecord[] {
  return (c.inbound?.routeTargets ?? []).map((id) => c.participants.find((p) => p.id === id)).filter((p): p is ParticipantRecord => p !== undefined);
}

/** True when no transcription is still being made (the actor may finish). */
export function transcriptionsSettled(c: CallContext): boolean {
  return !(c.transcriptions ?? []).some((t) => t.state === 'running' || t.state === 'stopping');
}
