/**
 * POST /v1/calls: checks the creation rules, prices and reserves everything asked for, picks the media node,
 * writes the call's row and launch, then creates the call's actor. Every id derives from the Idempotency-Key,
 * and a retry finds the call's row and sends the same launch again, so nothing is reserved or dialled twice.
 */
import type { CallActorInput, CallReply, Charge, ParticipantLaunch, StreamLaunch } from '../../../protocol/calls/call-actor.js';
import type { Call, CreateCallRequest } from '../../../protocol/calls/call.js';
import { ACTOR_CREATE } from '../../../protocol/calls/mailbox.js';
import { kindOf } from '../../../protocol/calls/participant-kinds.js';
import type { Db } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { getActiveProfile } from '../../accounts/profiles.js';
import { idempotentId, type KeyPrincipal } from '../../accounts/principal.js';
import type { PriceList } from '../../../protocol/api/admin.js';
import { priceListFor } from '../../billing/price-list.js';
import { getClip } from '../../clips/audio-clips.js';
import { findActiveNumber } from '../../numbers/numbers.js';
import { checkLiveDial } from '../../numbers/phone-validity.js';
import { askActor } from '../mailbox/call-mailbox.js';
import { callRow, insertCall } from '../store/call-records.js';
import { DEFAULT_CALL_MAX_MINUTES, reserveCharges, testCharges, type ChargeRequest } from './call-pricing.js';
import { readCall } from './call-reads.js';
import type { CallsService } from './calls-service.js';
import { derivedId } from '../../../shared/ids/derived-id.js';
import { creationCharges, streamCharge } from './participant-kinds.js';
import { creationStreamId, resolveStream } from './stream-launch.js';
import { releaseStreamSlot, takeStreamSlot } from '../store/stream-slots.js';

/** Creates a call (or, for a retried request, finds the one it created) and returns it as the API shows it. */
export async function createCall(calls: CallsService, caller: KeyPrincipal, body: CreateCallRequest, idempotencyKey: string): Promise<Call> {
  const { sql } = calls.services;
  const callId = idempotentId('call', caller, idempotencyKey);
  const existing = await callRow(sql, callId);
  const launch = existing?.launch ?? (await prepareLaunch(calls, caller, body, callId));
  const reply = await askActor(calls.actors, callId, { id: `create-${callId}`, type: ACTOR_CREATE, payload: { kind: 'call', input: launch } });
  const answered = reply.body as Partial<CallReply>;
  if (answered.object === 'call') return calls.signer.call(answered as CallReply);
  return readCall(calls, callId);
}

/** Checks the request, prices it, reserves its money and stores the call's row; returns the actor's input. */
async function prepareLaunch(calls: CallsService, caller: KeyPrincipal, body: CreateCallRequest, callId: string): Promise<CallActorInput> {
  const { sql, clock, hot } = calls.services;
  // The company's prices are read while the rules are checked (one round trip less before the 201).
  const [checked, prices] = await Promise.all([validateCreate(calls, caller, body), priceListFor(sql, caller.companyId)]);
  const at = clock.now();
  const callMinutes = body.maxMinutes ?? DEFAULT_CALL_MAX_MINUTES;
  const ids = launchIds(callId, body);
  const priced = await priceCreate(calls, caller, body, prices, checked, ids, callMinutes);
  const node = await calls.picker.pick(priced.legs + (priced.stream ? 1 : 0));
  if (priced.stream !== null) await takeStreamSlot(hot, caller.companyId, priced.stream.participantId);
  const store = async (db: Db, charges: Charge[]): Promise<CallActorInput> => {
    const launch = launchInput({ caller, body, checked, ids, priced, charges, at, node });
    const { row, created } = await insertCall(db, launch);
    // Another request made this call meanwhile: undo this one's reservations and use that call's launch.
    if (!created) throw new LaunchedMeanwhile(row.launch);
    return row.launch;
  };
  try {
    // A test key reserves nothing: the call's row is the launch's only write, and needs no transaction.
    if (caller.mode === 'test') return await store(sql, testCharges({ minutes: callMinutes }, priced.requests));
    return await sql.begin(async (tx) =>
      store(tx, await reserveCharges(tx, clock, { companyId: caller.companyId, profileId: checked.profileId, mode: caller.mode, reference: callId, minutes: callMinutes }, priced.requests)),
    );
  } catch (err) {
    if (err instanceof LaunchedMeanwhile) return err.launch;
    if (priced.stream !== null) await releaseStreamSlot(hot, caller.companyId, priced.stream.participantId);
    throw err;
  }
}

