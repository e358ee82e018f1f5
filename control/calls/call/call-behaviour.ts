/**
 * What the call does, given to its chart (control/calls/machines/call-machine.ts, which imports none of it):
 * the first context and the handler of each action the chart names: its lifecycle (call-lifecycle.ts), the
 * follow-ups, and what it does with each event it takes (API reads and participant changes, a verb's request,
 * the media node's events, durable timers and the host's word on a failed message, while the call is live and
 * after it ended). Each handler changes the draft and emits effects; none decides the call's state, which
 * follows from the facts they record (context/call-facts.ts).
 */
import type { ActorMessageFailedEvent, CallActorEvent, CallMediaEvent, CallRequestEvent, MediaLostEvent, RoutingChargedEvent, TimerFiredEvent } from '../../../protocol/calls/call-actor.js';
import type { CallDraft } from '../context/call-draft.js';
import { callBody, commandBody, participantBody, streamBody } from '../context/reply-bodies.js';
import { onCommandTimer, onOpResult, rejectCommand } from '../machines/command-machine.js';
import { onTranscriptionEnded, onTranscriptionRefused, onTranscriptionSegments } from '../speech/call-transcription.js';
import { transcriptionsSettled } from '../context/call-facts.js';
import { leave, onLegEvent, onParticipantTimer } from '../machines/participant-machine.js';
import { launchParticipant, renewToken } from '../participants/participant-launch.js';
import { isAppLike, isBotLike, isDialled, isPresent, isStream, updatedFields } from '../context/participant-records.js';
import type { CallBehaviour, InitEvent } from '../machines/call-machine.js';
import { followHandovers, offerDeadline } from '../handovers/handover.js';
import { addMovedCaller, endAsMovedCallEnded, isMovedAway } from '../handovers/call-move.js';
import { answerCaller, answerRoutedCaller, awaitingDecision, decideInbound, endAsRoutingEnded, endAsTargetsGone, endWaitingTone, onDecideByTimer, onRoutingCharged, refuseDecisionAfterEnd } from '../inbound/inbound-flow.js';
import { endAsVoicemailLeft, onDetection } from '../speech/answering-machine.js';
import { answerCall, finishCall, giveUpRecordings, initialContext, launchCall } from './call-lifecycle.js';

/** One of the call's events, by its type. */
export type CallEventOf<T extends CallActorEvent['type']> = Extract<CallActorEvent, { type: T }>;
/** A media event that names a command: a verb's (the protocol's, or a verb's own type). */
export type CommandMediaEvent = Extract<CallMediaEvent, { commandId: string }>;

const participantTimers = new Set(['ring', 'join', 'grace', 'token', 'participantPaid', 'testLimit', 'streamMax']);

/** Requests that only read or label the call: they do not end an inbound caller's waiting tone. */
const readTypes: ReadonlySet<string> = new Set(['call.get', 'call.update', 'stream.get', 'command.get', 'participant.token']);

/** Any other request ends an inbound caller's waiting tone (a decision's hold) before it is decided. */
function acting(d: CallDraft, e: { type: string }): void {
  if (!readTypes.has(e.type) && d.ctx.inbound?.waitingTone) endWaitingTone(d);
}

/** call.get: the call as it stands. */
export function replyCall(d: CallDraft): void {
  d.reply(callBody(d.ctx));
}

/** call.update: new metadata, answered with the call. */
export function updateMetadata(d: CallDraft, e: CallEventOf<'call.update'>): void {
  d.ctx.metadata = e.metadata;
  d.reply(callBody(d.ctx));
}

/** stream.get: one stream. */
export function replyStream(d: CallDraft, e: CallEventOf<'stream.get'>): void {
  const p = d.participant(e.streamId);
  if (!p || !isStream(p)) return d.refuse('not_found', 'streamId');
  d.reply(streamBody(d.ctx, p));
}

/** command.get: one command. */
export function replyCommand(d: CallDraft, e: CallEventOf<'command.get'>): void {
  const cmd = d.command(e.commandId);
  if (cmd) d.reply(commandBody(d.ctx, cmd));
  else d.refuse('not_found', 'commandId');
}

/** participant.add: a retry finds the participant; on an inbound call not answered yet, adding one answers the caller. */
export function addParticipant(d: CallDraft, e: CallEventOf<'participant.add'>): void {
  const c = d.ctx;
  acting(d, e);
  const existing = d.participant(e.participant.participantId);
  if (existing) return d.reply(participantBody(c, existing));
  if (isDialled(e.participant) && e.participant.to === undefined) return d.refuse('invalid_request', 'participant.to');
  if (!decideInbound(d, 'participants')) return;
  // The call's reservation answers the caller; one that answered nothing (the caller was answered meanwhile) goes back.
  if (e.answerCharge && !(c.inbound && answerCaller(d, e.answerCharge, true)) && e.answerCharge.reservationId !== null) {
    d.effects.push({ type: 'ledger.release', reservationId: e.answerCharge.reservationId });
  }
  d.reply(participantBody(c, launchParticipant(d, e.participant)), 201);
}

