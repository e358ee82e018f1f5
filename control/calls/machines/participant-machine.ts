import { assign, emit, enqueueActions, setup } from 'xstate';
import { stepStored } from '../../../shared/machines/machine-step.js';
import type { CallMediaEvent } from '../../../protocol/calls/call-actor.js';
import type { ParticipantLeftReason } from '../../../protocol/calls/participant.js';
import { kindOf } from '../../../protocol/calls/participant-kinds.js';
import { Value } from 'typebox/value';
import { StreamEndReason } from '../../../protocol/stream/stream-end-reason.js';
import { ledgerMoves, priceItem, settle } from '../context/billing-meter.js';
import type { CallDraft } from '../context/call-draft.js';
import type { ParticipantRecord, TimerKind } from '../context/call-context.js';
import { eventFields, isAppLike, isBotLike, isDialled, isLink, isStream, paidWindowMs } from '../context/participant-records.js';

/** An app participant whose connection dropped may reconnect (with a new token) within this long. */
export const APP_RECONNECT_GRACE_MS = 60_000;
/** How long a moved caller's link lost to a network failure may take to come back (its node redials for 15 s). */
export const LINK_RECONNECT_GRACE_MS = 20_000;
/** A participant's timer kinds. */
type ParticipantTimer = Extract<TimerKind, 'ring' | 'join' | 'grace' | 'token' | 'participantPaid' | 'testLimit' | 'streamMax'>;

/**
 * What happens to a participant or a stream: its leg rings, is answered, connects (a room participant) or
 * streams (a stream's status connected or resumed), drops (`clean`: closed on purpose) or its stream
 * reconnects, the node reports the leg gone (`reason` read from the node's event), one of its timers fires,
 * or the call removes it (`hangUp`: the node is told to drop the leg).
 */
export type ParticipantEvent =
  | { type: 'leg.ringing'; at: number }
  | { type: 'leg.answered'; at: number }
  | { type: 'connected'; at: number }
  | { type: 'disconnected'; clean: boolean; at: number }
  | { type: 'stream.up'; at: number }
  | { type: 'stream.down'; at: number }
  | { type: 'gone'; reason: ParticipantLeftReason; at: number }
  | { type: 'timer'; kind: ParticipantTimer; at: number }
  | { type: 'remove'; reason: ParticipantLeftReason; hangUp: boolean; at: number };

/** What the call does after a step of a participant, in order. */
export type ParticipantEffect =
  /** The dialled leg rings, or was answered: the call records call.ringing or call.answered when it is its primary. */
  | { type: 'legRinging' }
  | { type: 'legAnswered' }
  | { type: 'cancelTimers'; kinds?: ParticipantTimer[] }
  | { type: 'setTimer'; kind: ParticipantTimer; fireAt: number }
  /** Record call.participant.joined or call.participant.left. */
  | { type: 'record'; eventType: 'call.participant.joined' }
  | { type: 'record'; eventType: 'call.participant.left'; reason: ParticipantLeftReason }
  /** Arm its own paid time (the window comes from the call's paid time, its reservation and its token). */
  | { type: 'armPaidTime' }
  /** Tell the media node to drop the leg. */
  | { type: 'removeLeg'; reason: ParticipantLeftReason }
  /** Settle its own reservation up to now (or its paid time's end). */
  | { type: 'settle' }
  /** Give the stream's slot back. */
  | { type: 'releaseSlot' };

function leftReason(event: ParticipantEvent): ParticipantLeftReason {
  switch (event.type) {
    case 'gone':
    case 'remove':
      return event.reason;
    case 'timer':
      return timerReasons[event.kind];
    default:
      return 'disconnected';
  }
}

const timerReasons: Record<ParticipantTimer, ParticipantLeftReason> = {
  ring: 'no_answer',
  join: 'join_timeout',
  grace: 'disconnected',
  token: 'token_expired',
  participantPaid: 'paid_time_exhausted',
  testLimit: 'test_time_limit',
  streamMax: 'max_minutes',
};

