/**
 * The simulated SMS network's directory: what happens to a message to each number. The simulated SMSC
 * (smsc-sim.ts) follows it over SMPP, and test-key messages follow it without SMPP.
 */

/** What the SMSC answers to a submit to a number. */
export type SubmitVerdict = 'accept' | 'invalid_destination' | 'throttle_every_other';

/** The receipt a number's message gets: its SMPP stat after a delay, or EXPIRED at the validity's end. */
export type DirectoryReceipt = { stat: 'DELIVRD' | 'UNDELIV'; afterMs: number } | { stat: 'EXPIRED'; atValidity: true };

/** One number's behaviour. */
export interface DirectoryEntry {
  submit: SubmitVerdict;
  receipt: DirectoryReceipt;
}

/** The numbers with a behaviour of their own; any other number is delivered after 200 ms. */
export const SMS_DIRECTORY: Readonly<Record<string, DirectoryEntry & { description: string }>> = {
  '+447700900101': { submit: 'accept', receipt: { stat: 'DELIVRD', afterMs: 1_000 }, description: 'delivered after 1 s' },
  '+447700900102': { submit: 'accept', receipt: { stat: 'UNDELIV', afterMs: 1_000 }, description: 'undeliverable (UNDELIV)' },
  '+447700900103': { submit: 'accept', receipt: { stat: 'EXPIRED', atValidity: true }, description: 'never delivered: expires at the validity period (EXPIRED)' },
  '+447700900104': { submit: 'invalid_destination', receipt: { stat: 'UNDELIV', afterMs: 0 }, description: 'refused at submit (ESME_RINVDSTADR)' },
  '+447700900105': { submit: 'throttle_every_other', receipt: { stat: 'DELIVRD', afterMs: 200 }, description: 'throttled (ESME_RTHROTTLED) on every other submit, then accepted' },
};

const ANY_OTHER: DirectoryEntry = { submit: 'accept', receipt: { stat: 'DELIVRD', afterMs: 200 } };

/** The behaviour of a number on the simulated network. */
export function directoryEntry(number: string): DirectoryEntry {
  return SMS_DIRECTORY[number] ?? ANY_OTHER;
}

/**
 * Whether the submit is throttled, for numbers throttled every other time: `count` is how many submits to
 * that number came before this one (the first is throttled, the second accepted, and so on).
 */
export function throttled(entry: DirectoryEntry, count: number): boolean {
  return entry.submit === 'throttle_every_other' && count % 2 === 0;
}
