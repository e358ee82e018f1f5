import type { Services } from '../app/services.js';
import type { ChannelName, MessageRow } from './message-row.js';
import type { MessageMachine, ReceiptOutcome } from './message-machine.js';

/** What a carrier answers to one hand-off. */
export type SubmitOutcome =
  /**
   * Taken: the carrier's ids for the message's parts (receipts name them); `delivered` when taking it was
   * the delivery (an email sink), so no receipt will follow.
   */
  | { kind: 'submitted'; carrierRefs: string[]; variant?: string; delivered?: boolean }
  /** Refused for good (a catalogued code and the carrier's words). */
  | { kind: 'refused'; code: string; desc: string }
  /** Not taken, try again later (throttled, queue full, not connected): never counts as sent. */
  | { kind: 'retry'; afterMs: number; desc: string }
  /** Handed over, but whether the carrier took it is unknown (the connection died before its answer). */
  | { kind: 'unknown'; desc: string };

/** One way out for a channel's messages (the real network's adapter, or the simulated one). */
export interface Carrier {
  /** Hands one message (already `sending`, committed) to the carrier. */
  submit(message: MessageRow): Promise<SubmitOutcome>;
}

/** Where carriers report what comes back on their own: final receipts (inbound messages are the channel's). */
export interface CarrierReports {
  /** A receipt for one part (`carrierRef`); `outcome` null for a non-final status. */
  receipt(channel: ChannelName, carrierRef: string, outcome: ReceiptOutcome | null, desc: string | null): Promise<void>;
}

/** A channel's carriers while the messaging role runs: live keys use `live`, test keys `test`. */
export interface ChannelCarriers {
  live: Carrier;
  test: Carrier;
  stop(): Promise<void>;
}

/**
 * A channel of the pipeline: what makes SMS, email or letters different from each other. The core
 * (message-store, outbox-sender) does the rest: storing, claiming, money, status events.
 */
export interface Channel {
  name: ChannelName;
  /** The ledger service its money is booked under (sms, email, letter). */
  service: string;
  transitions: MessageMachine;
  /** The status event of a message that just moved (`sms.status`…), `eventId` its event's id. */
  statusEvent(row: MessageRow, eventId: string): { type: 'sms.status' | 'email.status' | 'letter.status'; data: Record<string, unknown> };
  /** Starts its carriers in the messaging role. */
  startCarriers(services: Services, reports: CarrierReports): Promise<ChannelCarriers>;
}
