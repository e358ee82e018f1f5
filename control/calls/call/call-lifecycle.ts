/**
 * The call's life from its launch to its end, as the call machine's entry actions run it (call-machine.ts):
 * the first context, the launch (session and participants), the answer (paid time, greeting, detection,
 * recording, stream, transcript) and the end (everyone leaves, money settled, call.ended recorded).
 */
import type { CallActorEvent, CallActorInput } from '../../../protocol/calls/call-actor.js';
import { amdRecord, startDetection } from '../speech/answering-machine.js';
import { ledgerMoves, paidMs, priceItem, settle, wouldCostOre } from '../context/billing-meter.js';
import type { CallContext } from '../context/call-context.js';
import type { CallDraft } from '../context/call-draft.js';
import { callBody } from '../context/reply-bodies.js';
import { finishCommand } from '../machines/command-machine.js';
import { closeWindow, launchInbound } from '../inbound/inbound-flow.js';
import { giveUpTranscriptions, settleTranscript, startRecordedTranscription, transcriptionWaitMs, transcriptionsOf } from '../speech/call-transcription.js';
import { transcriptionsSettled } from '../context/call-facts.js';
import { leave } from '../machines/participant-machine.js';
import { DEFAULT_RING_TIMEOUT_MS, launchParticipant, launchStream } from '../participants/participant-launch.js';
import { isStream } from '../context/participant-records.js';

/** After the call ends, it waits this long for recordings to be reported before the actor is done. */
export const RECORDING_WAIT_MS = 5 * 60_000;

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

/** The call is answered (or, without a dialled phone, open): paid time runs, the greeting, recording and stream start (the greeting and the recording through their verbs). */
export function answerCall(d: CallDraft): void {
  const c = d.ctx;
  c.status = 'in_progress';
  c.answeredAt = d.at;
  c.paidUntil = d.at + paidMs(c.charge);
  d.setTimer('callPaid', c.callId, c.paidUntil);
  const g = c.greeting;
  if (g !== null) {
    if (g.text !== undefined) d.issueOwn('say', { commandId: g.commandId, text: g.text, repeat: g.repeat, ...(g.voice ? { voice: g.voice } : {}) });
    else d.issueOwn('play', { commandId: g.commandId, clipId: g.clipId!, repeat: g.repeat });
  }
  startDetection(d);
  if (c.recordingOnAnswer !== null) d.issueOwn('recording.start', { commandId: c.recordingOnAnswer.commandId, recordingId: c.recordingOnAnswer.recordingId });
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
  // A session whose node is gone (lost, or a run before a restart) has nobody to close it: no op that cannot be answered.
  if (c.endReason !== 'media_lost' && c.endReason !== 'service_restarted') d.op({ op: 'closeSession', reason: c.endReason! });
  const billedUntil = c.paidUntil === null ? d.at : Math.min(d.at, c.paidUntil);
  const own = settle(c.charge, c.answeredAt, billedUntil);
  d.effects.push(...ledgerMoves(c.charge, own.priceOre));
  // The price is everything the call drew: its own charge, each participant's and stream's own (settled as
  // it left, above at the latest), and each recording commanded during the call, which runs from its command
  // to the call's end, also one the node has not acknowledged yet (it is being made); one the node refused
  // costs nothing. An item lists minutes used: one with none (a call never answered, a participant who never
  // joined, a refused recording) is left out, as it drew nothing and test mode would have drawn nothing.
  const all = [priceItem('call', c.callId, c.charge, own)];
  for (const p of c.participants) if (p.settled) all.push(p.settled);
  for (const cmd of c.commands) {
    if (!cmd.charge) continue;
    const until = Math.min(billedUntil, cmd.chargeUntil ?? billedUntil);
    const settled = cmd.state === 'failed' ? { countedMinutes: 0, priceOre: 0 } : settle(cmd.charge, cmd.issuedAt, until);
    all.push(priceItem(cmd.charge.service, cmd.id, cmd.charge, settled));
    d.effects.push(...ledgerMoves(cmd.charge, settled.priceOre));
  }
  const items = all.filter((i) => i.minutes > 0);
  const priceOre = items.reduce((sum, i) => sum + i.priceOre, 0);
  c.result = { durationSeconds: own.durationSeconds, countedMinutes: own.countedMinutes, priceOre, items };
  d.record('call.ended', {
    state: 'ended',
    reason: c.endReason,
    duration: c.result.durationSeconds,
    countedMinutes: c.result.countedMinutes,
    priceOre,
    wouldCostOre: wouldCostOre(c.mode, items),
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

/** Recordings not reported by now are given up: their commands' outcome is unknown. */
export function giveUpRecordings(d: CallDraft): void {
  for (const cmd of d.ctx.commands) if (cmd.state === 'issued') finishCommand(d, cmd, 'uncertain', 'media_unresponsive');
  d.ctx.recordingsPending = [];
  giveUpTranscriptions(d);
}