const joining = ['markJoined', 'cancelWaitTimers', 'announceJoined', 'armPaidTime'] as const;
const leaving = ['markLeft', 'cancelAllTimers', 'removeLeg', 'settle', 'announceLeft', 'releaseSlot'] as const;
const timerLeaves = (...kinds: ParticipantTimer[]) => ({ guard: { type: 'timerIs' as const, params: { kinds } }, target: 'left' as const, actions: [...leaving] });

/** Ways out of every state where the participant is present: the node reports the leg gone, the call removes it, its paid time or limits run out. */
const presentExits = {
  gone: { target: 'left' as const, actions: [...leaving] },
  remove: { target: 'left' as const, actions: [...leaving] },
  disconnected: { guard: 'dropMeansLeft' as const, target: 'left' as const, actions: [...leaving] },
};

/**
 * The participant's chart (docs/statecharts.md), streams included: dialing or waiting, ringing, joined,
 * reconnecting, and `left`, which has no way out, so an event that arrives late (a hang-up after a removal,
 * an answer after a timeout) cannot take a participant back. Pure: time comes in each event as `at`, and what
 * the call must do is emitted as `ParticipantEffect`s, in order.
 */
export const participantMachine = setup({
  types: {
    context: {} as ParticipantRecord,
    events: {} as ParticipantEvent,
    emitted: {} as ParticipantEffect,
  },
  guards: {
    /** Joins through a connection of its own (app, staff, bot, AI agent, moved caller's link). */
    hasConnection: ({ context }) => kindOf(context.kind).connection !== null,
    isStream: ({ context }) => isStream(context),
    isDialled: ({ context }) => isDialled(context),
    isVirtual: ({ context }) => context.virtual,
    /** A bot's drop means it left; so does a moved caller's link closed by its node. */
    dropMeansLeft: ({ context, event }) => event.type === 'disconnected' && (isBotLike(context) || (isLink(context) && event.clean)),
    /** An app user or a moved caller's link whose connection dropped may come back. */
    mayReconnect: ({ context }) => isAppLike(context) || isLink(context),
    timerIs: ({ event }, params: { kinds: ParticipantTimer[] }) => event.type === 'timer' && params.kinds.includes(event.kind),
  },
  actions: {
    markJoined: assign({ state: 'joined', joinedAt: ({ event }) => event.at }),
    markRejoined: assign({ state: 'joined' }),
    markRinging: assign({ state: 'ringing' }),
    markReconnecting: assign({ state: 'reconnecting' }),
    markLeft: assign(({ event }) => ({ state: 'left' as const, leftAt: event.at, leftReason: leftReason(event) })),
    cancelWaitTimers: emit({ type: 'cancelTimers' as const, kinds: ['ring', 'join', 'token'] as ParticipantTimer[] }),
    cancelGrace: emit({ type: 'cancelTimers' as const, kinds: ['grace'] as ParticipantTimer[] }),
    cancelAllTimers: emit({ type: 'cancelTimers' as const }),
    armGrace: emit(({ context, event }) => ({ type: 'setTimer' as const, kind: 'grace' as const, fireAt: event.at + (isLink(context) ? LINK_RECONNECT_GRACE_MS : APP_RECONNECT_GRACE_MS) })),
    announceRinging: emit({ type: 'legRinging' as const }),
    announceAnswered: emit({ type: 'legAnswered' as const }),
    announceJoined: emit({ type: 'record' as const, eventType: 'call.participant.joined' as const }),
    announceLeft: emit(({ context }) => ({ type: 'record' as const, eventType: 'call.participant.left' as const, reason: context.leftReason! })),
    /** A stream's streamMax timer already bounds it; bots and participants with their own reservation have paid time. */
    armPaidTime: enqueueActions(({ context, enqueue }) => {
      if (!isStream(context) && (isBotLike(context) || context.charge !== null)) enqueue.emit({ type: 'armPaidTime' });
    }),
    /** Not needed when the node reported the leg gone, nor for a bot that never had a room (test key). */
    removeLeg: enqueueActions(({ context, event, enqueue }) => {
      const hangUp = event.type === 'remove' ? event.hangUp : event.type !== 'gone';
      if (hangUp && !context.virtual) enqueue.emit({ type: 'removeLeg', reason: context.leftReason! });
    }),
    settle: enqueueActions(({ context, enqueue }) => {
      if (context.charge !== null) enqueue.emit({ type: 'settle' });
    }),
    releaseSlot: enqueueActions(({ context, enqueue }) => {
      if (isStream(context)) enqueue.emit({ type: 'releaseSlot' });
    }),
  },
}).createMachine({
  id: 'participant',
  context: ({ input }) => input as ParticipantRecord,
  initial: 'added',
  states: {
    /** Where a new participant starts (the launch sets its state the same way): a phone is dialled, a test key's bot is in the call at once, others wait to connect. */
    added: {
      always: [{ guard: 'isDialled', target: 'dialing' }, { guard: 'isVirtual', target: 'joined' }, { target: 'waiting' }],
    },
    /** Only a phone is dialled: no connection of its own, no stream, so connecting and dropping are not its events. */
    dialing: {
      on: {
        'leg.ringing': { target: 'ringing', actions: ['markRinging', 'announceRinging'] },
        'leg.answered': { target: 'joined', actions: ['announceAnswered', ...joining] },
        timer: [timerLeaves('ring', 'participantPaid', 'testLimit', 'streamMax')],
        gone: presentExits.gone,
        remove: presentExits.remove,
      },
    },
    ringing: {
      on: {
        'leg.answered': { target: 'joined', actions: ['announceAnswered', ...joining] },
        timer: [timerLeaves('ring', 'participantPaid', 'testLimit', 'streamMax')],
        gone: presentExits.gone,
        remove: presentExits.remove,
      },
    },
    waiting: {
      on: {
        'leg.answered': { target: 'joined', actions: ['announceAnswered', ...joining] },
        connected: { guard: 'hasConnection', target: 'joined', actions: [...joining] },
        'stream.up': { guard: 'isStream', target: 'joined', actions: [...joining] },
        timer: [timerLeaves('join', 'token', 'participantPaid', 'testLimit', 'streamMax')],
        ...presentExits,
      },
    },
    joined: {
      on: {
        disconnected: [presentExits.disconnected, { guard: 'mayReconnect', target: 'reconnecting', actions: ['markReconnecting', 'armGrace'] }],
        'stream.down': { guard: 'isStream', target: 'reconnecting', actions: 'markReconnecting' },
        timer: [timerLeaves('participantPaid', 'testLimit', 'streamMax')],
        gone: presentExits.gone,
        remove: presentExits.remove,
      },
    },
    reconnecting: {
      on: {
        'leg.answered': { target: 'joined', actions: ['announceAnswered', 'markRejoined', 'cancelGrace'] },
        connected: { guard: 'hasConnection', target: 'joined', actions: ['markRejoined', 'cancelGrace'] },
        'stream.up': { guard: 'isStream', target: 'joined', actions: ['markRejoined', 'cancelGrace'] },
        timer: [timerLeaves('grace', 'participantPaid', 'testLimit', 'streamMax')],
        ...presentExits,
      },
    },
    left: { type: 'final' },
  },
});

