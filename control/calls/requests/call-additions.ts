/**
 * Adding to a running call what costs money of its own: a participant (phone, app, staff, bot or AI agent), a stream, or a
 * recording. Each is priced for the call's paid minutes left (a bot at most 60, a stream at most its
 * maxMinutes), reserved under its own id, then handed to the actor; if the actor refuses, the reservation
 * (and a stream's slot) is given back at once.
 */
import type { Charge, ParticipantReply, ReplyBody } from '../../../protocol/calls/call-actor.js';
import type { Command } from '../../../protocol/calls/command.js';
import type { Participant, ParticipantSpec } from '../../../protocol/calls/participant.js';
import { kindOf } from '../../../protocol/calls/participant-kinds.js';
import type { Stream, StreamStartRequest } from '../../../protocol/calls/stream.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { newId } from '../../../shared/ids/ids.js';
import { idempotentId, type KeyPrincipal } from '../../accounts/principal.js';
import { release } from '../../billing/ledger.js';
import { priceListFor } from '../../billing/price-list.js';
import { checkLiveDial } from '../../numbers/phone-validity.js';
import { askActor, messageIdFor } from '../mailbox/call-mailbox.js';
import { DEFAULT_CALL_MAX_MINUTES, minutesLeft, reserveOnce, type ChargeRequest } from './call-pricing.js';
import { viewOf } from './call-reads.js';
import type { CallRow } from '../store/call-records.js';
import { callInboundPhase, type CallView } from '../store/call-views.js';
import type { CallsService } from './calls-service.js';
import { decisionAfterEnd } from '../context/inbound-window.js';
import { participantCharge, streamCharge } from './participant-kinds.js';
import { resolveStream } from './stream-launch.js';
import { releaseStreamSlot, takeStreamSlot } from '../store/stream-slots.js';

/**
 * The read model of a call still running, or call_ended. For an inbound decision (`decision`), an ended call
 * whose number's routing ran is call_already_routed.
 */
export async function liveView(calls: CallsService, call: CallRow, decision = false): Promise<CallView> {
  const view = await viewOf(calls, call.id);
  if (view.done || view.call.state === 'ended') throw await endedRefusal(calls, call.id, decision);
  return view;
}

/** What an action reaching an ended call is told: for an inbound decision, whether the number's routing had run. */
export async function endedRefusal(calls: CallsService, callId: string, decision: boolean): Promise<SentralError> {
  return new SentralError(decision ? decisionAfterEnd(await callInboundPhase(calls.services.sql, callId)) : 'call_ended');
}

/** A reservation for an addition, and whether this request made it (a retry may find the one made before). */
export interface Reserved {
  charge: Charge;
  made: boolean;
}

/** Reserves `request` for `minutes` under `reference` (once: a retry finds it). */
export async function reserveFor(calls: CallsService, call: CallRow, reference: string, request: ChargeRequest, minutes: number): Promise<Reserved> {
  const { sql, clock } = calls.services;
  return sql.begin((tx) => reserveOnce(tx, clock, { companyId: call.companyId, profileId: call.profileId, mode: call.mode, reference, minutes }, request));
}

/** Releases a reservation (nothing under a test key). */
export async function giveBack(calls: CallsService, charge: Charge): Promise<void> {
  if (charge.reservationId === null) return;
  const { sql, clock } = calls.services;
  await sql.begin((tx) => release(tx, clock, { reservationId: charge.reservationId! }));
}

/**
 * Hands a request carrying its reservation to the call's actor. The money goes back when the call refuses
 * it, or when the call had it already (a retry: a reservation made now is not the one the call holds). An
 * unanswered request keeps it: the call may still take it (then it spends that reservation), and a retry
 * with the same key finds it.
 */
async function handOver(
  calls: CallsService,
  callId: string,
  reserved: Reserved,
  message: { id: string; type: string; payload: Record<string, unknown> },
): Promise<{ status: number; body: ReplyBody }> {
  let answer: { status: number; body: ReplyBody };
  try {
    answer = await askActor(calls.actors, callId, message);
  } catch (err) {
    if (err instanceof SentralError && err.status < 500) await giveBack(calls, reserved.charge);
    throw err;
  }
  if (answer.status !== 201 && reserved.made) await giveBack(calls, reserved.charge);
  return answer;
}

/** Adds a participant; its id derives from the Idempotency-Key, so a retry returns the same participant. */
export async function addParticipant(
  calls: CallsService,
  caller: KeyPrincipal,
  call: CallRow,
  spec: ParticipantSpec,
  idempotencyKey: string | null,
): Promise<{ created: boolean; participant: Participant }> {
  const { sql, clock } = calls.services;
  const view = await liveView(calls, call, true);
  if (kindOf(spec.kind).leg === 'phone') {
    if (spec.to === undefined) throw new SentralError('invalid_request', { message: 'A phone participant needs to.', param: 'participant.to' });
    if (view.call.from === null) throw new SentralError('from_not_allowed', { message: 'This call has no from number to dial a telephone with.', param: 'participant.to' });
    checkLiveDial(caller.mode, [[spec.to, 'participant.to']]);
  }
  const participantId = idempotencyKey === null ? newId('part', clock) : idempotentId('part', caller, idempotencyKey);
  const prices = await priceListFor(sql, call.companyId);
  const request = participantCharge(prices, spec);
  // On an inbound call not answered yet, the participant answers the caller: the call's minutes are reserved
  // too (the call gives them back if it was answered meanwhile).
  const answering = view.call.direction === 'inbound' && view.call.answeredAt === null ? await reserveAnswer(calls, call, `${participantId}:answer`) : null;
  try {
    const reserved = await reserveFor(calls, call, participantId, request, minutesLeft(view, clock.now()));
    const answer = await handOver(calls, call.id, reserved, {
      id: messageIdFor(caller, idempotencyKey, 'participant.add'),
      type: 'participant.add',
      payload: { participant: { ...spec, participantId, charge: reserved.charge }, ...(answering ? { answerCharge: answering.charge } : {}) },
    });
    return { created: answer.status === 201, participant: await calls.signer.participant(answer.body as ParticipantReply) };
  } catch (err) {
    if (answering?.made && err instanceof SentralError && err.status < 500) await giveBack(calls, answering.charge);
    throw err;
  }
}

