import type { Letter, LetterState, LetterStatusData, PostalAddress } from '../../../protocol/messaging/letter.js';
import { maskedNationalId } from '../contacts/contact-fields.js';
import type { MessageRow } from '../message-row.js';
import { commonView } from '../message-view.js';
import { statusFields } from '../status-fields.js';

/** The letter fields of a message's content (the PDF itself is the `document` blob). */
export interface LetterContent {
  recipient: { nationalId?: string; organisationNumber?: string; name?: string; address?: PostalAddress };
  subject: string;
  pages: number;
  printFallback: boolean;
  sensitivity: 'normal' | 'sensitive';
  senderName: string;
}

/** A letter as the API shows it: the common view with its recipient (a national identity number only as the birth date and *****), subject, pages and print fallback. */
export function letterView(row: MessageRow): Letter {
  const content = row.content as unknown as LetterContent;
  const r = content.recipient;
  return {
    ...commonView(row),
    object: 'letter',
    state: row.state as LetterState,
    recipient: {
      ...(r.nationalId === undefined ? {} : { nationalId: maskedNationalId(r.nationalId)! }),
      ...(r.organisationNumber === undefined ? {} : { organisationNumber: r.organisationNumber }),
      ...(r.name === undefined ? {} : { name: r.name }),
      ...(r.address === undefined ? {} : { address: r.address }),
    },
    subject: content.subject,
    pages: content.pages,
    printFallback: content.printFallback,
    sensitivity: content.sensitivity,
  };
}

/** Data of `letter.status` for a letter that just moved. */
export function letterStatusData(row: MessageRow, eventId: string): LetterStatusData {
  return { ...statusFields(row, eventId, row.state === 'failed'), to: row.to_address, state: row.state as LetterState };
}

/** The recipient as stored in `to_address` and shown in events: never a whole national identity number. */
export function shownRecipient(r: LetterContent['recipient']): string {
  if (r.nationalId !== undefined) return `nid:${maskedNationalId(r.nationalId)}`;
  if (r.organisationNumber !== undefined) return `org:${r.organisationNumber}`;
  return r.name ?? '';
}
