import type { SimCallCreate, SimCallOffered } from '../../protocol/api/admin-sim.js';
import { type InboundOffered } from '../../protocol/carrier/inbound-offer.js';
import type { Bus } from '../../shared/bus/bus.js';
import type { Clock } from '../../shared/clock/clock.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { newId } from '../../shared/ids/ids.js';
import type { Db } from '../../shared/db/database.js';
import { findActiveNumber } from '../numbers/numbers.js';
import { INBOUND_OFFERED_SUBJECT, INBOUND_STREAM } from '../../protocol/bus/bus-names.js';

const encoder = new TextEncoder();

/**
 * Places an inbound call from a simulated phone to a provisioned number: checks the number and publishes
 * an `inbound.offered` message, durably, on the `inbound` stream (deduplicated by its id). The inbound-call
 * handling consumes that stream; until it exists, offers wait there and expire.
 */
export async function offerSimCall(db: Db, bus: Bus, clock: Clock, input: SimCallCreate): Promise<SimCallOffered> {
  const number = await findActiveNumber(db, input.to);
  if (!number) throw new SentralError('not_found', { message: `${input.to} is not a provisioned number.`, param: 'to' });
  const offer: InboundOffered = {
    id: newId('sim', clock),
    carrier: 'sim',
    from: input.from,
    to: number.number,
    numberId: number.id,
    companyId: number.companyId,
    profileId: number.profileId,
    offeredAt: new Date(clock.now()).toISOString(),
  };
  await bus.ensureStream({ ...INBOUND_STREAM, subjects: [...INBOUND_STREAM.subjects] });
  await bus.publish(INBOUND_OFFERED_SUBJECT, encoder.encode(JSON.stringify(offer)), { msgId: offer.id });
  return { id: offer.id, object: 'sim_call', from: offer.from, to: offer.to, state: 'offered' };
}
