import { randomBytes } from 'node:crypto';
import type { Clock, Timer } from '../../shared/clock/clock.js';
import { statOutcome } from './smpp-receipts.js';
import { directoryEntry, throttled, type DirectoryEntry } from './sms-directory.js';
import type { OutgoingSms, SmsCarrier, SmsHandOff, SmsReports } from './sms-carrier.js';

/** How long a throttled submit waits before it is tried again. */
export const THROTTLE_RETRY_MS = 1_000;

/**
 * The simulated network's own subscribers: whether `to` is one, in which case it has been handed the SMS
 * (as an SMSC's deliver_sm hands it to the number's holder).
 */
export type RouteIn = (sms: { from: string; to: string; text: string }) => Promise<boolean>;

/** A message the network handed to its own subscriber: delivered at once. */
const ROUTED_IN: DirectoryEntry = { submit: 'accept', receipt: { stat: 'DELIVRD', afterMs: 0 } };

/** The simulated network with its pending receipts. */
export interface SimulatedSms extends SmsCarrier {
  stop(): void;
}

/**
 * The simulated network's directory (sms-directory.ts) without SMPP, on the injected clock: the same
 * answers as the simulated SMSC: refused, throttled every other time, then a receipt per part after the
 * number's delay or at the end of the validity. A number `routeIn` takes (one of our test numbers) gets the
 * message as an inbound SMS and it is delivered at once. Receipts wait in timers of this process: a message
 * whose sender restarts before its receipt stays sent, as on a real network.
 */
export function simulatedSms(clock: Clock, reports: Pick<SmsReports, 'receipt'>, routeIn: RouteIn = async () => false): SimulatedSms {
  const submits = new Map<string, number>();
  const timers = new Set<Timer>();

  return {
    async send(sms: OutgoingSms): Promise<SmsHandOff> {
      const entry = (await routeIn({ from: sms.from, to: sms.to, text: sms.parts.join('') })) ? ROUTED_IN : directoryEntry(sms.to);
      const count = submits.get(sms.to) ?? 0;
      submits.set(sms.to, count + 1);
      if (entry.submit === 'invalid_destination') return { kind: 'refused', code: 'invalid_destination', desc: 'ESME_RINVDSTADR: invalid destination address' };
      if (throttled(entry, count)) return { kind: 'retry', afterMs: THROTTLE_RETRY_MS, desc: 'ESME_RTHROTTLED' };
      const refs = sms.parts.map(() => randomBytes(8).toString('hex'));
      const receipt = entry.receipt;
      const at = 'atValidity' in receipt ? (sms.validUntilMs ?? clock.now()) : clock.now() + receipt.afterMs;
      for (const ref of refs) {
        const timer = clock.setTimerAt(at, () => {
          timers.delete(timer);
          void reports.receipt(ref, statOutcome(receipt.stat), `stat:${receipt.stat}`);
        });
        timers.add(timer);
      }
      return { kind: 'submitted', carrierRefs: refs };
    },
    stop() {
      for (const t of timers) t.cancel();
      timers.clear();
    },
  };
}