/** One step of the chart from a stored participant: the participant after it and the effects it emitted, in order. */
export function stepParticipant(p: ParticipantRecord, event: ParticipantEvent): { participant: ParticipantRecord; effects: ParticipantEffect[] } {
  const { record, effects } = stepStored<ParticipantRecord, ParticipantEffect>(participantMachine, p, event);
  return { participant: record, effects };
}

/** Takes a step of a participant kept in the call (the record is updated in place: handlers hold it) and carries out its effects. */
function step(d: CallDraft, p: ParticipantRecord, event: ParticipantEvent): void {
  const { participant, effects } = stepParticipant(p, event);
  Object.assign(p, participant);
  for (const e of effects) {
    switch (e.type) {
      case 'legRinging':
        if (p.id === d.ctx.primaryId) d.record('call.ringing', { state: 'ringing', participantId: p.id, to: p.to });
        break;
      case 'legAnswered':
        // The dialled party answering is the call's answer: call.answered comes before its participant's joined.
        if (p.id === d.ctx.primaryId) d.record('call.answered', { state: 'in_progress', participantId: p.id, to: p.to });
        break;
      case 'cancelTimers':
        d.cancelTimers(p.id, e.kinds);
        break;
      case 'setTimer':
        d.setTimer(e.kind, p.id, e.fireAt);
        break;
      case 'record':
        d.record(e.eventType, e.eventType === 'call.participant.left' ? { ...eventFields(p), reason: e.reason } : eventFields(p));
        break;
      case 'armPaidTime': {
        const until = Math.min(d.at + paidWindowMs(d.ctx, d.at, p), p.token?.expiresAt ?? Infinity);
        p.paidUntil = until;
        d.setTimer('participantPaid', p.id, until);
        break;
      }
      case 'removeLeg':
        d.op({ op: 'removeLeg', legId: p.id, reason: e.reason });
        break;
      case 'settle': {
        const end = p.paidUntil === null ? d.at : Math.min(d.at, p.paidUntil);
        const settled = settle(p.charge!, p.joinedAt, end);
        p.settled = priceItem(p.charge!.service, p.id, p.charge!, settled);
        d.effects.push(...ledgerMoves(p.charge!, settled.priceOre));
        break;
      }
      case 'releaseSlot':
        d.effects.push({ type: 'stream.releaseSlot', companyId: d.ctx.companyId, streamId: p.id });
        break;
    }
  }
}

