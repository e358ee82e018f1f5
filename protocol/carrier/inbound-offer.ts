import { Type, type Static } from 'typebox';
import { Timestamp } from '../api/common.js';

/** Who offers inbound calls: the simulated network or the node's SIP trunk. */
export const InboundCarrier = Type.Union([Type.Literal('sim'), Type.Literal('sip')]);
/** Who offers inbound calls. */
export type InboundCarrier = Static<typeof InboundCarrier>;

/**
 * An inbound call a carrier offers to a provisioned number (the simulated network, placed through the
 * admin API, or the SIP trunk), published once on INBOUND_STREAM; its id is the dedupe id. The consumer
 * (control/calls/requests/inbound-calls.ts, `takeInboundOffer`) does not care which carrier offered it.
 */
export const InboundOffered = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'sim_… for the simulated network, sip_… for the SIP trunk' }),
  carrier: InboundCarrier,
  from: Type.String(),
  to: Type.String(),
  /**
   * The provisioned number called, and whom it belongs to at the time of the offer (the simulated network
   * fills them; a SIP media node has no database and leaves them to the consumer, which looks the number up).
   */
  numberId: Type.Optional(Type.String()),
  companyId: Type.Optional(Type.String()),
  profileId: Type.Optional(Type.String()),
  /** SIP: the media node holding the INVITE and its RTP port; the call's audio must live there. */
  nodeId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  offeredAt: Timestamp,
});
/** An inbound call offered by a carrier. */
export type InboundOffered = Static<typeof InboundOffered>;
