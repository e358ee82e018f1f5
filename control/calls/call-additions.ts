/**
 * Adding to a running call what costs money of its own: a participant (phone, app or bot) or a stream.
 * Each is priced for the call's paid minutes left (a bot at most 60, a stream at most its maxMinutes),
 * reserved under its own id, then handed to the actor; if the actor refuses, the reservation (and a
 * stream's slot) is given back at once.
 */
import type { Charge, ParticipantReply } from '../../protocol/calls/call-actor.js';
import type { Participant, ParticipantSpec } from '../../protocol/calls/participant.js';
import type { Stream, StreamStartRequest } from '../../protocol/calls/stream.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { newId } from '../../shared/ids/ids.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import { release } from '../billing/ledger.js';
import { priceListFor } from '../billing/price-list.js';
import { askActor, messageIdFor } from './actor-requests.js';
import { BOT_MAX_MINUTES } from './call-launcher.js';
import { minutesLeft, reserveOnce, type ChargeRequest } from './call-pricing.js';
import { committedContext, type CallRow } from './call-records.js';
import type { CallsService } from './calls-service.js';
import { derivedId } from './derived-id.js';
import type { CallContext } from './machines/call-context.js';
import { resolveStream } from './stream-launch.js';
import { releaseStreamSlot, takeStreamSlot } from './stream-slots.js';

async function liveContext(calls: CallsService, call: CallRow): Promise<CallContext> {
  const committed = await committedContext(calls.services.sql, call.id);
  if (committed === null) throw new SentralError('actor_unavailable', { message: 'The call is still being started; retry shortly.', retryAfterSeconds: 1 });
  if (committed.done || committed.context.status === 'ended') throw new SentralError('call_ended');
  return committed.context;
}

async function reserveFor(calls: CallsService, call: CallRow, reference: string, request: ChargeRequest, minutes: number): Promise<Charge> {
  const { sql, clock } = calls.services;
  return sql.begin((tx) => reserveOnce(tx, clock, { companyId: call.companyId, profileId: call.profileId, mode: call.mode, reference, minutes }, request));
}

async function giveBack(calls: CallsService, charge: Charge): Promise<void> {
  if (charge.reservationId === null) return;
  const { sql, clock } = calls.services;
  await sql.begin((tx) => release(tx, clock, { reservationId: charge.reservationId! }));
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
  const context = await liveContext(calls, call);
  if (spec.kind === 'phone') {
    if (spec.to === undefined) throw new SentralError('invalid_request', { message: 'A phone participant needs to.', param: 'participant.to' });
    if (context.from === null) throw new SentralError('from_not_allowed', { message: 'This call has no from number to dial a telephone with.', param: 'participant.to' });
  }
  const participantId = idempotencyKey === null ? newId('part', clock) : derivedId('part', caller.companyId, caller.mode, idempotencyKey);
  const prices = await priceListFor(sql, call.companyId);
  const request: ChargeRequest =
    spec.kind === 'bot'
      ? { service: 'bot', rateOre: prices.botMinuteOre, maxMinutes: Math.min(spec.maxMinutes ?? BOT_MAX_MINUTES, BOT_MAX_MINUTES) }
      : spec.kind === 'phone'
        ? { service: 'phone', rateOre: prices.phoneMinuteOre, maxMinutes: null }
        : { service: 'app', rateOre: prices.appParticipantMinuteOre, maxMinutes: null };
  const charge = await reserveFor(calls, call, participantId, request, minutesLeft(context, clock.now()));
  try {
    const answer = await askActor(calls.actors, call.id, {
      id: messageIdFor(caller, idempotencyKey, 'participant.add'),
      type: 'participant.add',
      payload: { participant: { ...spec, participantId, charge } },
    });
    return { created: answer.status === 201, participant: await calls.signer.participant(answer.body as ParticipantReply) };
  } catch (err) {
    await giveBack(calls, charge);
    throw err;
  }
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
  const context = await liveContext(calls, call);
  const streamId = idempotencyKey === null ? newId('str', clock) : derivedId('str', caller.companyId, caller.mode, idempotencyKey);
  const minutes = minutesLeft(context, clock.now());
  const launch = await resolveStream(
    sql,
    clock,
    caller,
    {
      profileId: call.profileId,
      from: context.from,
      to: context.to,
      primaryParticipantId: context.primaryId,
      callMinutes: minutes,
      participantIds: context.participants.filter((p) => p.state !== 'left').map((p) => p.id),
    },
    body,
    streamId,
  );
  const prices = await priceListFor(sql, call.companyId);
  await takeStreamSlot(hot, caller.companyId, streamId);
  let charge: Charge | null = null;
  try {
    charge = await reserveFor(calls, call, streamId, { service: 'stream', rateOre: prices.streamMinuteOre, maxMinutes: launch.leg.maxMinutes }, minutes);
    const answer = await askActor(calls.actors, call.id, {
      id: messageIdFor(caller, idempotencyKey, 'stream.start'),
      type: 'stream.start',
      payload: { stream: { ...launch, charge } },
    });
    return { created: answer.status === 201, stream: answer.body as Stream };
  } catch (err) {
    if (charge !== null) await giveBack(calls, charge);
    await releaseStreamSlot(hot, caller.companyId, streamId);
    throw err;
  }
}