/**
 * The participant has left: left event, timers cancelled, its own reservation settled. `hangUp` sends
 * removeLeg to the media node (not needed when the node reported the leg gone).
 */
export function leave(d: CallDraft, p: ParticipantRecord, reason: ParticipantLeftReason, hangUp: boolean): void {
  step(d, p, { type: 'remove', reason, hangUp, at: d.at });
}

function streamEndReason(reason: string): ParticipantLeftReason {
  return Value.Check(StreamEndReason, reason) ? reason : 'server_closed';
}

/** The chart event a media node event about one participant's leg is, if any. */
function legEvent(p: ParticipantRecord, event: CallMediaEvent, at: number): ParticipantEvent | null {
  switch (event.type) {
    case 'leg.ringing':
      return { type: 'leg.ringing', at };
    case 'leg.answered':
      return { type: 'leg.answered', at };
    case 'leg.busy':
      return { type: 'gone', reason: 'busy', at };
    case 'leg.noAnswer':
      return { type: 'gone', reason: 'no_answer', at };
    case 'leg.failed':
      return { type: 'gone', reason: isStream(p) ? 'connect_failed' : 'failed', at };
    case 'leg.hungUp':
      return { type: 'gone', reason: isStream(p) ? streamEndReason(event.reason) : isDialled(p) ? 'hangup' : 'disconnected', at };
    case 'participant.connected':
      return { type: 'connected', at };
    case 'participant.disconnected':
      return { type: 'disconnected', clean: event.clean === true, at };
    case 'stream.status':
      if (event.status === 'reconnecting') return { type: 'stream.down', at };
      return event.status === 'connected' || event.status === 'resumed' ? { type: 'stream.up', at } : null;
    default:
      return null;
  }
}

/** Applies a media node event about one participant's leg. */
export function onLegEvent(d: CallDraft, p: ParticipantRecord, event: CallMediaEvent): void {
  const e = legEvent(p, event, d.at);
  if (e !== null) step(d, p, e);
}

/** A participant's timer fired: ring timeout, join window, reconnect grace, token expiry, paid time, test limit, stream maxMinutes. */
export function onParticipantTimer(d: CallDraft, p: ParticipantRecord, kind: string): void {
  if (Object.hasOwn(timerReasons, kind)) step(d, p, { type: 'timer', kind: kind as ParticipantTimer, at: d.at });
}
