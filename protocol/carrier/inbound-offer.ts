import { Type, type Static } from 'typebox';
import { Timestamp } from '../api/common.js';

/**
 * The durable stream of inbound calls offered by a carrier (today: the simulated network, placed through
 * the admin API). Nothing consumes it yet: the inbound-call handling will, as one work queue. Offers older
 * than ten minutes are dropped: no caller waits that long for an answer.
 */
export const INBOUND_STREAM = { name: 'inbound', subjects: ['inbound.>'], retention: 'workqueue', maxAgeMs: 10 * 60 * 1000 } as const;

/** The subject an offered inbound call is published on. */
export const INBOUND_OFFERED_SUBJECT = 'inbound.offered';

/** An inbound call a carrier offers to a provisioned number (published once; its id is the dedupe id). */
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
