import type { Letter, LetterState, LetterStatusData, PostalAddress } from '../../../protocol/messaging/letter.js';
import { maskedNationalId } from '../contacts/contact-fields.js';
import type { MessageRow } from '../message-row.js';
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

/** A letter as the API shows it: a national identity number only as the birth date and *****. */
export function letterView(row: MessageRow): Letter {
  const content = row.content as unknown as LetterContent;
  const r = content.recipient;
  return {
    object: 'letter',
    id: row.id,
    state: row.state as LetterState,
    profileId: row.profile_id,
    mode: row.mode,
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
    priceOre: Number(row.price_ore),
    errorCode: row.error_code,
    errorDesc: row.error_desc,
    externalRef: row.external_ref,
    metadata: row.metadata,
    createdAt: new Date(Number(row.created_at_ms)).toISOString(),
    updatedAt: new Date(Number(row.updated_at_ms)).toISOString(),
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
