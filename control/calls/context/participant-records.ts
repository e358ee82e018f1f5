/**
 * What a participant record says of itself, read by the charts, the behaviours and the read model: the
 * roles its kind plays (a row of protocol/calls/participant-kinds.ts, never its name), whether it is still
 * in the call, the paid time it may use, and its fields in the events it records.
 */
import { kindOf } from '../../../protocol/calls/participant-kinds.js';
import { paidMs } from './billing-meter.js';
import type { CallContext, ParticipantRecord } from './call-context.js';

/** Persons (phones, app users, staff, moved callers) keep a conference or app-only call open; bots, streams and AI agents do not. */
export function isPerson(p: ParticipantRecord): boolean {
  return kindOf(p.kind).person;
}

/** Joins like a bot (a bot's token rules, leaves when its connection drops): bots and AI agents. */
export function isBotLike(p: Pick<ParticipantRecord, 'kind'>): boolean {
  return kindOf(p.kind).connection === 'bot';
}

/** Joins like an app user (may reconnect within the grace period): app users and staff. */
export function isAppLike(p: Pick<ParticipantRecord, 'kind'>): boolean {
  return kindOf(p.kind).connection === 'app';
}

/** A moved caller's link (redialled by its node after a network failure). */
export function isLink(p: Pick<ParticipantRecord, 'kind'>): boolean {
  return kindOf(p.kind).connection === 'link';
}

/** A stream to the customer's server (its life follows the stream's status). */
export function isStream(p: Pick<ParticipantRecord, 'kind'>): boolean {
  return kindOf(p.kind).leg === 'stream';
}

/** Dialled by the media node: rings before it joins, and needs a number (`to`). */
export function isDialled(p: Pick<ParticipantRecord, 'kind'>): boolean {
  return kindOf(p.kind).leg === 'phone';
}

/** Whether the participant still takes part (has not left). */
export function isPresent(p: ParticipantRecord): boolean {
  return p.state !== 'left';
}

/** Fields of a participant in its call.participant.* events. */
export function eventFields(p: ParticipantRecord): Record<string, unknown> {
  return { participantId: p.id, kind: p.kind, state: p.state, to: p.to, displayName: p.displayName, participantExternalRef: p.externalRef };
}

/** Paid time a participant may use from now: its own reservation, never beyond the call's paid time. */
export function paidWindowMs(ctx: CallContext, at: number, p: ParticipantRecord): number {
  const callLeft = ctx.paidUntil !== null ? ctx.paidUntil - at : paidMs(ctx.charge);
  return Math.max(0, p.charge === null ? callLeft : Math.min(paidMs(p.charge), callLeft));
}

/** Fields of a participant in call.participant.updated. */
export function updatedFields(p: ParticipantRecord): Record<string, unknown> {
  return { ...eventFields(p), muted: p.muted, held: p.held, audioMode: p.audioMode };
}
