import type { CallMediaEvent, ParticipantLaunch, StreamLaunch } from '../../../protocol/calls/call-actor.js';
import type { ParticipantLeftReason, ParticipantState } from '../../../protocol/calls/participant.js';
import { kindOf } from '../../../protocol/calls/participant-kinds.js';
import { Value } from 'typebox/value';
import { StreamEndReason } from '../../../protocol/stream/stream-end-reason.js';
import { ledgerMoves, paidMs, priceItem, settle } from './billing-meter.js';
import type { CallDraft } from './call-draft.js';
import type { ParticipantRecord } from './call-context.js';

/** A bot's token lets it connect for its paid time plus this long. */
export const BOT_CONNECT_GRACE_MS = 5 * 60_000;
/** No room token lives longer. */
export const TOKEN_MAX_MS = 2 * 60 * 60_000;
/** An app participant that has not connected this long after being added has left (join_timeout). */
export const APP_JOIN_WINDOW_MS = 5 * 60_000;
/** An app participant whose connection dropped may reconnect (with a new token) within this long. */
export const APP_RECONNECT_GRACE_MS = 60_000;
/** How long a moved caller's link lost to a network failure may take to come back (its node redials for 15 s). */
export const LINK_RECONNECT_GRACE_MS = 20_000;
/** Under a test key a bot stays at most this long, and a stream hears a test tone this long at most. */
export const TEST_LIMIT_MS = 60_000;
/** How long a phone rings before it counts as not answered, unless the call says otherwise. */
export const DEFAULT_RING_TIMEOUT_MS = 60_000;

/**
 * The participant's life as a table: the states it may move to from each state. Every change goes through
 * `move`, so an event that arrives late (a hang-up after a removal, an answer after a timeout) cannot take a
 * participant back: `left` has no way out.
 */
export const participantTransitions: Readonly<Record<ParticipantState, readonly ParticipantState[]>> = {
  dialing: ['ringing', 'joined', 'left'],
  ringing: ['joined', 'left'],
  waiting: ['joined', 'left'],
  joined: ['reconnecting', 'left'],
  reconnecting: ['joined', 'left'],
  left: [],
};