/** participant.update: mute, hold or the audio mode of a present participant. */
export function updateParticipant(d: CallDraft, e: CallEventOf<'participant.update'>): void {
  acting(d, e);
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
  d.reply(participantBody(d.ctx, p));
}

/** participant.remove: the participant leaves (removed); a second removal says it was already gone. */
export function removeParticipant(d: CallDraft, e: CallEventOf<'participant.remove'>): void {
  acting(d, e);
  const p = d.participant(e.participantId);
  if (!p) return d.refuse('not_found', 'participantId');
  const removed = isPresent(p);
  leave(d, p, 'removed', true);
  d.reply({ object: 'participant', id: p.id, removed, state: p.state });
}

/** participant.token: a new room token for a present participant that connects to the room. */
export function renewParticipantToken(d: CallDraft, e: CallEventOf<'participant.token'>): void {
  const p = d.participant(e.participantId);
  if (!p) return d.refuse('not_found', 'participantId');
  if (!isAppLike(p) && !isBotLike(p)) return d.refuse('participant_no_connection', 'participantId');
  if (!isPresent(p)) return d.refuse('participant_left', 'participantId');
  renewToken(d, p);
  d.reply(participantBody(d.ctx, p));
}

/** call.link: this call is a move's target: the moved caller joins as a participant of kind call. */
export function linkMovedCaller(d: CallDraft, e: CallEventOf<'call.link'>): void {
  acting(d, e);
  const existing = d.participant(e.participantId);
  if (existing) return d.reply(participantBody(d.ctx, existing));
  if (isMovedAway(d) || awaitingDecision(d)) return d.refuse('move_target_invalid', 'callId');
  d.reply(participantBody(d.ctx, addMovedCaller(d, e)), 201);
}

/** A verb's request while the call is live: its module decides (control/calls/verbs/). */
export function decideVerb(d: CallDraft, e: CallRequestEvent): void {
  acting(d, e);
  d.verbs.forEvent(e)?.live(d, e);
}

/** A key: a running command whose verb takes keys (a gather) gets it; otherwise it is call.dtmf.received. */
export function takeKey(d: CallDraft, e: CallEventOf<'dtmf.received'>): void {
  const taker = d.ctx.commands.find((x) => x.state === 'issued' && d.verbs.forAction(x.action)?.command?.onKey !== undefined);
  if (taker) return d.verbs.forAction(taker.action)!.command!.onKey!(d, taker, e.digit);
  d.record('call.dtmf.received', { participantId: e.legId, digit: e.digit });
}

