/**
 * How a participant or a stream joins the call: its record, its leg sent to the media node, its timers
 * (ring, join window, token, test limit, maximum minutes) and its room token. From then on its chart
 * (control/calls/machines/participant-machine.ts) moves it.
 */
import type { ParticipantLaunch, StreamLaunch } from '../../../protocol/calls/call-actor.js';
import type { ParticipantState } from '../../../protocol/calls/participant.js';
import { kindOf } from '../../../protocol/calls/participant-kinds.js';
import { paidMs } from '../context/billing-meter.js';
import type { ParticipantRecord } from '../context/call-context.js';
import { eventFields, isAppLike, isDialled, paidWindowMs } from '../context/participant-records.js';
import type { CallDraft } from '../context/call-draft.js';

/** A bot's token lets it connect for its paid time plus this long. */
export const BOT_CONNECT_GRACE_MS = 5 * 60_000;
/** No room token lives longer. */
export const TOKEN_MAX_MS = 2 * 60 * 60_000;
/** An app participant that has not connected this long after being added has left (join_timeout). */
export const APP_JOIN_WINDOW_MS = 5 * 60_000;
/** Under a test key a bot stays at most this long, and a stream hears a test tone this long at most. */
export const TEST_LIMIT_MS = 60_000;
/** How long a phone rings before it counts as not answered, unless the call says otherwise. */
export const DEFAULT_RING_TIMEOUT_MS = 60_000;


/** A new participant record of `kind` in `state`, with nothing else set. */
export function blank(d: CallDraft, id: string, kind: ParticipantRecord['kind'], state: ParticipantState): ParticipantRecord {
  return {
    id, kind, state, to: null, displayName: null, externalRef: null, muted: false, held: false, audioMode: 'talk',
    addedAt: d.at, joinedAt: null, leftAt: null, leftReason: null, charge: null, paidUntil: null, token: null, virtual: false, legOpId: null, stream: null,
  };
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
    d.setTimer('testLimit', p.id, d.at + Math.min(TEST_LIMIT_MS, paidWindowMs(d.ctx, d.at, p)));
  } else {
    const window = paidWindowMs(d.ctx, d.at, p);
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
  const limitMs = Math.min(launch.leg.maxMinutes * 60_000, paidWindowMs(d.ctx, d.at, p), d.ctx.mode === 'test' ? TEST_LIMIT_MS : Infinity);
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
