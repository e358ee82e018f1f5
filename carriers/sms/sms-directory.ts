/**
 * The simulated SMS network's directory: what happens to a message to each number. The simulated SMSC
 * (smsc-sim.ts) follows it over SMPP, and test-key messages follow it without SMPP.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { SIM_PREFIX, simNumber } from '../../protocol/media/sim-directory.js';

/** What the SMSC answers to a submit to a number. */
export type SubmitVerdict = 'accept' | 'invalid_destination' | 'throttle_every_other';

/** The receipt a number's message gets: its SMPP stat after a delay, or EXPIRED at the validity's end. */
export type DirectoryReceipt = { stat: 'DELIVRD' | 'UNDELIV'; afterMs: number } | { stat: 'EXPIRED'; atValidity: true };

/** One number's behaviour. */
export interface DirectoryEntry {
  submit: SubmitVerdict;
  receipt: DirectoryReceipt;
}

/**
 * The behaviours of the directory, at the simulated network's own phones (+44 20 7946 0xxx, Ofcom's London
 * range for drama: valid in the numbering plan, so live keys reach them too, yet never a subscriber).
 */
const BEHAVIOURS: readonly [string, DirectoryEntry & { description: string }][] = [
  ['101', { submit: 'accept', receipt: { stat: 'DELIVRD', afterMs: 1_000 }, description: 'delivered after 1 s' }],
  ['102', { submit: 'accept', receipt: { stat: 'UNDELIV', afterMs: 1_000 }, description: 'undeliverable (UNDELIV)' }],
  ['103', { submit: 'accept', receipt: { stat: 'EXPIRED', atValidity: true }, description: 'never delivered: expires at the validity period (EXPIRED)' }],
  ['104', { submit: 'invalid_destination', receipt: { stat: 'UNDELIV', afterMs: 0 }, description: 'refused at submit (ESME_RINVDSTADR)' }],
  ['105', { submit: 'throttle_every_other', receipt: { stat: 'DELIVRD', afterMs: 200 }, description: 'throttled (ESME_RTHROTTLED) on every other submit, then accepted' }],
];

// The same behaviours at the NANP's range for fiction (+1 202 555 01xx), which SMS scripts written in
// 2026-11 use with live keys.
const NANP_FICTION_PREFIX = '+12025550';

/** The numbers with a behaviour of their own; any other number that can exist is delivered after 200 ms. */
export const SMS_DIRECTORY: Readonly<Record<string, DirectoryEntry & { description: string }>> = Object.fromEntries(
  BEHAVIOURS.flatMap(([last, entry]) => [[`${SIM_PREFIX}${last}`, entry], [`${NANP_FICTION_PREFIX}${last}`, entry]]),
);

const ANY_OTHER: DirectoryEntry = { submit: 'accept', receipt: { stat: 'DELIVRD', afterMs: 200 } };
const CANNOT_EXIST: DirectoryEntry = { submit: 'invalid_destination', receipt: { stat: 'UNDELIV', afterMs: 0 } };

/**
 * The behaviour of a number on the simulated network: its own entry, else delivered when it is a number
 * valid in its country's plan (libphonenumber-js), else refused at submit
 * (ESME_RINVDSTADR), as a real SMSC answers a destination that cannot exist.
 */
export function directoryEntry(number: string): DirectoryEntry {
  const listed = SMS_DIRECTORY[number] ?? SMS_DIRECTORY[simNumber(number)];
  if (listed) return listed;
  return isValidPhoneNumber(simNumber(number)) ? ANY_OTHER : CANNOT_EXIST;
}

/**
 * Whether the submit is throttled, for numbers throttled every other time: `count` is how many submits to
 * that number came before this one (the first is throttled, the second accepted, and so on).
 */
export function throttled(entry: DirectoryEntry, count: number): boolean {
  return entry.submit === 'throttle_every_other' && count % 2 === 0;
}
