import { MEDIA_EVENT_TYPES } from '../../../protocol/media/media-event.js';
import type { ActorMessageFailedEvent, CallActorEvent, CallActorInput, CallMediaEvent, CallRequestEvent, MediaLostEvent, RoutingChargedEvent } from '../../../protocol/calls/call-actor.js';
import { issuePlay } from '../verbs/play.js';
import { issueRecording } from '../verbs/recording-start.js';
import { issueSay } from '../verbs/say.js';
import { amdRecord, onDetection, settleVoicemail, startDetection } from './answering-machine.js';
import { ledgerMoves, paidMs, priceItem, settle } from './billing-meter.js';
import type { CallContext } from './call-context.js';
import type { CallDraft } from './call-draft.js';
import { callBody, commandBody, participantBody, streamBody } from './reply-bodies.js';
import { finishCommand, onCommandTimer, onOpResult, rejectCommand } from './command-machine.js';
import { answerCaller, awaitingDecision, closeWindow, decideInbound, endWaitingTone, followRouting, launchInbound, onDecideByTimer, onRoutingCharged, refuseDecisionAfterEnd } from './inbound-flow.js';
import { addMovedCaller, followMove, isMovedAway } from './call-move.js';
import {
  giveUpTranscriptions,
  onTranscriptionEnded,
  onTranscriptionRefused,
  onTranscriptionSegments,
  settleTranscript,
  startRecordedTranscription,
  transcriptionWaitMs,
  transcriptionsOf,
  transcriptionsSettled,
} from './call-transcription.js';
import {
  DEFAULT_RING_TIMEOUT_MS,
  isAppLike,
  isBotLike,
  isDialled,
  isPresent,
  isStream,
  launchParticipant,
  leave,
  launchStream,
  onLegEvent,
  onParticipantTimer,
  renewToken,
  updatedFields,
} from './participant-machine.js';

/** After the call ends, it waits this long for recordings to be reported before the actor is done. */
export const RECORDING_WAIT_MS = 5 * 60_000;

const participantTimers = new Set(['ring', 'join', 'grace', 'token', 'participantPaid', 'testLimit', 'streamMax']);

/** The context of a new call: nothing sent yet, no participant yet (launchCall adds them). */
export function initialContext(input: CallActorInput): CallContext {
  return {
    callId: input.callId,
    companyId: input.companyId,
    profileId: input.profileId,
    mode: input.mode,
    media: input.media,
    to: input.to,
    from: input.from,
    conference: input.conference,
    externalRef: input.externalRef,
    metadata: input.metadata,
    assignedTo: input.assignedTo,
    ringTimeoutMs: (input.ringTimeoutSeconds ?? DEFAULT_RING_TIMEOUT_MS / 1000) * 1000,
    status: 'dialing',
    endReason: null,
    createdAt: input.at,
    answeredAt: null,
    endedAt: null,
    paidUntil: null,
    charge: input.charge,
    result: null,
    primaryId: input.primaryParticipantId,
    greeting: input.greeting,
    amd: amdRecord(input),
    recordingOnAnswer: input.recording,
    transcriptionOnAnswer: input.transcription ?? null,
    transcriptions: [],
    transcriptReady: false,
    streamOnAnswer: input.stream,
    participants: [],
    commands: [],
    recordingsPending: [],
    timers: {},
    sessionOpId: null,
    seq: 0,
    inbound: null,
  };
}

/** Opens the media session and adds the dialled phone and the requested participants. */
export function launchCall(d: CallDraft, input: CallActorInput): void {
  const c = d.ctx;
  c.sessionOpId = d.op({ op: 'openSession' });
  if (input.inbound) return launchInbound(d, input);
  if (c.primaryId !== null && c.to !== null) launchParticipant(d, { participantId: c.primaryId, kind: 'phone', to: c.to, charge: null });
  for (const launch of input.participants) launchParticipant(d, launch);
}

