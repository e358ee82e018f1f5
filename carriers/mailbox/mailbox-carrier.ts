/** A letter as it goes to the digital mailbox service (Digipost's model). */
export interface OutgoingLetter {
  /** The sender's message id (the letter's `ltr_…`): the service takes a repeat of it as the same letter. */
  messageId: string;
  senderName: string;
  recipient: { nationalId?: string; organisationNumber?: string; name?: string; address?: { lines: string[]; postalCode: string; city: string; country?: string } };
  subject: string;
  sensitivity: 'normal' | 'sensitive';
  /** Print and post it when the recipient has no mailbox (the recipient's address is needed). */
  printFallback: boolean;
  pdf: Buffer;
}

/** What the mailbox service answered to one letter. */
export type LetterHandOff =
  /** In the recipient's digital mailbox, or sent to print. */
  | { kind: 'delivered'; channel: 'digital' | 'print' }
  /** Refused for good: no mailbox and no print fallback, or the letter itself refused. */
  | { kind: 'refused'; code: 'recipient_has_no_mailbox' | 'pdf_invalid'; desc: string }
  /** The service is down or busy: try again (it dedupes by message id, so a repeat is safe). */
  | { kind: 'retry'; afterMs: number; desc: string };

/** Something the recipient did with a delivered letter (the service's event feed). */
export interface MailboxEvent {
  seq: number;
  messageId: string;
  type: 'opened';
  atMs: number;
}

/** The way to the digital mailbox service (its HTTP API, or the simulated one over the same API). */
export interface MailboxCarrier {
  deliver(letter: OutgoingLetter): Promise<LetterHandOff>;
  /** Events after `seq`, oldest first. */
  eventsAfter(seq: number, limit: number): Promise<MailboxEvent[]>;
}
