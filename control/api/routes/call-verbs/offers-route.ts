import { Offer, OfferRequest } from '../../../../protocol/calls/handover.js';
import { offerCall } from '../../../calls/requests/handover-requests.js';
import { defineVerbRoute, type VerbRequest } from './verb-route.js';

/** offers: POST /v1/calls/:id/offers: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/offers.ts). */
export const offersRoute = defineVerbRoute({
  verb: 'offers',
  path: 'offers',
  summary: 'Ring several phones or app users at once; the first to answer takes the call',
  scope: 'calls:write',
  idempotency: 'required',
  prices: ['appParticipantMinuteOre', 'inboundMinuteOre'],
  body: OfferRequest,
  response: { 200: Offer, 201: Offer },
  handle: async (r: VerbRequest<OfferRequest>) => {
    const made = await offerCall(r.calls, r.caller, r.call, r.body, r.idempotencyKey);
    return { status: made.created ? 201 : 200, body: made.offer };
  },
});