/** Whether a participant may move from `from` to `to`. */
export function canMove(from: ParticipantState, to: ParticipantState): boolean {
  return participantTransitions[from].includes(to);
}

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
function isLink(p: Pick<ParticipantRecord, 'kind'>): boolean {
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

function eventFields(p: ParticipantRecord): Record<string, unknown> {
  return { participantId: p.id, kind: p.kind, state: p.state, to: p.to, displayName: p.displayName, participantExternalRef: p.externalRef };
}

/** A new participant record of `kind` in `state`, with nothing else set. */
export function blank(d: CallDraft, id: string, kind: ParticipantRecord['kind'], state: ParticipantState): ParticipantRecord {
  return {
    id, kind, state, to: null, displayName: null, externalRef: null, muted: false, held: false, audioMode: 'talk',
    addedAt: d.at, joinedAt: null, leftAt: null, leftReason: null, charge: null, paidUntil: null, token: null, virtual: false, legOpId: null, stream: null,
  };
}

/** Paid time a participant may use from now: its own reservation, never beyond the call's paid time. */
function paidWindowMs(d: CallDraft, p: ParticipantRecord): number {
  const callLeft = d.ctx.paidUntil !== null ? d.ctx.paidUntil - d.at : paidMs(d.ctx.charge);
  return Math.max(0, p.charge === null ? callLeft : Math.min(paidMs(p.charge), callLeft));
}

/** The room token window of an app participant from now: until the call's paid time ends plus 5 minutes, at most 2 hours. */
export function appTokenWindow(d: CallDraft): { notBefore: number; expiresAt: number } {
  const paidEnd = d.ctx.paidUntil ?? d.at + paidMs(d.ctx.charge);
  return { notBefore: d.at, expiresAt: Math.min(d.at + TOKEN_MAX_MS, paidEnd + BOT_CONNECT_GRACE_MS) };
}

/**
 * A new room token for an app or bot participant that has one: an app gets a new window, a bot keeps its
 * expiry (it never outlives its paid time plus 5 minutes). The generation goes up and the media node is told,
 * so the older tokens stop working and a connection made with one is closed.
 */
export function renewToken(d: CallDraft, p: ParticipantRecord): void {
  if (p.token === null) return;
  const window = isAppLike(p) ? appTokenWindow(d) : { notBefore: d.at, expiresAt: p.token.expiresAt };
  const generation = (p.token.generation ?? 1) + 1;
  p.token = { ...window, generation };
  d.op({ op: 'supersedeTokens', legId: p.id, generation });
}

/**
 * Adds a phone, app, staff, bot or AI agent participant: sends its leg to the media node and arms its timers. A phone rings
 * for `ringTimeoutMs` (the call's ring timeout unless an offer or a transfer says otherwise).
 */
export function launchParticipant(d: CallDraft, launch: ParticipantLaunch, ringTimeoutMs = d.ctx.ringTimeoutMs): ParticipantRecord {
  const p = blank(d, launch.participantId, launch.kind, isDialled(launch) ? 'dialing' : 'waiting');
  p.to = launch.to ?? null;
  p.displayName = launch.displayName ?? null;
  p.externalRef = launch.externalRef ?? null;
  p.charge = launch.charge;
  d.ctx.participants.push(p);
  if (isDialled(launch)) {
    const ringSeconds = Math.ceil(ringTimeoutMs / 1000);
    // A live call's phone may go over the node's SIP trunk (the node decides by its prefixes); test keys never do.
    const live = d.ctx.mode === 'live' ? { live: true } : {};
    p.legOpId = d.op({ op: 'addLeg', legId: p.id, kind: 'phone', phone: { to: p.to!, ...(d.ctx.from ? { from: d.ctx.from } : {}), ringTimeoutSeconds: ringSeconds, ...live } });
    d.setTimer('ring', p.id, d.at + ringTimeoutMs);
  } else if (isAppLike(launch)) {
    p.token = { ...appTokenWindow(d), generation: 1 };
    p.legOpId = d.op({ op: 'addLeg', legId: p.id, kind: 'room', room: { participantKind: kindOf(launch.kind).room! } });
    d.setTimer('join', p.id, d.at + APP_JOIN_WINDOW_MS);
  } else if (d.ctx.mode === 'test') {
    // No room exists under a test key: the bot is in the call at once, free, for at most a minute.
    p.virtual = true;
    p.charge = null;
    p.state = 'joined';
    p.joinedAt = d.at;
    d.record('call.participant.joined', eventFields(p));
    d.setTimer('testLimit', p.id, d.at + Math.min(TEST_LIMIT_MS, paidWindowMs(d, p)));
  } else {
    const window = paidWindowMs(d, p);
    p.token = { notBefore: d.at, expiresAt: Math.min(d.at + window + BOT_CONNECT_GRACE_MS, d.at + TOKEN_MAX_MS), generation: 1 };
    p.legOpId = d.op({ op: 'addLeg', legId: p.id, kind: 'room', room: { participantKind: kindOf(launch.kind).room! } });
    d.setTimer('token', p.id, p.token.expiresAt);
  }
  return p;
}

/** Adds a stream participant: the media node dials the customer's server; maxMinutes (capped by paid time) is a timer. */
export function launchStream(d: CallDraft, launch: StreamLaunch): ParticipantRecord {
  const p = blank(d, launch.participantId, 'stream', 'waiting');
  p.charge = launch.charge;
  const limitMs = Math.min(launch.leg.maxMinutes * 60_000, paidWindowMs(d, p), d.ctx.mode === 'test' ? TEST_LIMIT_MS : Infinity);
  p.stream = { participantId: launch.participantId, endpointId: launch.endpointId, leg: launch.leg, listenParticipantId: launch.listenParticipantId, maxMinutes: launch.leg.maxMinutes };
  d.ctx.participants.push(p);
  p.legOpId = d.op({
    op: 'addLeg',
    legId: p.id,
    kind: 'stream',
    stream: launch.leg,
    audioMode: launch.leg.audio === 'listen' ? 'listen' : 'talk',
    listenTo: launch.listenParticipantId,
  });
  d.setTimer('streamMax', p.id, d.at + limitMs);
  return p;
}

/** The participant is in the call (answered, connected, streaming): joined event and its paid-time timer. */
export function join(d: CallDraft, p: ParticipantRecord): void {
  if (p.state === 'reconnecting') {
    p.state = 'joined';
    d.cancelTimers(p.id, ['grace']);
    return;
  }
  if (!canMove(p.state, 'joined')) return;
  p.state = 'joined';
  p.joinedAt = d.at;
  d.cancelTimers(p.id, ['ring', 'join', 'token']);
  d.record('call.participant.joined', eventFields(p));
  if (isStream(p)) return; // its streamMax timer already bounds it
  if (isBotLike(p) || p.charge !== null) {
    const until = Math.min(d.at + paidWindowMs(d, p), p.token?.expiresAt ?? Infinity);
    p.paidUntil = until;
    d.setTimer('participantPaid', p.id, until);
  }
}

/**
 * The participant has left: left event, timers cancelled, its own reservation settled. `hangUp` sends
 * removeLeg to the media node (not needed when the node reported the leg gone).
 */
export function leave(d: CallDraft, p: ParticipantRecord, reason: ParticipantLeftReason, hangUp: boolean): void {
  if (!canMove(p.state, 'left')) return;
  p.state = 'left';
  p.leftAt = d.at;
  p.leftReason = reason;
  d.cancelTimers(p.id);
  if (hangUp && !p.virtual) d.op({ op: 'removeLeg', legId: p.id, reason });
  if (p.charge !== null) {
    const end = p.paidUntil === null ? d.at : Math.min(d.at, p.paidUntil);
    const settled = settle(p.charge, p.joinedAt, end);
    p.settled = priceItem(p.charge.service, p.id, p.charge, settled);
    d.effects.push(...ledgerMoves(p.charge, settled.priceOre));
  }
  d.record('call.participant.left', { ...eventFields(p), reason });
  if (isStream(p)) d.effects.push({ type: 'stream.releaseSlot', companyId: d.ctx.companyId, streamId: p.id });
}

/**
 * An app's connection dropped: it may come back within the grace period. A bot's drop means it left; so does a
 * moved caller's link closed by its node, while a link lost to a network failure is redialled by its node for
 * 15 s and may come back within LINK_RECONNECT_GRACE_MS.
 */
function disconnected(d: CallDraft, p: ParticipantRecord, clean: boolean): void {
  if (isBotLike(p) || (isLink(p) && clean)) return leave(d, p, 'disconnected', true);
  if (!isAppLike(p) && !isLink(p)) return;
  if (p.state === 'joined') {
    p.state = 'reconnecting';
    d.setTimer('grace', p.id, d.at + (isLink(p) ? LINK_RECONNECT_GRACE_MS : APP_RECONNECT_GRACE_MS));
  }
}

function streamEndReason(reason: string): ParticipantLeftReason {
  return Value.Check(StreamEndReason, reason) ? reason : 'server_closed';
}

/** Applies a media node event about one participant's leg. */
export function onLegEvent(d: CallDraft, p: ParticipantRecord, event: CallMediaEvent): void {
  switch (event.type) {
    case 'leg.ringing':
      if (p.state !== 'dialing') return;
      p.state = 'ringing';
      if (p.id === d.ctx.primaryId) d.record('call.ringing', { state: 'ringing', participantId: p.id, to: p.to });
      return;
    case 'leg.answered':
      // The dialled party answering is the call's answer: call.answered comes before its participant's joined.
      if (p.id === d.ctx.primaryId && canMove(p.state, 'joined')) d.record('call.answered', { state: 'in_progress', participantId: p.id, to: p.to });
      return join(d, p);
    case 'leg.busy':
      return leave(d, p, 'busy', false);
    case 'leg.noAnswer':
      return leave(d, p, 'no_answer', false);
    case 'leg.failed':
      return leave(d, p, isStream(p) ? 'connect_failed' : 'failed', false);
    case 'leg.hungUp':
      return leave(d, p, isStream(p) ? streamEndReason(event.reason) : isDialled(p) ? 'hangup' : 'disconnected', false);
    case 'participant.connected':
      return kindOf(p.kind).connection !== null ? join(d, p) : undefined;
    case 'participant.disconnected':
      return isPresent(p) ? disconnected(d, p, event.clean === true) : undefined;
    case 'stream.status':
      if (!isStream(p) || !isPresent(p)) return;
      if (event.status === 'reconnecting' && p.state === 'joined') p.state = 'reconnecting';
      else if (event.status === 'connected' || event.status === 'resumed') join(d, p);
      return;
    default:
      return;
  }
}

/** A participant's timer fired: ring timeout, join window, reconnect grace, token expiry, paid time, test limit, stream maxMinutes. */
export function onParticipantTimer(d: CallDraft, p: ParticipantRecord, kind: string): void {
  switch (kind) {
    case 'ring':
      return p.state === 'dialing' || p.state === 'ringing' ? leave(d, p, 'no_answer', true) : undefined;
    case 'join':
      return p.state === 'waiting' ? leave(d, p, 'join_timeout', true) : undefined;
    case 'grace':
      return p.state === 'reconnecting' ? leave(d, p, 'disconnected', true) : undefined;
    case 'token':
      return p.state === 'waiting' ? leave(d, p, 'token_expired', true) : undefined;
    case 'participantPaid':
      return leave(d, p, 'paid_time_exhausted', true);
    case 'testLimit':
      return leave(d, p, 'test_time_limit', true);
    case 'streamMax':
      return leave(d, p, 'max_minutes', true);
    default:
      return;
  }
}

/** Fields of a participant in call.participant.updated. */
export function updatedFields(p: ParticipantRecord): Record<string, unknown> {
  return { ...eventFields(p), muted: p.muted, held: p.held, audioMode: p.audioMode };
}