/** The call is answered (or, without a dialled phone, open): paid time runs, the greeting, recording and stream start. */
export function answerCall(d: CallDraft): void {
  const c = d.ctx;
  c.status = 'in_progress';
  c.answeredAt = d.at;
  c.paidUntil = d.at + paidMs(c.charge);
  d.setTimer('callPaid', c.callId, c.paidUntil);
  const g = c.greeting;
  if (g !== null) {
    if (g.text !== undefined) issueSay(d, { commandId: g.commandId, text: g.text, repeat: g.repeat, ...(g.voice ? { voice: g.voice } : {}) });
    else issuePlay(d, { commandId: g.commandId, clipId: g.clipId!, repeat: g.repeat });
  }
  startDetection(d);
  if (c.recordingOnAnswer !== null) issueRecording(d, c.recordingOnAnswer.commandId, c.recordingOnAnswer.recordingId);
  if (c.streamOnAnswer !== null) launchStream(d, c.streamOnAnswer);
  if (c.transcriptionOnAnswer) startRecordedTranscription(d, c.transcriptionOnAnswer.transcriptionId);
}

/**
 * Ends the call for everyone (its reason is already set): open commands fail (a recording goes on until the
 * node reports it), participants leave, timers stop, the session closes, the call's reservation is captured
 * for the started minutes and the rest released, and call.ended is recorded. Recordings still being written
 * are waited for (the actor is not done yet).
 */
export function finishCall(d: CallDraft, replyTo: CallActorEvent['type']): void {
  const c = d.ctx;
  c.status = 'ended';
  c.endedAt = d.at;
  closeWindow(d);
  for (const cmd of c.commands) if (!d.verbs.forAction(cmd.action)?.command?.outlivesCall) finishCommand(d, cmd, 'failed', 'call_ended');
  // A stream's server is told why it ends (stop.reason call_ended); the other legs end with the session.
  for (const p of c.participants) leave(d, p, 'call_ended', isStream(p));
  // The creation's stream took its slot when the call was created, also if it never opened.
  if (c.streamOnAnswer !== null) d.effects.push({ type: 'stream.releaseSlot', companyId: c.companyId, streamId: c.streamOnAnswer.participantId });
  d.cancelAllTimers();
  d.op({ op: 'closeSession', reason: c.endReason! });
  const billedUntil = c.paidUntil === null ? d.at : Math.min(d.at, c.paidUntil);
  const own = settle(c.charge, c.answeredAt, billedUntil);
  d.effects.push(...ledgerMoves(c.charge, own.priceOre));
  // The price is everything the call drew: its own charge, each participant's and stream's own (settled as
  // it left, above at the latest), and each recording commanded during the call, which runs from its command
  // to the call's end, also one the node has not acknowledged yet (it is being made); one the node refused
  // costs nothing.
  const items = [priceItem('call', c.callId, c.charge, own)];
  for (const p of c.participants) if (p.settled) items.push(p.settled);
  for (const cmd of c.commands) {
    if (!cmd.charge) continue;
    const until = Math.min(billedUntil, cmd.chargeUntil ?? billedUntil);
    const settled = cmd.state === 'failed' ? { countedMinutes: 0, priceOre: 0 } : settle(cmd.charge, cmd.issuedAt, until);
    items.push(priceItem(cmd.charge.service, cmd.id, cmd.charge, settled));
    d.effects.push(...ledgerMoves(cmd.charge, settled.priceOre));
  }
  const priceOre = items.reduce((sum, i) => sum + i.priceOre, 0);
  c.result = { durationSeconds: own.durationSeconds, countedMinutes: own.countedMinutes, priceOre, items };
  d.record('call.ended', {
    state: 'ended',
    reason: c.endReason,
    duration: c.result.durationSeconds,
    countedMinutes: c.result.countedMinutes,
    priceOre,
    priceItems: items,
    assignedTo: c.assignedTo,
  });
  // A live transcription whose command never took effect will not be reported by the node.
  for (const t of transcriptionsOf(c)) {
    const cmd = t.commandId === null ? undefined : d.command(t.commandId);
    if (t.mode === 'live' && t.state === 'running' && cmd?.state === 'failed') t.state = 'ended';
  }
  settleTranscript(d);
  const waitMs = Math.max(c.recordingsPending.length > 0 ? RECORDING_WAIT_MS : 0, transcriptionsSettled(c) ? 0 : transcriptionWaitMs(c));
  if (waitMs > 0) d.setTimer('recordings', c.callId, d.at + waitMs);
  if (replyTo === 'call.hangup' || replyTo === 'call.reject') d.reply(callBody(c));
}

