/**
 * Inbound calls: the consumer of carrier offers (INBOUND_STREAM) that turns each offer into a call actor,
 * and the host's half of a routing (its reservation). Carrier-agnostic: the simulated network and the SIP
 * trunk publish the same InboundOffered, and `takeInboundOffer` is the one entry point. The call's id
 * derives from the offer's id, and a redelivered offer finds the call's row and sends the same creation, so
 * an offer becomes one call however often it arrives.
 */
import { Value } from 'typebox/value';
import { INBOUND_OFFERED_SUBJECT, INBOUND_STREAM, mailboxSubject } from '../../../protocol/bus/bus-names.js';
import { InboundOffered } from '../../../protocol/carrier/inbound-offer.js';
import type { CallActorInput, CallEffect, Charge } from '../../../protocol/calls/call-actor.js';
import type { ActorMessage } from '../../../protocol/calls/mailbox.js';
import { ACTOR_CREATE } from '../../../protocol/calls/mailbox.js';
import type { Subscription } from '../../../shared/bus/bus.js';
import type { Sql } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { Logger } from '../../../shared/log/log.js';
import type { Services } from '../../../shared/services/services.js';
import { priceListFor } from '../../billing/price-list.js';
import { findActiveNumber } from '../../numbers/numbers.js';
import { askActor, type ActorClient } from '../mailbox/call-mailbox.js';
import { callRow, insertCall } from '../store/call-records.js';
import { DEFAULT_CALL_MAX_MINUTES, reserveOnce, type ChargeRequest } from './call-pricing.js';
import { derivedId } from '../../../shared/ids/derived-id.js';
import { planInbound } from './inbound-plan.js';
import { MediaNodePicker } from './media-node-picker.js';
import { kindRate, participantCharge } from './participant-kinds.js';

/** The durable consumer of inbound offers (one work queue shared by every worker). */
export const INBOUND_CONSUMER = 'inbound-offers';

/** What taking an offer needs. */
export interface InboundDeps {
  sql: Sql;
  clock: Services['clock'];
  log: Logger;
  actors: ActorClient;
  picker: Pick<MediaNodePicker, 'pick' | 'node'>;
}

/** What became of an offer. */
export type OfferOutcome = { callId: string } | { dropped: 'number_not_active' };

/**
 * Turns one inbound offer into its call: finds the number called as it is now, plans the call (its id from
 * the offer's id), picks the media node, stores the call's row and creates its actor. A redelivered offer
 * finds the stored row and creates the same actor again (the host answers an existing actor as it stands).
 * An offer to a number no longer active is dropped (the caller's leg is never taken).
 */
export async function takeInboundOffer(deps: InboundDeps, offer: InboundOffered): Promise<OfferOutcome> {
  const { sql, clock } = deps;
  const number = await findActiveNumber(sql, offer.to);
  if (number === null) return { dropped: 'number_not_active' };
  const at = clock.now();
  const plan = planInbound(offer, number, at);
  let launch = (await callRow(sql, plan.callId))?.launch;
  if (launch === undefined) {
    // A SIP caller's INVITE and RTP port live on the node that offered it: the call's audio goes there.
    const node = offer.nodeId !== undefined ? await deps.picker.node(offer.nodeId) : await deps.picker.pick(1);
    const candidate: CallActorInput = {
      callId: plan.callId,
      companyId: plan.companyId,
      profileId: plan.profileId,
      // A call to a live number is live (the company's live keys decide on it and pay for it); one to a test
      // number, which only the simulated network reaches, is test traffic and costs nothing.
      mode: number.mode,
      at,
      media: { nodeId: node.nodeId, roomUrl: node.roomUrl },
      to: offer.to,
      from: offer.from,
      primaryParticipantId: derivedId('part', plan.callId, 'caller'),
      conference: false,
      externalRef: null,
      metadata: {},
      assignedTo: number.assignedTo,
      greeting: null,
      recording: null,
      stream: null,
      participants: [],
      // Nothing is reserved until the call is answered (by a decision or the routing).
      charge: { reservationId: null, service: 'inbound', reservedOre: 0, rateOre: 0, paidMinutes: DEFAULT_CALL_MAX_MINUTES },
      inbound: {
        offerId: offer.id,
        carrier: offer.carrier,
        numberId: number.id,
        inboundMode: number.inboundMode,
        decideWithinSeconds: number.decideWithinSeconds,
        routing: number.routing,
      },
    };
    launch = (await sql.begin((tx) => insertCall(tx, candidate))).row.launch;
  }
  await askActor(deps.actors, plan.callId, { id: `create-${plan.callId}`, type: ACTOR_CREATE, payload: { kind: 'call', input: launch } });
  return { callId: plan.callId };
}