/** The node's answer to an op: a refused session ends the call, a refused leg makes its participant leave, a command moves on. */
export function takeOpResult(d: CallDraft, e: CallEventOf<'media.op.result'>): void {
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

/** An answering-machine detection's result or the greeting's end. */
export function takeDetection(d: CallDraft, e: CallEventOf<'amd.decided' | 'amd.greetingEnded'>): void {
  onDetection(d, e);
}

/** Utterances a transcription recognised. */
export function takeSegments(d: CallDraft, e: CallEventOf<'transcription.segments'>): void {
  onTranscriptionSegments(d, e);
}

/** A transcription finished. */
export function endTranscription(d: CallDraft, e: CallEventOf<'transcription.ended'>): void {
  onTranscriptionEnded(d, e);
}

/** A media event naming a command (also a type of the verb's own, in no list of the core): the verb that issued it decides. */
export function takeCommandEvent(d: CallDraft, e: CommandMediaEvent): void {
  const cmd = d.command(e.commandId);
  if (cmd) d.verbs.forAction(cmd.action)?.command?.onMedia?.(d, cmd, e);
}

/** A media event of a leg: its participant's chart takes it. */
export function takeLegEvent(d: CallDraft, e: Extract<CallMediaEvent, { legId: string }>): void {
  const p = d.participant(e.legId);
  if (p) onLegEvent(d, p, e);
}

/** A durable timer fired while the call is live: the call's paid time, the inbound decision's deadline, a participant's or a command's. */
export function fireTimer(d: CallDraft, e: TimerFiredEvent): void {
  const t = d.takeTimer(e.timerId);
  if (t === undefined) return;
  if (t.kind === 'callPaid') d.ctx.endReason ??= 'paid_time_exhausted';
  else if (t.kind === 'decideBy') onDecideByTimer(d);
  else if (t.kind === 'offer') offerDeadline(d);
  else if (participantTimers.has(t.kind)) {
    const p = d.participant(t.subjectId);
    if (p) onParticipantTimer(d, p, t.kind);
  } else {
    const cmd = d.command(t.subjectId);
    if (cmd) onCommandTimer(d, cmd, t.kind);
  }
}

/** The host's word that a command's request failed for good: the command exists as failed. */
export function failCommandRequest(d: CallDraft, e: ActorMessageFailedEvent): void {
  if (e.commandId !== undefined) rejectCommand(d, e.commandId, e.messageType, e.code);
}

/** The call's media is gone: as a hang-up at the event's time (when the media was last known alive), so billing stops there. */
export function loseMedia(d: CallDraft, e: MediaLostEvent): void {
  d.ctx.endReason ??= e.reason;
}

/** The reservation of an inbound call's routing arrived. */
export function takeRoutingCharge(d: CallDraft, e: RoutingChargedEvent): void {
  onRoutingCharged(d, e);
}

/** A verb's request after the call ended: its module's `ended`, or call_ended. */
export function decideVerbAfterEnd(d: CallDraft, e: CallRequestEvent): void {
  const verb = d.verbs.forEvent(e);
  if (verb?.ended) verb.ended(d, e);
  else d.refuse('call_ended');
}

/** A participant change after the call ended. */
export function refuseEnded(d: CallDraft): void {
  d.refuse('call_ended');
}

/** participant.add after the call ended: a decision of an inbound call is answered as such. */
export function refuseDecisionEnded(d: CallDraft): void {
  refuseDecisionAfterEnd(d);
}

/** The routing's money arrived after the call ended: it goes back. */
export function releaseRoutingCharge(d: CallDraft, e: RoutingChargedEvent): void {
  for (const charge of [e.charge, e.forwardCharge]) if (charge?.reservationId) d.effects.push({ type: 'ledger.release', reservationId: charge.reservationId });
}

/** An op's answer after the call ended: only commands and transcriptions still wait for one. */
export function takeLateOpResult(d: CallDraft, e: CallEventOf<'media.op.result'>): void {
  const cmd = d.ctx.commands.find((x) => x.opId === e.opId);
  if (cmd) onOpResult(d, cmd, e.ok, e.code);
  if (!e.ok) onTranscriptionRefused(d, e.opId);
}

/** A timer after the call ended: only the wait for recordings matters. */
export function fireEndedTimer(d: CallDraft, e: TimerFiredEvent): void {
  if (d.takeTimer(e.timerId)?.kind === 'recordings') giveUpRecordings(d);
}

/** The media is gone after the call ended: the node that would report the recordings is gone, so nothing is waited for. */
export function loseMediaAfterEnd(d: CallDraft): void {
  if (d.ctx.recordingsPending.length > 0 || !transcriptionsSettled(d.ctx)) giveUpRecordings(d);
}

/** The call's behaviour, handed with the verbs to `createCallMachine` (control/calls/host/machine-registry.ts). */
export const callBehaviour: CallBehaviour = {
  initialContext,
  handlers: {
    launch: (d, e: InitEvent) => launchCall(d, e.input),
    answer: answerCall,
    finish: (d, e: CallActorEvent) => finishCall(d, e.type),
    endAsVoicemailLeft,
    endAsMovedCallEnded,
    endAsRoutingEnded,
    endAsTargetsGone,
    answerRoutedCaller,
    followHandovers,

    replyCall,
    updateMetadata,
    addParticipant,
    updateParticipant,
    removeParticipant,
    renewParticipantToken,
    linkMovedCaller,
    replyStream,
    replyCommand,
    decideVerb,
    takeRoutingCharge,
    takeKey,
    takeOpResult,
    takeDetection,
    takeSegments,
    endTranscription,
    takeCommandEvent,
    takeLegEvent,
    fireTimer,
    loseMedia,
    failCommandRequest,

    readCallAfterEnd: replyCall,
    updateMetadataAfterEnd: updateMetadata,
    replyStreamAfterEnd: replyStream,
    replyCommandAfterEnd: replyCommand,
    refuseDecisionAfterEnd: refuseDecisionEnded,
    refuseAfterEnd: refuseEnded,
    decideVerbAfterEnd,
    releaseRoutingCharge,
    takeLateOpResult,
    takeLateSegments: takeSegments,
    endTranscriptionAfterEnd: endTranscription,
    takeLateCommandEvent: takeCommandEvent,
    fireEndedTimer,
    loseMediaAfterEnd,
  },
};
