import { INBOUND_OFFERED_SUBJECT, INBOUND_STREAM } from '../../protocol/bus/bus-names.js';
import type { InboundOffered } from '../../protocol/carrier/inbound-offer.js';
import type { Bus } from '../../shared/bus/bus.js';
import type { Clock } from '../../shared/clock/clock.js';
import type { Logger } from '../../shared/log/log.js';
import type { SipAgent } from './sip-agent.js';

/**
 * How long an offer may wait for the inbound flow to take it (the call's actor adds the caller's leg at
 * once); past that nobody will (the number is not active, no worker runs) and the caller gets 480.
 */
export const TAKE_WITHIN_MS = 10_000;

const encoder = new TextEncoder();

/**
 * Hands the SIP agent's inbound INVITEs to the inbound flow: each is published on INBOUND_STREAM as an
 * InboundOffered naming this node (the consumer looks the number up and creates the call here, where the
 * INVITE and its RTP port are). An offer not taken within TAKE_WITHIN_MS is answered 480, and one that
 * cannot be published 503, so a caller never rings for ever.
 */
export async function offerSipCalls(deps: { agent: Pick<SipAgent, 'inbound' | 'isOffered' | 'rejectInbound'>; bus: Bus; clock: Clock; log: Logger; nodeId: string }): Promise<void> {
  const { agent, bus, clock, log, nodeId } = deps;
  await bus.ensureStream({ ...INBOUND_STREAM, subjects: [...INBOUND_STREAM.subjects] });
  agent.inbound = {
    offered(o) {
      const offer: InboundOffered = { id: o.id, carrier: 'sip', from: callerNumber(o.from), to: e164(o.to), nodeId, offeredAt: new Date(clock.now()).toISOString() };
      bus.publish(INBOUND_OFFERED_SUBJECT, encoder.encode(JSON.stringify(offer)), { msgId: offer.id }).then(
        () => clock.setTimer(TAKE_WITHIN_MS, () => {
          if (agent.isOffered(o.id)) agent.rejectInbound(o.id, 480);
        }),
        (err: unknown) => {
          log.warn({ err, offerId: o.id }, 'an inbound SIP call could not be offered; answered 503');
          agent.rejectInbound(o.id, 503);
        },
      );
    },
    withdrawn() {
      // The consumer may still create the call; adding the caller's leg then fails and the call ends unanswered.
    },
  };
}

/** A SIP user part as an E.164 number where it is one without its `+` (trunks often drop it); anything else as it is. */
function e164(user: string): string {
  return /^[1-9][0-9]{6,14}$/.test(user) ? `+${user}` : user;
}

/** The caller as an E.164 number, or `anonymous` (a withheld or short number cannot be called back). */
function callerNumber(user: string): string {
  const number = e164(user);
  return /^\+[1-9][0-9]{6,14}$/.test(number) ? number : 'anonymous';
}