// Requests that only read or label the call: they do not end an inbound caller's waiting tone.
const readTypes: ReadonlySet<string> = new Set(['call.get', 'call.update', 'stream.get', 'command.get', 'participant.token']);

/** Handles an API request while the call is live: reads and participant changes here, verbs through the registry. */
function onRequest(d: CallDraft, e: CallRequestEvent): void {
  const c = d.ctx;
  if (!readTypes.has(e.type)) endWaitingTone(d);
  switch (e.type) {
    case 'call.get':
      return d.reply(callBody(c));
    case 'call.update':
      c.metadata = e.metadata;
      return d.reply(callBody(c));
    case 'participant.add': {
      const existing = d.participant(e.participant.participantId);
      if (existing) return d.reply(participantBody(c, existing));
      if (isDialled(e.participant) && e.participant.to === undefined) return d.refuse('invalid_request', 'participant.to');
      if (!decideInbound(d, 'participants')) return;
      // On an inbound call not answered yet, adding a participant answers the caller (with the call's reservation).
      // A reservation that answered nothing (the caller was answered meanwhile) goes back.
      if (e.answerCharge && !(c.inbound && answerCaller(d, e.answerCharge, true)) && e.answerCharge.reservationId !== null) {
        d.effects.push({ type: 'ledger.release', reservationId: e.answerCharge.reservationId });
      }
      return d.reply(participantBody(c, launchParticipant(d, e.participant)), 201);
    }
    case 'participant.update': {
      const p = d.participant(e.participantId);
      if (!p || isStream(p)) return d.refuse('not_found', 'participantId');
      if (!isPresent(p)) return d.refuse('participant_left', 'participantId');
      const change = {
        ...(e.muted !== undefined ? { muted: e.muted } : {}),
        ...(e.held !== undefined ? { held: e.held } : {}),
        ...(e.audioMode !== undefined ? { audioMode: e.audioMode } : {}),
      };
      Object.assign(p, change);
      if (!p.virtual) d.op({ op: 'updateLeg', legId: p.id, ...change });
      d.record('call.participant.updated', updatedFields(p));
      return d.reply(participantBody(c, p));
    }
    case 'participant.remove': {
      const p = d.participant(e.participantId);
      if (!p) return d.refuse('not_found', 'participantId');
      const removed = isPresent(p);
      leave(d, p, 'removed', true);
      return d.reply({ object: 'participant', id: p.id, removed, state: p.state });
    }
    case 'call.link': {
      const existing = d.participant(e.participantId);
      if (existing) return d.reply(participantBody(c, existing));
      if (isMovedAway(d) || awaitingDecision(d)) return d.refuse('move_target_invalid', 'callId');
      return d.reply(participantBody(c, addMovedCaller(d, e)), 201);
    }
    case 'participant.token': {
      const p = d.participant(e.participantId);
      if (!p) return d.refuse('not_found', 'participantId');
      if (!isAppLike(p) && !isBotLike(p)) return d.refuse('participant_no_connection', 'participantId');
      if (!isPresent(p)) return d.refuse('participant_left', 'participantId');
      renewToken(d, p);
      return d.reply(participantBody(c, p));
    }
    case 'stream.get': {
      const p = d.participant(e.streamId);
      if (!p || !isStream(p)) return d.refuse('not_found', 'streamId');
      return d.reply(streamBody(c, p));
    }
    case 'command.get': {
      const cmd = d.command(e.commandId);
      return cmd ? d.reply(commandBody(c, cmd)) : d.refuse('not_found', 'commandId');
    }
    default:
      return d.verbs.forEvent(e)?.live(d, e);
  }
}

