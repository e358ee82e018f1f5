import type { ActorMessageFailedEvent, CallActorEvent, CallActorInput, CallMediaEvent, CallRequestEvent, Charge } from '../../../protocol/calls/call-actor.js';
import { ledgerMoves, paidMs, settle } from './billing-meter.js';
import type { CallContext, CommandRecord } from './call-context.js';
import type { CallDraft } from './call-draft.js';
import { callBody, commandBody, participantBody, streamBody } from './call-view.js';
import {
  CLIP_RESULT_WINDOW_MS,
  finishCommand,
  issueCommand,
  onCommandTimer,
  onGatherKey,
  onOpResult,
  onPlaybackEnded,
  rejectCommand,
  sayWindowMs,
  startListening,
  stopGather,
} from './command-machine.js';
import { DEFAULT_GATHER_TIMEOUT_SECONDS } from './gather.js';
import {
  DEFAULT_RING_TIMEOUT_MS,
  appTokenWindow,
  isPresent,
  launchParticipant,
  launchStream,
  leave,
  onLegEvent,
  onParticipantTimer,
  updatedFields,
} from './participant-machine.js';

/** After the call ends, it waits this long for recordings to be reported before the actor is done. */
export const RECORDING_WAIT_MS = 5 * 60_000;

const participantTimers = new Set(['ring', 'join', 'grace', 'token', 'participantPaid', 'testLimit', 'streamMax']);
const commandTimers = new Set(['commandAck', 'commandResult', 'gather']);

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
    recordingOnAnswer: input.recording,
    streamOnAnswer: input.stream,
    participants: [],
    commands: [],
    recordingsPending: [],
    timers: {},
    sessionOpId: null,
    seq: 0,
  };
}

/** Opens the media session and adds the dialled phone and the requested participants. */
export function launchCall(d: CallDraft, input: CallActorInput): void {
  const c = d.ctx;
  c.sessionOpId = d.op({ op: 'openSession' });
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
    const op = g.text !== undefined
      ? { op: 'say' as const, commandId: g.commandId, text: g.text, repeat: g.repeat, ...(g.voice ? { voice: g.voice } : {}) }
      : { op: 'play' as const, commandId: g.commandId, clipId: g.clipId!, repeat: g.repeat };
    issueCommand(d, {
      id: g.commandId,
      action: op.op,
      op,
      playback: true,
      resultWindowMs: g.text !== undefined ? sayWindowMs(g.text, g.repeat) : CLIP_RESULT_WINDOW_MS * g.repeat,
    });
  }
  if (c.recordingOnAnswer !== null) startRecording(d, c.recordingOnAnswer.commandId, c.recordingOnAnswer.recordingId);
  if (c.streamOnAnswer !== null) launchStream(d, c.streamOnAnswer);
}

/**
 * Ends the call for everyone (its reason is already set): open commands fail, participants leave, timers
 * stop, the session closes, the call's reservation is captured for the started minutes and the rest released,
 * and call.ended is recorded. Recordings still being written are waited for (the actor is not done yet).
 */
export function finishCall(d: CallDraft, replyTo: CallActorEvent['type']): void {
  const c = d.ctx;
  c.status = 'ended';
  c.endedAt = d.at;
  for (const cmd of c.commands) finishCommand(d, cmd, 'failed', 'call_ended');
  for (const p of c.participants) leave(d, p, 'call_ended', false);
  d.cancelAllTimers();
  d.op({ op: 'closeSession', reason: c.endReason! });
  const billedUntil = c.paidUntil === null ? d.at : Math.min(d.at, c.paidUntil);
  c.result = settle(c.charge, c.answeredAt, billedUntil);
  d.effects.push(...ledgerMoves(c.charge, c.result.priceOre));
  // Recordings started during the call run from their start to the call's end and are part of its price;
  // one that failed costs nothing.
  for (const cmd of c.commands) {
    if (!cmd.charge) continue;
    const priceOre = cmd.state === 'failed' ? 0 : settle(cmd.charge, cmd.issuedAt, billedUntil).priceOre;
    c.result.priceOre += priceOre;
    d.effects.push(...ledgerMoves(cmd.charge, priceOre));
  }
  d.record('call.ended', {
    state: 'ended',
    reason: c.endReason,
    duration: c.result.durationSeconds,
    countedMinutes: c.result.countedMinutes,
    priceOre: c.result.priceOre,
    assignedTo: c.assignedTo,
  });
  if (c.recordingsPending.length > 0) d.setTimer('recordings', c.callId, d.at + RECORDING_WAIT_MS);
  if (replyTo === 'call.hangup') d.reply(callBody(c));
}