const decoder = new TextDecoder();

/**
 * Consumes inbound offers in a worker (and standalone): each offer is taken once (`takeInboundOffer`); an
 * unreadable offer is dropped for good, a failure (database, bus, no media node) is retried after a second.
 */
export async function startInboundConsumer(services: Pick<Services, 'bus' | 'sql' | 'clock' | 'log' | 'config'>): Promise<Subscription> {
  const { bus, log } = services;
  const deps: InboundDeps = {
    sql: services.sql,
    clock: services.clock,
    log,
    actors: { bus, clock: services.clock, partitions: services.config.partitions },
    picker: new MediaNodePicker(bus, services.clock),
  };
  await bus.ensureStream({ ...INBOUND_STREAM, subjects: [...INBOUND_STREAM.subjects] });
  return bus.consume({ stream: INBOUND_STREAM.name, durable: INBOUND_CONSUMER, filterSubject: INBOUND_OFFERED_SUBJECT, maxInFlight: 4 }, async (msg) => {
    let offer: unknown;
    try {
      offer = JSON.parse(decoder.decode(msg.data));
    } catch {
      offer = undefined;
    }
    if (!Value.Check(InboundOffered, offer)) {
      log.warn({ seq: msg.seq }, 'unreadable inbound offer dropped');
      await msg.term();
      return;
    }
    try {
      const outcome = await takeInboundOffer(deps, offer);
      if ('dropped' in outcome) log.info({ offerId: offer.id, to: offer.to }, 'inbound offer to a number not active: dropped');
      await msg.ack();
    } catch (err) {
      log.warn({ err, offerId: offer.id, delivery: msg.deliveryCount }, 'inbound offer not taken yet; retrying');
      await msg.nak(1000);
    }
  });
}

const encoder = new TextEncoder();

/**
 * Reserves the money of an inbound call's routing (effect `inbound.reserveRouting`) and mails the result
 * to the call (`inbound.routingCharged`): the call's minutes at the inbound price (plus the staff a browser
 * routing rings, priced as app participants) and, for a forward, the forwarded leg's minutes at the
 * outbound price; both or neither. A rerun finds the reservations it made (by reference) and mails the same.
 */
export async function reserveRouting(
  deps: { sql: Sql; clock: Services['clock']; bus: Services['bus']; partitions: number },
  effect: Extract<CallEffect, { type: 'inbound.reserveRouting' }>,
): Promise<void> {
  const { sql, clock } = deps;
  const prices = await priceListFor(sql, effect.companyId);
  const who = { companyId: effect.companyId, profileId: effect.profileId, mode: effect.mode, minutes: DEFAULT_CALL_MAX_MINUTES };
  const own: ChargeRequest = { service: 'inbound', rateOre: prices.inboundMinuteOre + effect.staff * kindRate(prices, 'staff'), maxMinutes: null };
  let charge: Charge | null = null;
  let forwardCharge: Charge | null = null;
  let code: string | undefined;
  try {
    await sql.begin(async (tx) => {
      charge = (await reserveOnce(tx, clock, { ...who, reference: `${effect.callId}:routing` }, own)).charge;
      if (effect.forward) {
        forwardCharge = (await reserveOnce(tx, clock, { ...who, reference: `${effect.callId}:forward` }, participantCharge(prices, { kind: 'phone' }))).charge;
      }
    });
  } catch (err) {
    if (!(err instanceof SentralError) || err.status >= 500) throw err;
    charge = null;
    forwardCharge = null;
    code = err.code;
  }
  const message: ActorMessage = {
    id: `routing-${effect.callId}`,
    callId: effect.callId,
    type: 'inbound.routingCharged',
    payload: { charge, forwardCharge, ...(code === undefined ? {} : { code }) },
    at: clock.now(),
  };
  await deps.bus.publish(mailboxSubject(effect.callId, deps.partitions), encoder.encode(JSON.stringify(message)), { msgId: message.id });
}