/** A media event naming a command goes to the command's verb. */
function onCommandMedia(d: CallDraft, e: Extract<CallMediaEvent, { commandId: string }>): void {
  const cmd = d.command(e.commandId);
  if (cmd) d.verbs.forAction(cmd.action)?.command?.onMedia?.(d, cmd, e);
}

/** The node's answer to an op: a refused session ends the call, a refused leg makes its participant leave, a command moves on. */
function onOpAnswer(d: CallDraft, e: Extract<CallMediaEvent, { type: 'media.op.result' }>): void {
  const c = d.ctx;
  if (e.opId === c.sessionOpId && !e.ok) c.endReason ??= 'failed';
  const p = c.participants.find((x) => x.legOpId === e.opId);
  if (p && !e.ok) leave(d, p, isStream(p) ? 'connect_failed' : 'failed', false);
  const cmd = c.commands.find((x) => x.opId === e.opId);
  if (cmd) onOpResult(d, cmd, e.ok, e.code);
  // An op a verb sent besides its command's own (a gather's listen) is the verb's to judge.
  const side = c.commands.find((x) => x.state === 'issued' && d.verbs.forAction(x.action)?.command?.ownsOp?.(x, e.opId) === true);
  if (side) d.verbs.forAction(side.action)?.command?.onMedia?.(d, side, e);
  if (!e.ok) onTranscriptionRefused(d, e.opId);
}

/** Handles a media node event, an op result or a timer while the call is live. */
function onMediaOrTimer(d: CallDraft, e: Exclude<CallActorEvent, CallRequestEvent | ActorMessageFailedEvent | RoutingChargedEvent | MediaLostEvent>): void {
  const c = d.ctx;
  switch (e.type) {
    case 'dtmf.received': {
      // A running command whose verb takes keys (a gather) gets them; otherwise they are call.dtmf.received.
      const taker = c.commands.find((x) => x.state === 'issued' && d.verbs.forAction(x.action)?.command?.onKey !== undefined);
      if (taker) return d.verbs.forAction(taker.action)!.command!.onKey!(d, taker, e.digit);
      return d.record('call.dtmf.received', { participantId: e.legId, digit: e.digit });
    }
    case 'media.op.result':
      return onOpAnswer(d, e);
    case 'amd.decided':
    case 'amd.greetingEnded':
      return onDetection(d, e);
    case 'transcription.segments':
      return onTranscriptionSegments(d, e);
    case 'transcription.ended':
      return onTranscriptionEnded(d, e);
    case 'timer.fired': {
      const t = d.takeTimer(e.timerId);
      if (t === undefined) return;
      if (t.kind === 'callPaid') c.endReason ??= 'paid_time_exhausted';
      else if (t.kind === 'decideBy') onDecideByTimer(d);
      else if (participantTimers.has(t.kind)) {
        const p = d.participant(t.subjectId);
        if (p) onParticipantTimer(d, p, t.kind);
      } else {
        const cmd = d.command(t.subjectId);
        if (cmd) onCommandTimer(d, cmd, t.kind);
      }
      return;
    }
    default: {
      // Every other event naming a command is its verb's; the rest are a leg's.
      if ('commandId' in e) return onCommandMedia(d, e);
      const p = d.participant(e.legId);
      return p ? onLegEvent(d, p, e) : undefined;
    }
  }
}

// API requests that are not verbs (reads and participant changes); the verbs come from the registry.
const requestTypes: ReadonlySet<string> = new Set<CallRequestEvent['type']>([
  'call.get', 'call.update', 'participant.add', 'participant.update', 'participant.remove', 'participant.token', 'stream.get', 'command.get', 'call.link',
]);

