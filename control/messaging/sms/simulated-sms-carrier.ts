import { randomBytes } from 'node:crypto';
import type { Clock, Timer } from '../../../shared/clock/clock.js';
import { directoryEntry, throttled } from '../../../carriers/sms/sms-directory.js';
import type { Carrier, CarrierReports, SubmitOutcome } from '../channel.js';
import type { MessageRow } from '../message-row.js';
import { receiptOutcome } from './smpp-status.js';
import { smsPartTexts } from './sms-units.js';

/** How long a throttled submit waits before it is tried again. */
export const THROTTLE_RETRY_MS = 1_000;

/** The simulated carrier with its pending receipts. */
export interface SimulatedSmsCarrier extends Carrier {
  stop(): void;
}

/**
 * Test-key SMS: the simulated network's directory (carriers/sms/sms-directory.ts) without SMPP, on the
 * injected clock. The same answers as the simulated SMSC: refused, throttled every other time, then a
 * receipt per part after the number's delay or at the end of the validity. Receipts wait in timers of this
 * process: a test message whose sender restarts before its receipt stays `sent`, as on a real network.
 */
export function simulatedSmsCarrier(clock: Clock, reports: CarrierReports): SimulatedSmsCarrier {
  const submits = new Map<string, number>();
  const timers = new Set<Timer>();

  return {
    async submit(message: MessageRow): Promise<SubmitOutcome> {
      const entry = directoryEntry(message.to_address);
      const count = submits.get(message.to_address) ?? 0;
      submits.set(message.to_address, count + 1);
      if (entry.submit === 'invalid_destination') return { kind: 'refused', code: 'invalid_destination', desc: 'ESME_RINVDSTADR: invalid destination address' };
      if (throttled(entry, count)) return { kind: 'retry', afterMs: THROTTLE_RETRY_MS, desc: 'ESME_RTHROTTLED' };
      const parts = smsPartTexts(String(message.content.text ?? ''));
      const refs = parts.map(() => randomBytes(8).toString('hex'));
      const receipt = entry.receipt;
      const at = 'atValidity' in receipt ? Number(message.valid_until_ms ?? clock.now()) : clock.now() + receipt.afterMs;
      for (const ref of refs) {
        const timer = clock.setTimerAt(at, () => {
          timers.delete(timer);
          void reports.receipt('sms', ref, receiptOutcome(receipt.stat), `stat:${receipt.stat}`);
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
