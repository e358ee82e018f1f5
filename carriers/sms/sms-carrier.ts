/** What an SMS carrier is handed: the message's parts already split, in their encoding. */
export interface OutgoingSms {
  from: string;
  to: string;
  /** The text of each part (one submit each; a concatenation header joins them again on the phone). */
  parts: string[];
  encoding: 'gsm7' | 'ucs2';
  /** When the network may stop trying; null for its default. */
  validUntilMs: number | null;
}

/** What the carrier answered to one SMS. */
export type SmsHandOff =
  /** Taken: the SMSC's id of each part (its receipts name them). */
  | { kind: 'submitted'; carrierRefs: string[] }
  /** Refused for good: a catalogued code and the SMSC's words. */
  | { kind: 'refused'; code: 'invalid_destination' | 'rejected_by_network'; desc: string }
  /** Not taken, try again later (throttled, queue full, not bound). */
  | { kind: 'retry'; afterMs: number; desc: string }
  /** Written, but whether the SMSC took it is unknown (the connection died before its answer). */
  | { kind: 'unknown'; desc: string };

/** How a delivery receipt says a part ended; null for a status that is not final. */
export type SmsOutcome = 'delivered' | 'undelivered' | 'expired' | 'rejected' | null;

/** A way out for SMS: the SMPP bind, or the simulated network without SMPP. */
export interface SmsCarrier {
  send(sms: OutgoingSms): Promise<SmsHandOff>;
}

/** What an SMS carrier reports on its own: a part's receipt, or an SMS from a phone to one of our numbers. */
export interface SmsReports {
  receipt(carrierRef: string, outcome: SmsOutcome, desc: string): Promise<void>;
  inbound(sms: { from: string; to: string; text: string }): Promise<void>;
}