const mediaTypes: ReadonlySet<string> = new Set([...MEDIA_EVENT_TYPES, 'timer.fired']);

/** A media event of the protocol, or one a verb of its own names its command in (its verb alone reads it). */
function isMediaOrTimer(e: { type: string }): boolean {
  return mediaTypes.has(e.type) || typeof (e as { commandId?: unknown }).commandId === 'string';
}

/** Whether an event is an API request (it must be answered): a read, a participant change or a verb. */
export function isRequest(d: CallDraft, e: { type: string }): e is CallRequestEvent {
  return requestTypes.has(e.type) || d.verbs.forEvent(e) !== undefined;
}

/** Handles any event while the call is live (dialing, ringing, in progress); unknown event types are ignored. */
export function handleLive(d: CallDraft, e: CallActorEvent): void {
  if (e.type === 'actor.message.failed') {
    if (e.commandId !== undefined) rejectCommand(d, e.commandId, e.messageType, e.code);
    return;
  }
  // As a hang-up: the end's time is the event's (when the media was last known alive), so billing stops there.
  if (e.type === 'call.mediaLost') return void (d.ctx.endReason ??= e.reason);
  if (e.type === 'inbound.routingCharged') onRoutingCharged(d, e);
  else if (isRequest(d, e)) onRequest(d, e);
  else if (isMediaOrTimer(e)) {
    onMediaOrTimer(d, e as Exclude<CallActorEvent, CallRequestEvent | ActorMessageFailedEvent | RoutingChargedEvent | MediaLostEvent>);
    settleVoicemail(d);
  }
  followRouting(d);
  followMove(d);
}

/** Handles an event after the call ended: reads and metadata still work, late reports of recordings arrive, actions are refused. */
export function handleEnded(d: CallDraft, e: CallActorEvent): void {
  const c = d.ctx;
  switch (e.type) {
    case 'call.get':
      return d.reply(callBody(c));
    case 'call.update':
      c.metadata = e.metadata;
      return d.reply(callBody(c));
    case 'command.get':
    case 'stream.get':
      return onRequest(d, e);
    case 'participant.add':
      return refuseDecisionAfterEnd(d);
    case 'inbound.routingCharged':
      // The call ended while its routing's money was being reserved: it goes back.
      for (const charge of [e.charge, e.forwardCharge]) if (charge?.reservationId) d.effects.push({ type: 'ledger.release', reservationId: charge.reservationId });
      return;
    case 'media.op.result': {
      const cmd = c.commands.find((x) => x.opId === e.opId);
      if (cmd) onOpResult(d, cmd, e.ok, e.code);
      if (!e.ok) onTranscriptionRefused(d, e.opId);
      return;
    }
    case 'transcription.segments':
      return onTranscriptionSegments(d, e);
    case 'transcription.ended':
      return onTranscriptionEnded(d, e);
    case 'timer.fired':
      if (d.takeTimer(e.timerId)?.kind === 'recordings') giveUpRecordings(d);
      return;
    case 'call.mediaLost':
      // The node that would report the recordings is gone: nothing is waited for.
      if (c.recordingsPending.length > 0 || !transcriptionsSettled(c)) giveUpRecordings(d);
      return;
    default: {
      const verb = d.verbs.forEvent(e);
      if (verb?.ended) return verb.ended(d, e);
      if (isRequest(d, e)) return d.refuse('call_ended');
      // A late report naming a command (a recording made until the end) is its verb's.
      if (isMediaOrTimer(e) && 'commandId' in e) return onCommandMedia(d, e as Extract<CallMediaEvent, { commandId: string }>);
    }
  }
}

/** Recordings not reported by now are given up: their commands' outcome is unknown. */
function giveUpRecordings(d: CallDraft): void {
  for (const cmd of d.ctx.commands) if (cmd.state === 'issued') finishCommand(d, cmd, 'uncertain', 'media_unresponsive');
  d.ctx.recordingsPending = [];
  giveUpTranscriptions(d);
}
