/**
 * Moving an inbound call's caller (docs/calls.md, Move and queues). The caller's call keeps its id and its
 * money for the caller's whole life; what moves is where the caller's audio goes:
 * - into another call: the target call adds a participant of kind `call` (a room participant that joins like
 *   a bot and counts as a person), and this call adds a link leg on its media node that joins the target's
 *   room with that participant's token: the caller hears the target's mix and the target hears the caller;
 * - into a queue: the caller is held (hold audio) and the call shows the queue and when it joined; the
 *   queue's order is the read model's (control/calls/store/queues.ts).
 * Pure like the rest of the machine.
 */
import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { MAX_CALL_MINUTES } from '../../../protocol/calls/call.js';
import type { CallDraft } from '../context/call-draft.js';
import type { ParticipantRecord } from '../context/call-context.js';
import { leave } from '../machines/participant-machine.js';
import { blank } from '../participants/participant-launch.js';

type MoveEvent = Extract<CallRequestEvent, { type: 'call.move' }>;
type LinkEvent = Extract<CallRequestEvent, { type: 'call.link' }>;

/** A moved caller's link must connect to the target's room within this long (its token's life). */
export const LINK_CONNECT_MS = 60_000;

/** Whether this call's caller is moved into another call or waits in a queue (such a call is no target of a move). */
export function isMovedAway(d: CallDraft): boolean {
  return (d.ctx.moved ?? null) !== null || (d.ctx.queue ?? null) !== null;
}

/** The link participant carrying the caller into the call it was moved into, if any. */
function linkOf(d: CallDraft): ParticipantRecord | undefined {
  const moved = d.ctx.moved;
  return moved ? d.participant(moved.participantId) : undefined;
}

/** Leaves the call the caller was in (the link leaves as `moved`) and the queue it waited in. */
function leaveCurrentPlace(d: CallDraft): void {
  const link = linkOf(d);
  d.ctx.moved = null;
  if (link) leave(d, link, 'moved', true);
  d.ctx.queue = null;
}

/**
 * Puts the caller into the queue `name` (hold audio while it waits). Moving into the queue it already waits
 * in keeps its place.
 */
export function enqueue(d: CallDraft, caller: ParticipantRecord, name: string): void {
  if (d.ctx.queue?.name === name) return;
  leaveCurrentPlace(d);
  d.ctx.queue = { name, enqueuedAt: d.at };
  caller.held = true;
  d.op({ op: 'updateLeg', legId: caller.id, held: true });
}

/**
 * Connects the caller to the call in `into`: a link leg on this call's node joins the target's room as the
 * participant the target made for it. A move to the same link again changes nothing (a retry).
 */
export function linkInto(d: CallDraft, caller: ParticipantRecord, into: NonNullable<MoveEvent['into']>): void {
  if (d.ctx.moved?.participantId === into.participantId) return;
  leaveCurrentPlace(d);
  if (caller.held) {
    caller.held = false;
    d.op({ op: 'updateLeg', legId: caller.id, held: false });
  }
  const p = blank(d, into.participantId, 'call', 'waiting');
  p.linkedCallId = into.callId;
  d.ctx.participants.push(p);
  p.legOpId = d.op({ op: 'addLeg', legId: p.id, kind: 'link', link: { url: into.url, token: into.token } });
  d.setTimer('join', p.id, d.at + LINK_CONNECT_MS);
  d.ctx.moved = { callId: into.callId, participantId: p.id };
}

/**
 * The target's side of a move: a participant of kind `call` for the caller of `linkedCallId`, waiting for the
 * caller's link to connect within LINK_CONNECT_MS. Its token (never shown to a customer) lives as long as the
 * longest call: the room closes a connection when its token expires, and the link dials again with the same
 * token after a network failure. Free: the caller's own call pays.
 */
export function addMovedCaller(d: CallDraft, e: LinkEvent): ParticipantRecord {
  const p = blank(d, e.participantId, 'call', 'waiting');
  p.to = e.from;
  p.linkedCallId = e.linkedCallId;
  p.token = { notBefore: d.at, expiresAt: d.at + MAX_CALL_MINUTES * 60_000, generation: 1 };
  d.ctx.participants.push(p);
  p.legOpId = d.op({ op: 'addLeg', legId: p.id, kind: 'room', room: { participantKind: 'call' } });
  d.setTimer('token', p.id, d.at + LINK_CONNECT_MS);
  return p;
}

/** The moved caller's link is gone: the call ends with it. */
export function endAsMovedCallEnded(d: CallDraft): void {
  d.ctx.endReason = 'moved_call_ended';
}
