import { Type, type Static } from 'typebox';
import { Timestamp } from '../api/common.js';

/**
 * An inbound call a carrier offers to a provisioned number (today: the simulated network, placed through
 * the admin API), published once on INBOUND_STREAM; its id is the dedupe id.
 */
export const InboundOffered = Type.Object({
  id: Type.String({ description: 'sim_… for the simulated network' }),
  carrier: Type.Literal('sim'),
  from: Type.String(),
  to: Type.String(),
  /** The provisioned number called, and whom it belongs to at the time of the offer. */
  numberId: Type.String(),
  companyId: Type.String(),
  profileId: Type.String(),
  offeredAt: Timestamp,
});
/** An inbound call offered by a carrier. */
export type InboundOffered = Static<typeof InboundOffered>;