/** What the creation rules found: the call's profile and the salesperson of its number. */
interface CheckedCreate {
  profileId: string;
  assignedTo: string | null;
}

/** The creation rules: the caller's profile with phone on, the greeting, amd, a party to talk to and a number of the profile's to dial from. */
async function validateCreate(calls: CallsService, caller: KeyPrincipal, body: CreateCallRequest): Promise<CheckedCreate> {
  const { sql } = calls.services;
  if (caller.profileId !== null && caller.profileId !== body.profileId.toLowerCase()) {
    throw new SentralError('not_found', { message: 'No such profile.', param: 'profileId' });
  }
  // The number is looked up with the profile (one round trip), and judged after the rules before it.
  const [profile, number] = await Promise.all([
    getActiveProfile(sql, caller.companyId, body.profileId),
    body.from === undefined ? null : findActiveNumber(sql, body.from),
  ]);
  if (!profile.services.phone) throw new SentralError('phone_service_disabled', { param: 'profileId' });
  if (body.text !== undefined && body.audioClipId !== undefined) {
    throw new SentralError('invalid_request', { message: 'text and audioClipId are alternatives: send one of them.', param: 'audioClipId' });
  }
  if (body.audioClipId !== undefined) {
    await getClip(sql, caller, body.audioClipId).catch(() => {
      throw new SentralError('not_found', { message: 'No such audio clip.', param: 'audioClipId' });
    });
  }
  if (body.amd !== undefined) await checkAmd(calls, caller, body);
  const extra = body.participants ?? [];
  for (const [i, p] of extra.entries()) {
    if (kindOf(p.kind).leg === 'phone' && p.to === undefined) throw new SentralError('invalid_request', { message: 'A phone participant needs to.', param: `participants.${i}.to` });
  }
  if (body.to === undefined && !extra.some((p) => kindOf(p.kind).person)) throw new SentralError('call_without_party', { param: 'to' });
  checkLiveDial(caller.mode, [[body.to, 'to'], ...extra.map((p, i) => [kindOf(p.kind).leg === 'phone' ? p.to : undefined, `participants.${i}.to`] as const)]);

  const dialsPhone = body.to !== undefined || extra.some((p) => kindOf(p.kind).leg === 'phone');
  if (!dialsPhone) return { profileId: profile.id, assignedTo: null };
  if (number === null || number.companyId !== caller.companyId || number.profileId !== profile.id) {
    throw new SentralError('from_not_allowed', {
      message: body.from === undefined ? 'from is required when a telephone is dialled: one of the profile\'s active numbers.' : undefined,
      param: 'from',
    });
  }
  if (number.mode === 'test' && caller.mode === 'live') throw new SentralError('live_number_required', { param: 'from' });
  return { profileId: profile.id, assignedTo: number.assignedTo };
}

/** The ids a call's launch derives from its call id. */
interface LaunchIds {
  callId: string;
  primaryParticipantId: string | null;
  participantIds: string[];
}

/** Derives the launch ids: the dialled phone's and each added participant's. */
function launchIds(callId: string, body: CreateCallRequest): LaunchIds {
  return {
    callId,
    primaryParticipantId: body.to === undefined ? null : derivedId('part', callId, 'to'),
    participantIds: (body.participants ?? []).map((_, i) => derivedId('part', callId, String(i))),
  };
}

/** What a call costs before it is reserved: the charges to reserve, which participant has which, the legs, the creation stream. */
interface PricedCreate {
  requests: ChargeRequest[];
  chargeIndex: (number | null)[];
  legs: number;
  stream: Omit<StreamLaunch, 'charge'> | null;
}

/** Prices the call: its own charge (its telephone, every person added with it, recording and transcription), each own reservation, the stream's. */
async function priceCreate(
  calls: CallsService,
  caller: KeyPrincipal,
  body: CreateCallRequest,
  prices: PriceList,
  checked: CheckedCreate,
  ids: LaunchIds,
  callMinutes: number,
): Promise<PricedCreate> {
  const { sql, clock } = calls.services;
  const { requests, chargeIndex, legs } = creationCharges(prices, body);
  if (body.stream === undefined) return { requests, chargeIndex, legs, stream: null };
  const { primaryParticipantId, participantIds } = ids;
  const stream = await resolveStream(
    sql,
    clock,
    caller,
    { profileId: checked.profileId, from: body.from ?? null, to: body.to ?? null, primaryParticipantId, callMinutes, participantIds: [...(primaryParticipantId ? [primaryParticipantId] : []), ...participantIds] },
    body.stream,
    creationStreamId(ids.callId),
  );
  return { requests: [...requests, streamCharge(prices, stream.leg.maxMinutes)], chargeIndex, legs, stream };
}