function startRecording(d: CallDraft, commandId: string, recordingId: string, charge: Charge | null = null): CommandRecord {
  d.ctx.recordingsPending.push({ recordingId, commandId });
  return issueCommand(d, {
    id: commandId,
    action: 'recording.start',
    op: { op: 'startRecording', commandId, recordingId },
    playback: false,
    resultWindowMs: 0,
    recordingId,
    charge,
  });
}

function runningGather(d: CallDraft): CommandRecord | undefined {
  return d.ctx.commands.find((c) => c.gather !== null && c.state === 'issued');
}

/** Handles an API request while the call is live. */
function onRequest(d: CallDraft, e: CallRequestEvent): void {
  const c = d.ctx;
  switch (e.type) {
    case 'call.get':
      return d.reply(callBody(c));
    case 'call.update':
      c.metadata = e.metadata;
      return d.reply(callBody(c));
    case 'call.hangup':
      c.endReason ??= 'hangup_api';
      return;
    case 'participant.add': {
      const existing = d.participant(e.participant.participantId);
      if (existing) return d.reply(participantBody(c, existing));
      if (e.participant.kind === 'phone' && e.participant.to === undefined) return d.refuse('invalid_request', 'participant.to');
      return d.reply(participantBody(c, launchParticipant(d, e.participant)), 201);
    }
    case 'participant.update': {
      const p = d.participant(e.participantId);
      if (!p || p.kind === 'stream') return d.refuse('not_found', 'participantId');
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
    case 'participant.token': {
      const p = d.participant(e.participantId);
      if (!p) return d.refuse('not_found', 'participantId');
      if (p.kind !== 'app' && p.kind !== 'bot') return d.refuse('participant_no_connection', 'participantId');
      if (!isPresent(p)) return d.refuse('participant_left', 'participantId');
      // A bot's token never outlives its paid time plus 5 minutes: a new one keeps the old expiry.
      if (p.kind === 'app') p.token = appTokenWindow(d);
      else if (p.token !== null) p.token = { notBefore: d.at, expiresAt: p.token.expiresAt };
      return d.reply(participantBody(c, p));
    }
    case 'stream.start': {
      const existing = d.participant(e.stream.participantId);
      if (existing?.kind === 'stream') return d.reply(streamBody(c, existing));
      if (c.status !== 'in_progress') return d.refuse('call_not_answered');
      if (c.participants.some((p) => p.kind === 'stream' && isPresent(p))) return d.refuse('stream_limit_reached');
      return d.reply(streamBody(c, launchStream(d, e.stream)), 201);
    }
    case 'stream.get':
    case 'stream.stop': {
      const p = d.participant(e.streamId);
      if (!p || p.kind !== 'stream') return d.refuse('not_found', 'streamId');
      if (e.type === 'stream.stop') leave(d, p, 'stopped', true);
      return d.reply(streamBody(c, p));
    }
    case 'command.get': {
      const cmd = d.command(e.commandId);
      return cmd ? d.reply(commandBody(c, cmd)) : d.refuse('not_found', 'commandId');
    }
    default:
      return onCommandRequest(d, e);
  }
}

type CommandRequest = Extract<CallRequestEvent, { type: 'command.say' | 'command.play' | 'command.gather' | 'command.stopMedia' | 'command.startRecording' }>;

/** Say, play, gather, media/stop and recording/start: each answers with its command at once. */
function onCommandRequest(d: CallDraft, e: CommandRequest): void {
  const c = d.ctx;
  const existing = d.command(e.commandId);
  if (existing) return d.reply(commandBody(c, existing));
  if (c.status !== 'in_progress') return d.refuse('call_not_answered');
  const to = 'participantId' in e && e.participantId !== undefined ? { to: e.participantId } : {};
  if ('participantId' in e && e.participantId !== undefined && !d.participant(e.participantId)) return d.refuse('not_found', 'participantId');
  let cmd: CommandRecord;
  switch (e.type) {
    case 'command.say': {
      const repeat = e.repeat ?? 1;
      cmd = issueCommand(d, {
        id: e.commandId,
        action: 'say',
        op: { op: 'say', commandId: e.commandId, text: e.text, repeat, ...(e.voice ? { voice: e.voice } : {}), ...to },
        playback: true,
        resultWindowMs: sayWindowMs(e.text, repeat),
      });
      break;
    }
    case 'command.play': {
      const repeat = e.repeat ?? 1;
      cmd = issueCommand(d, {
        id: e.commandId,
        action: 'play',
        op: { op: 'play', commandId: e.commandId, clipId: e.clipId, repeat, ...to },
        playback: true,
        resultWindowMs: CLIP_RESULT_WINDOW_MS * repeat,
      });
      break;
    }
    case 'command.gather': {
      if (runningGather(d)) return d.refuse('gather_in_progress');
      const prompt =
        e.text !== undefined
          ? { op: 'say' as const, commandId: e.commandId, text: e.text, ...(e.voice ? { voice: e.voice } : {}) }
          : e.clipId !== undefined
            ? { op: 'play' as const, commandId: e.commandId, clipId: e.clipId }
            : null;
      cmd = issueCommand(d, {
        id: e.commandId,
        action: 'gather',
        op: prompt,
        playback: prompt !== null,
        resultWindowMs: e.text !== undefined ? sayWindowMs(e.text, 1) : CLIP_RESULT_WINDOW_MS,
        gather: {
          prompting: prompt !== null,
          numDigits: e.numDigits ?? null,
          finishOnKey: e.finishOnKey ?? '#',
          timeoutMs: (e.timeoutSeconds ?? DEFAULT_GATHER_TIMEOUT_SECONDS) * 1000,
          choices: e.choices ?? [],
          digits: '',
          result: null,
        },
      });
      if (prompt === null) startListening(d, cmd);
      break;
    }
    case 'command.stopMedia': {
      const gather = runningGather(d);
      if (gather) stopGather(d, gather);
      cmd = issueCommand(d, { id: e.commandId, action: 'media.stop', op: { op: 'stopMedia' }, playback: false, resultWindowMs: 0 });
      break;
    }
    case 'command.startRecording':
      cmd = startRecording(d, e.commandId, e.recordingId, e.charge ?? null);
      break;
  }
  d.reply(commandBody(c, cmd), 201);
}

function onRecordingReport(d: CallDraft, e: Extract<CallMediaEvent, { type: 'recording.ready' | 'recording.failed' }>): void {
  const c = d.ctx;
  const pending = c.recordingsPending.findIndex((r) => r.recordingId === e.recordingId);
  if (pending < 0) return;
  c.recordingsPending.splice(pending, 1);
  const cmd = d.command(e.commandId);
  if (e.type === 'recording.ready') {
    d.record('call.recording.ready', { recordingId: e.recordingId, commandId: e.commandId, durationMs: e.durationMs });
    if (cmd) onOpResult(d, cmd, true, undefined);
  } else if (cmd) {
    onOpResult(d, cmd, false, e.reason);
  }
}

/** Handles a media node event, an op result or a timer while the call is live. */
function onMediaOrTimer(d: CallDraft, e: Exclude<CallActorEvent, CallRequestEvent | ActorMessageFailedEvent>): void {
  const c = d.ctx;
  switch (e.type) {
    case 'dtmf.received': {
      const gather = runningGather(d);
      if (gather) return onGatherKey(d, gather, e.digit);
      return d.record('call.dtmf.received', { participantId: e.legId, digit: e.digit });
    }
    case 'playback.ended': {
      const cmd = d.command(e.commandId);
      return cmd ? onPlaybackEnded(d, cmd, e.outcome, e.reason) : undefined;
    }
    case 'recording.ready':
    case 'recording.failed':
      return onRecordingReport(d, e);
    case 'media.op.result': {
      if (e.opId === c.sessionOpId && !e.ok) c.endReason ??= 'failed';
      const p = c.participants.find((x) => x.legOpId === e.opId);
      if (p && !e.ok) leave(d, p, p.kind === 'stream' ? 'connect_failed' : 'failed', false);
      const cmd = c.commands.find((x) => x.opId === e.opId);
      return cmd ? onOpResult(d, cmd, e.ok, e.code) : undefined;
    }
    case 'timer.fired': {
      const t = d.takeTimer(e.timerId);
      if (t === undefined) return;
      if (t.kind === 'callPaid') c.endReason ??= 'paid_time_exhausted';
      else if (participantTimers.has(t.kind)) {
        const p = d.participant(t.subjectId);
        if (p) onParticipantTimer(d, p, t.kind);
      } else if (commandTimers.has(t.kind)) {
        const cmd = d.command(t.subjectId);
        if (cmd) onCommandTimer(d, cmd, t.kind);
      }
      return;
    }
    default: {
      const p = d.participant(e.legId);
      return p ? onLegEvent(d, p, e) : undefined;
    }
  }
}

const requestTypes: ReadonlySet<string> = new Set<CallRequestEvent['type']>([
  'call.get', 'call.update', 'call.hangup', 'participant.add', 'participant.update', 'participant.remove', 'participant.token',
  'stream.start', 'stream.get', 'stream.stop', 'command.say', 'command.play', 'command.gather', 'command.stopMedia',
  'command.startRecording', 'command.get',
]);

const mediaTypes: ReadonlySet<string> = new Set([
  'leg.ringing', 'leg.answered', 'leg.busy', 'leg.noAnswer', 'leg.failed', 'leg.hungUp', 'dtmf.received', 'playback.ended',
  'recording.ready', 'recording.failed', 'participant.connected', 'participant.disconnected', 'stream.status',
  'media.op.result', 'timer.fired',
]);

/** Whether an event is an API request (it must be answered). */
export function isRequest(e: { type: string }): e is CallRequestEvent {
  return requestTypes.has(e.type);
}

/** Handles any event while the call is live (dialing, ringing, in progress); unknown event types are ignored. */
export function handleLive(d: CallDraft, e: CallActorEvent): void {
  if (e.type === 'actor.message.failed') {
    if (e.commandId !== undefined) rejectCommand(d, e.commandId, e.messageType, e.code);
    return;
  }
  if (isRequest(e)) return onRequest(d, e);
  if (mediaTypes.has(e.type)) onMediaOrTimer(d, e as Exclude<CallActorEvent, CallRequestEvent | ActorMessageFailedEvent>);
}

/** Handles an event after the call ended: reads and metadata still work, late reports of recordings arrive, actions are refused. */
export function handleEnded(d: CallDraft, e: CallActorEvent): void {
  const c = d.ctx;
  switch (e.type) {
    case 'call.get':
    case 'call.hangup':
      return d.reply(callBody(c));
    case 'call.update':
      c.metadata = e.metadata;
      return d.reply(callBody(c));
    case 'command.get':
    case 'stream.get':
      return onRequest(d, e);
    case 'recording.ready':
    case 'recording.failed':
      return onRecordingReport(d, e);
    case 'timer.fired':
      if (d.takeTimer(e.timerId)?.kind === 'recordings') c.recordingsPending = [];
      return;
    default:
      if (isRequest(e)) d.refuse('call_ended');
  }
}
