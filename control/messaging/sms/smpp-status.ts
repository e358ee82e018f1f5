import type { ReceiptOutcome } from '../message-machine.js';

/**
 * An SMPP delivery receipt's `stat` as a message outcome (docs/sms.md): DELIVRD delivered; UNDELIV and
 * DELETED undelivered; EXPIRED expired; REJECTD rejected; ENROUTE, ACCEPTD, UNKNOWN and anything else
 * are not final (null): the message stays sent.
 */
export function receiptOutcome(stat: string): ReceiptOutcome | null {
  switch (stat.toUpperCase()) {
    case 'DELIVRD':
      return 'delivered';
    case 'UNDELIV':
    case 'DELETED':
      return 'undelivered';
    case 'EXPIRED':
      return 'expired';
    case 'REJECTD':
      return 'rejected';
    default:
      return null;
  }
}
