/**
 * What an inbound offer becomes (pure): the call's id for its whole life, derived from the offer's id so a
 * redelivered offer finds the same call; its decision window; and, for an `inboundMode: api` number, the
 * `call.incoming` event the customer decides on.
 */
import type { PhoneNumberRecord } from '../../../protocol/api/admin.js';
import type { InboundOffered } from '../../../protocol/carrier/inbound-offer.js';
import type { CallIncomingData } from '../../../protocol/calls/inbound.js';
import { derivedId } from '../../../shared/ids/derived-id.js';
import { openWindow, type InboundWindow, type RoutingAction } from '../context/inbound-window.js';

/** The plan of one inbound call. */
export interface InboundPlan {
  callId: string;
  companyId: string;
  profileId: string;
  window: InboundWindow;
  /** `call.incoming`'s data for an `api` number; null when the routing runs at once. */
  incoming: CallIncomingData | null;
  /** The routing to run at once (`routing` numbers), else null. */
  runRouting: RoutingAction | null;
}

/** Plans the call an offer becomes at `at`, with the number as it is now (it may have moved since the offer). */
export function planInbound(offer: InboundOffered, number: PhoneNumberRecord, at: number): InboundPlan {
  const callId = derivedId('call', 'inbound', offer.carrier, offer.id);
  const { window, runRouting } = openWindow(number, at);
  return {
    callId,
    companyId: number.companyId,
    profileId: number.profileId,
    window,
    incoming:
      window.phase === 'awaiting_decision'
        ? { callId, from: offer.from, to: offer.to, numberId: number.id, assignedTo: number.assignedTo, decideBy: new Date(window.decideBy).toISOString() }
        : null,
    runRouting,
  };
}
