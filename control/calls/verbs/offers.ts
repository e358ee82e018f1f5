import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { offerBody } from '../context/reply-bodies.js';
import { applyOfferStep } from '../handovers/handover.js';
import { holdAnswerCharge, refuseDecisionAfterEnd } from '../inbound/inbound-flow.js';
import { openOffer } from '../machines/offer-machine.js';
import { launchParticipant } from '../participants/participant-launch.js';
import { admitHandover } from './handover-verb.js';
import { defineVerb } from './verb.js';

type OfferEvent = Extract<CallRequestEvent, { type: 'call.offer' }>;

/** A phone target rings this much longer than the offer, so the offer's deadline (not the ring timer) ends it. */
const RING_BEYOND_OFFER_MS = 5_000;

/**
 * offers: several phones and app users (staff) ring at once; the first to answer takes the call
 * (call.offer.accepted naming who), the others stop ringing and their tokens stop working; nobody in time
 * and call.offer.expired is sent, and the call waits for the next action. One offer or transfer at a time.
 */
export const offersVerb = defineVerb<OfferEvent>({
  name: 'offers',
  event: 'call.offer',
  ended(d) {
    refuseDecisionAfterEnd(d);
  },
  live(d, e) {
    const c = d.ctx;
    if (c.offer?.id === e.offerId) return d.reply(offerBody(c, c.offer));
    if (admitHandover(d, 'offers') === null) return;
    holdAnswerCharge(d, e.answerCharge);
    const timeoutMs = e.timeoutSeconds * 1000;
    const targets = e.targets.map((t) => launchParticipant(d, t, timeoutMs + RING_BEYOND_OFFER_MS).id);
    const offer = openOffer(e.offerId, targets, d.at, timeoutMs);
    applyOfferStep(d, { offer, actions: [] });
    d.setTimer('offer', offer.id, offer.expiresAt);
    d.reply(offerBody(c, offer), 201);
  },
});

