import type { CallReply, ConnectionGrant, OfferReply, ParticipantReply, TransferReply } from '../../../protocol/calls/call-actor.js';
import type { Command } from '../../../protocol/calls/command.js';
import { kindOf } from '../../../protocol/calls/participant-kinds.js';
import type { RoomParticipantKind } from '../../../protocol/room/room-message.js';
import type { Stream, StreamState } from '../../../protocol/calls/stream.js';
import type { StreamEndReason } from '../../../protocol/stream/stream-end-reason.js';
import { isoOrNull } from '../../../shared/clock/iso.js';
import type { CallContext, CommandRecord, ParticipantRecord } from './call-context.js';
import type { OfferRecord, TransferRecord } from './handover-records.js';
import { wouldCostOre } from './billing-meter.js';

/** The connection grant of an app or bot participant (null for a test-key bot and for phones and streams). */
export function connectionOf(ctx: CallContext, p: ParticipantRecord): ConnectionGrant | null {
  const room = roomKindOf(p.kind);
  if (room === null || p.token === null || p.state === 'left') return null;
  return { url: ctx.media.roomUrl, participantId: p.id, callId: ctx.callId, kind: room, ...p.token, generation: p.token.generation ?? 1 };
}

/** How a participant kind joins the media room: staff as app users, AI agents as bots, moved callers as calls; null: not through the room. */
export function roomKindOf(kind: ParticipantRecord['kind']): RoomParticipantKind | null {
  return kindOf(kind).room;
}

/** A participant as the actor replies it. */
export function participantBody(ctx: CallContext, p: ParticipantRecord): ParticipantReply {
  return {
    object: 'participant',
    id: p.id,
    callId: ctx.callId,
    kind: p.kind,
    state: p.state,
    to: p.to,
    displayName: p.displayName,
    externalRef: p.externalRef,
    muted: p.muted,
    held: p.held,
    audioMode: p.audioMode,
    connection: connectionOf(ctx, p),
    joinedAt: isoOrNull(p.joinedAt),
    leftAt: isoOrNull(p.leftAt),
    leftReason: p.leftReason,
    ...(p.linkedCallId !== undefined ? { linkedCallId: p.linkedCallId } : {}),
  };
}

/** The call as the actor replies it (also readable from a stored snapshot's context after the call). */
export function callBody(ctx: CallContext): CallReply {
  return {
    object: 'call',
    id: ctx.callId,
    state: ctx.status,
    mode: ctx.mode,
    profileId: ctx.profileId,
    direction: ctx.inbound ? 'inbound' : 'outbound',
    to: ctx.to,
    from: ctx.from,
    numberId: ctx.inbound?.numberId ?? null,
    decideBy: isoOrNull(ctx.inbound?.decideBy ?? null),
    conference: ctx.conference,
    externalRef: ctx.externalRef,
    metadata: ctx.metadata,
    assignedTo: ctx.assignedTo,
    participants: ctx.participants.map((p) => participantBody(ctx, p)),
    createdAt: isoOrNull(ctx.createdAt)!,
    answeredAt: isoOrNull(ctx.answeredAt),
    endedAt: isoOrNull(ctx.endedAt),
    endReason: ctx.endReason,
    duration: ctx.result?.durationSeconds ?? null,
    countedMinutes: ctx.result?.countedMinutes ?? null,
    priceOre: ctx.result?.priceOre ?? null,
    wouldCostOre: ctx.result ? wouldCostOre(ctx.mode, ctx.result.items) : null,
    priceItems: ctx.result?.items ?? null,
    offer: ctx.offer ? { id: ctx.offer.id, state: ctx.offer.state, expiresAt: isoOrNull(ctx.offer.expiresAt)!, acceptedBy: ctx.offer.acceptedBy, expiry: ctx.offer.expiry, targetIds: ctx.offer.targets.map((t) => t.participantId) } : null,
    transfer: ctx.transfer
      ? { id: ctx.transfer.id, kind: ctx.transfer.kind, state: ctx.transfer.state, callerId: ctx.transfer.callerId, targetId: ctx.transfer.targetId, operatorIds: ctx.transfer.operatorIds, reason: ctx.transfer.reason }
      : null,
    movedInto: ctx.moved?.callId ?? null,
    queue: ctx.queue ? { name: ctx.queue.name, enqueuedAt: isoOrNull(ctx.queue.enqueuedAt)! } : null,
  };
}

/** A command as the API returns it. */
export function commandBody(ctx: CallContext, c: CommandRecord): Command {
  return {
    object: 'command',
    id: c.id,
    callId: ctx.callId,
    action: c.action,
    state: c.state,
    reason: c.reason,
    issuedAt: isoOrNull(c.issuedAt)!,
    finishedAt: isoOrNull(c.finishedAt),
    result: (c.slot as { result?: Command['result'] } | null)?.result ?? null,
  };
}

const streamStates: Record<ParticipantRecord['state'], StreamState> = {
  dialing: 'connecting',
  ringing: 'connecting',
  waiting: 'connecting',
  joined: 'streaming',
  reconnecting: 'reconnecting',
  left: 'stopped',
};

const streamEndReasons: ReadonlySet<string> = new Set<StreamEndReason>([
  'stopped', 'call_ended', 'max_minutes', 'server_closed', 'reconnect_gave_up', 'server_unresponsive', 'connect_failed',
]);

/** A stream participant as the streams API returns it. */
export function streamBody(ctx: CallContext, p: ParticipantRecord): Stream {
  const s = p.stream!;
  const reason = p.leftReason !== null && streamEndReasons.has(p.leftReason) ? (p.leftReason as StreamEndReason) : p.leftReason === null ? null : 'stopped';
  return {
    object: 'stream',
    id: p.id,
    callId: ctx.callId,
    state: streamStates[p.state],
    audio: s.leg.audio,
    listenParticipantId: s.listenParticipantId,
    maxMinutes: s.maxMinutes,
    startedAt: isoOrNull(p.joinedAt),
    endedAt: isoOrNull(p.leftAt),
    endReason: reason,
  };
}

/** An offer as the actor replies it: its targets as participants (app users with their connection grant). */
export function offerBody(ctx: CallContext, o: OfferRecord): OfferReply {
  return {
    object: 'offer',
    id: o.id,
    callId: ctx.callId,
    state: o.state,
    expiresAt: isoOrNull(o.expiresAt)!,
    acceptedBy: o.acceptedBy,
    expiry: o.expiry,
    targets: o.targets.flatMap((t) => {
      const p = ctx.participants.find((x) => x.id === t.participantId);
      return p ? [participantBody(ctx, p)] : [];
    }),
  };
}

/** A transfer as the actor replies it. */
export function transferBody(ctx: CallContext, t: TransferRecord): TransferReply {
  return {
    object: 'transfer',
    id: t.id,
    callId: ctx.callId,
    kind: t.kind,
    state: t.state,
    callerId: t.callerId,
    operatorIds: t.operatorIds,
    target: participantBody(ctx, ctx.participants.find((p) => p.id === t.targetId)!),
    startedAt: isoOrNull(t.startedAt)!,
    answeredAt: isoOrNull(t.answeredAt),
    settledAt: isoOrNull(t.settledAt),
    reason: t.reason,
  };
}