/** The actor's input from the checked, priced and reserved request (pure). */
function launchInput(parts: {
  caller: KeyPrincipal;
  body: CreateCallRequest;
  checked: CheckedCreate;
  ids: LaunchIds;
  priced: PricedCreate;
  charges: Charge[];
  at: number;
  node: { nodeId: string; roomUrl: string };
}): CallActorInput {
  const { caller, body, checked, ids, priced, charges, at, node } = parts;
  const { callId } = ids;
  const participants: ParticipantLaunch[] = (body.participants ?? []).map((p, i) => {
    const index = priced.chargeIndex[i];
    return { ...p, participantId: ids.participantIds[i]!, charge: index === null || index === undefined ? null : charges[index]! };
  });
  const greetingText = body.text;
  return {
    callId,
    companyId: caller.companyId,
    profileId: checked.profileId,
    mode: caller.mode,
    at,
    media: { nodeId: node.nodeId, roomUrl: node.roomUrl },
    to: body.to ?? null,
    from: body.from ?? null,
    primaryParticipantId: ids.primaryParticipantId,
    ...(body.ringTimeoutSeconds !== undefined ? { ringTimeoutSeconds: body.ringTimeoutSeconds } : {}),
    conference: body.conference ?? false,
    externalRef: body.externalRef ?? null,
    metadata: body.metadata ?? {},
    assignedTo: checked.assignedTo,
    greeting:
      greetingText === undefined && body.audioClipId === undefined
        ? null
        : {
            commandId: derivedId('cmd', callId, 'greeting'),
            ...(greetingText !== undefined ? { text: greetingText } : { clipId: body.audioClipId! }),
            ...(body.voice !== undefined ? { voice: body.voice } : {}),
            repeat: body.repeat ? 2 : 1,
          },
    amd:
      body.amd === undefined
        ? null
        : {
            mode: body.amd.mode,
            commandId: derivedId('cmd', callId, 'amd'),
            messageCommandId: derivedId('cmd', callId, 'voicemail'),
            ...(body.amd.text !== undefined ? { text: body.amd.text } : {}),
            ...(body.amd.clipId !== undefined ? { clipId: body.amd.clipId } : {}),
            ...(body.voice !== undefined ? { voice: body.voice } : {}),
          },
    recording: body.recording ? { commandId: derivedId('cmd', callId, 'recording'), recordingId: derivedId('rec', callId, 'recording') } : null,
    transcription: body.transcription ? { transcriptionId: derivedId('trn', callId, 'transcription') } : null,
    stream: priced.stream === null ? null : { ...priced.stream, charge: charges[charges.length - 1]! },
    participants,
    charge: charges[0]!,
  };
}

/**
 * The amd setting's rules: it needs a dialled phone and no automatic message; voicemail_drop needs its
 * message (clipId or text, one of them, the clip the caller's), the other modes take none.
 */
async function checkAmd(calls: CallsService, caller: KeyPrincipal, body: CreateCallRequest): Promise<void> {
  const amd = body.amd!;
  const refuse = (message: string, param = 'amd'): never => {
    throw new SentralError('invalid_request', { message, param });
  };
  if (body.to === undefined) refuse('amd needs to: it listens to the dialled phone.');
  if (body.text !== undefined || body.audioClipId !== undefined) refuse('amd only works on a call without an automatic message (text or audioClipId).');
  if (amd.mode === 'voicemail_drop') {
    if ((amd.text === undefined) === (amd.clipId === undefined)) refuse('voicemail_drop needs its message: clipId or text, one of them.', 'amd.text');
  } else if (amd.text !== undefined || amd.clipId !== undefined) {
    refuse('clipId and text are the message of mode voicemail_drop only.', amd.text !== undefined ? 'amd.text' : 'amd.clipId');
  }
  if (amd.clipId !== undefined) {
    await getClip(calls.services.sql, caller, amd.clipId).catch(() => {
      throw new SentralError('not_found', { message: 'No such audio clip.', param: 'amd.clipId' });
    });
  }
}

/** Rolls back a launch whose call id another request stored first. */
class LaunchedMeanwhile extends Error {
  constructor(readonly launch: CallActorInput) {
    super('the call was launched by another request');
  }
}
