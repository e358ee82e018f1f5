/**
 * The API's side of offers and transfers: every participant they dial is priced as outbound minutes (a phone
 * at the phone minute price, an app user at the app participant price) for the call's paid minutes left,
 * reserved under its own id (derived from the Idempotency-Key, so a retry names the same participants), and
 * handed to the call's actor with the request (on an unanswered inbound call, with the caller's own minutes
 * reserved as at answer: the request is its decision). The reservations go back when the call refuses the request
 * or already had it (a retry).
 */
import type { OfferReply, ParticipantLaunch, TransferReply } from '../../../protocol/calls/call-actor.js';
import { HANDOVER_DEFAULT_TIMEOUT_SECONDS, type Offer, type OfferRequest, type Transfer, type TransferRequest } from '../../../protocol/calls/handover.js';
import type { ParticipantSpec } from '../../../protocol/calls/participant.js';
import { kindOf } from '../../../protocol/calls/participant-kinds.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { newId, type IdPrefix } from '../../../shared/ids/ids.js';
import { idempotentId, type KeyPrincipal } from '../../accounts/principal.js';
import { priceListFor } from '../../billing/price-list.js';
import { checkLiveDial } from '../../numbers/phone-validity.js';
import { askActor, messageIdFor } from '../mailbox/call-mailbox.js';
import { giveBack, liveView, reserveAnswer, reserveFor, type Reserved } from './call-additions.js';
import { minutesLeft } from './call-pricing.js';
import type { CallRow } from '../store/call-records.js';
import type { CallsService } from './calls-service.js';
import { participantCharge } from './participant-kinds.js';

function idFor(calls: CallsService, caller: KeyPrincipal, prefix: IdPrefix, idempotencyKey: string | null, ...parts: string[]): string {
  return idempotencyKey === null ? newId(prefix, calls.services.clock) : idempotentId(prefix, caller, idempotencyKey, ...parts);
}

/** Reserves for each participant to dial, then asks the call; answers the actor's reply (201: new). */
async function handOverWithTargets(
  calls: CallsService,
  caller: KeyPrincipal,
  call: CallRow,
  specs: readonly ParticipantSpec[],
  idempotencyKey: string | null,
  purpose: string,
  message: (launches: ParticipantLaunch[]) => { type: string; payload: Record<string, unknown> },
): Promise<{ status: number; body: unknown }> {
  const { sql, clock } = calls.services;
  const view = await liveView(calls, call, true);
  if (specs.some((s) => kindOf(s.kind).leg === 'phone') && view.call.from === null) {
    throw new SentralError('from_not_allowed', { message: 'This call has no from number to dial a telephone with.', param: 'to' });
  }
  const prices = await priceListFor(sql, call.companyId);
  const minutes = minutesLeft(view, clock.now());
  const reserved: Reserved[] = [];
  const launches: ParticipantLaunch[] = [];
  try {
    for (const [i, spec] of specs.entries()) {
      const participantId = idFor(calls, caller, 'part', idempotencyKey, purpose, String(i));
      const r = await reserveFor(calls, call, participantId, participantCharge(prices, spec), minutes);
      reserved.push(r);
      launches.push({ ...spec, participantId, charge: r.charge });
    }
    // On an inbound call not answered yet, the offer or transfer is its decision and answers the caller: the
    // call's minutes are reserved too (the call gives them back if it does not need them).
    const answering = view.call.direction === 'inbound' && view.call.answeredAt === null ? await reserveAnswer(calls, call, `${idFor(calls, caller, 'part', idempotencyKey, purpose, 'answer')}:answer`) : null;
    if (answering) reserved.push(answering);
    const { type, payload } = message(launches);
    const answer = await askActor(calls.actors, call.id, { id: messageIdFor(caller, idempotencyKey, purpose), type, payload: { ...payload, ...(answering ? { answerCharge: answering.charge } : {}) } });
    if (answer.status !== 201) await Promise.all(reserved.filter((r) => r.made).map((r) => giveBack(calls, r.charge)));
    return answer;
  } catch (err) {
    // A refusal (or a failure before asking) gives the money back; an unanswered request keeps it, as the call may still take it.
    if (err instanceof SentralError && err.status < 500) await Promise.all(reserved.map((r) => giveBack(calls, r.charge)));
    throw err;
  }
}

/** POST /v1/calls/:id/offers: rings every target at once; the first to answer takes the call. */
export async function offerCall(calls: CallsService, caller: KeyPrincipal, call: CallRow, body: OfferRequest, idempotencyKey: string | null): Promise<{ created: boolean; offer: Offer }> {
  checkLiveDial(caller.mode, body.targets.map((t, i) => [t.kind === 'phone' ? t.to : undefined, `targets.${i}.to`] as const));
  const offerId = idFor(calls, caller, 'ofr', idempotencyKey, 'offer');
  const answer = await handOverWithTargets(calls, caller, call, body.targets, idempotencyKey, 'call.offer', (targets) => ({
    type: 'call.offer',
    payload: { offerId, targets, timeoutSeconds: body.timeoutSeconds ?? HANDOVER_DEFAULT_TIMEOUT_SECONDS },
  }));
  const reply = answer.body as OfferReply;
  return { created: answer.status === 201, offer: { ...reply, targets: await Promise.all(reply.targets.map((p) => calls.signer.participant(p))) } };
}

/** POST /v1/calls/:id/transfer: dials the target; cold completes on its answer, warm on transfer/complete. */
export async function transferCall(calls: CallsService, caller: KeyPrincipal, call: CallRow, body: TransferRequest, idempotencyKey: string | null): Promise<{ created: boolean; transfer: Transfer }> {
  checkLiveDial(caller.mode, [[body.to, 'to']]);
  const transferId = idFor(calls, caller, 'xfer', idempotencyKey, 'transfer');
  const spec: ParticipantSpec = { kind: 'phone', to: body.to, ...(body.displayName ? { displayName: body.displayName } : {}) };
  const answer = await handOverWithTargets(calls, caller, call, [spec], idempotencyKey, 'call.transfer', ([target]) => ({
    type: 'call.transfer',
    payload: { transferId, kind: body.kind ?? 'cold', target: target!, timeoutSeconds: body.timeoutSeconds ?? HANDOVER_DEFAULT_TIMEOUT_SECONDS },
  }));
  const reply = answer.body as TransferReply;
  return { created: answer.status === 201, transfer: { ...reply, target: await calls.signer.participant(reply.target) } };
}