/**
 * Reserves an inbound call's own minutes at answer, with the outbound rules (as many whole minutes of
 * DEFAULT_CALL_MAX_MINUTES as the balance reaches) at the company's inbound minute price.
 */
export async function reserveAnswer(calls: CallsService, call: CallRow, reference: string): Promise<Reserved> {
  const prices = await priceListFor(calls.services.sql, call.companyId);
  return reserveFor(calls, call, reference, { service: 'inbound', rateOre: prices.inboundMinuteOre, maxMinutes: null }, DEFAULT_CALL_MAX_MINUTES);
}

/** Starts a stream of a running call; its id derives from the Idempotency-Key. */
export async function startStream(
  calls: CallsService,
  caller: KeyPrincipal,
  call: CallRow,
  body: StreamStartRequest,
  idempotencyKey: string | null,
): Promise<{ created: boolean; stream: Stream }> {
  const { sql, clock, hot } = calls.services;
  const view = await liveView(calls, call);
  const streamId = idempotencyKey === null ? newId('str', clock) : idempotentId('str', caller, idempotencyKey);
  const minutes = minutesLeft(view, clock.now());
  const launch = await resolveStream(
    sql,
    clock,
    caller,
    {
      profileId: call.profileId,
      from: view.call.from,
      to: view.call.to,
      primaryParticipantId: view.primaryId,
      callMinutes: minutes,
      participantIds: view.call.participants.filter((p) => p.state !== 'left').map((p) => p.id),
    },
    body,
    streamId,
  );
  const prices = await priceListFor(sql, call.companyId);
  await takeStreamSlot(hot, caller.companyId, streamId);
  try {
    const reserved = await reserveFor(calls, call, streamId, streamCharge(prices, launch.leg.maxMinutes), minutes);
    const answer = await handOver(calls, call.id, reserved, {
      id: messageIdFor(caller, idempotencyKey, 'stream.start'),
      type: 'stream.start',
      payload: { stream: { ...launch, charge: reserved.charge } },
    });
    return { created: answer.status === 201, stream: answer.body as Stream };
  } catch (err) {
    await releaseStreamSlot(hot, caller.companyId, streamId);
    throw err;
  }
}

/**
 * Starts recording a running call: a command (`recording.start`) with its own reservation at the recording
 * rate for the call's paid minutes left, captured when the call ends for the minutes from its start (nothing
 * if it failed) and counted in the call's price. Command and recording ids derive from the Idempotency-Key.
 */
export async function startRecording(
  calls: CallsService,
  caller: KeyPrincipal,
  call: CallRow,
  idempotencyKey: string | null,
): Promise<{ created: boolean; command: Command }> {
  const { sql, clock } = calls.services;
  const view = await liveView(calls, call);
  const commandId = idempotencyKey === null ? newId('cmd', clock) : idempotentId('cmd', caller, idempotencyKey);
  const recordingId = idempotencyKey === null ? newId('rec', clock) : idempotentId('rec', caller, idempotencyKey);
  const prices = await priceListFor(sql, call.companyId);
  const reserved = await reserveFor(calls, call, commandId, { service: 'recording', rateOre: prices.recordingMinuteOre, maxMinutes: null }, minutesLeft(view, clock.now()));
  const answer = await handOver(calls, call.id, reserved, {
    id: messageIdFor(caller, idempotencyKey, 'command.startRecording'),
    type: 'command.startRecording',
    payload: { commandId, recordingId, charge: reserved.charge },
  });
  return { created: answer.status === 201, command: answer.body as Command };
}

/**
 * Starts live transcription of a running call: a command (`transcription.start`) with its own reservation at
 * the transcription rate for the call's paid minutes left, captured when the call ends for the minutes from
 * its start to its stop (or the call's end). The command id derives from the Idempotency-Key.
 */
export async function startTranscription(
  calls: CallsService,
  caller: KeyPrincipal,
  call: CallRow,
  body: { participantIds?: string[]; language?: string },
  idempotencyKey: string | null,
): Promise<{ created: boolean; command: Command }> {
  const { sql, clock } = calls.services;
  const view = await liveView(calls, call);
  const commandId = idempotencyKey === null ? newId('cmd', clock) : idempotentId('cmd', caller, idempotencyKey);
  const prices = await priceListFor(sql, call.companyId);
  const reserved = await reserveFor(calls, call, commandId, { service: 'transcription', rateOre: prices.transcriptionMinuteOre, maxMinutes: null }, minutesLeft(view, clock.now()));
  const answer = await handOver(calls, call.id, reserved, {
    id: messageIdFor(caller, idempotencyKey, 'command.startTranscription'),
    type: 'command.startTranscription',
    payload: {
      commandId,
      ...(body.participantIds !== undefined ? { participantIds: body.participantIds } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
      charge: reserved.charge,
    },
  });
  return { created: answer.status === 201, command: answer.body as Command };
}
