import type { Email, EmailState, EmailStatusData } from '../../../protocol/messaging/email.js';
import type { MessageRow } from '../message-row.js';
import { commonView, isoTime } from '../message-view.js';
import { statusFields } from '../status-fields.js';

/** The DKIM signature an email was handed over with (d=, s=, when), as its content keeps it. */
export interface DkimRecord {
  domain: string;
  selector: string;
  signedAtMs: number;
}

/** The email fields of a message's content (bodies included; attachments' bytes are in message_blobs). */
export interface EmailContent {
  /** The From header as given (with its display name). */
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  tags: string[];
  attachments: { filename: string; contentType: string; sizeBytes: number }[];
  /** The DKIM signature it was handed to the relay with (absent until then). */
  dkim?: DkimRecord;
}

/** An email as the API shows it: the common view with its header fields, attachments, tags and schedule. */
export function emailView(row: MessageRow): Email {
  const content = row.content as unknown as EmailContent;
  return {
    ...commonView(row),
    object: 'email',
    state: row.state as EmailState,
    from: content.from,
    to: content.to,
    cc: content.cc,
    bccCount: content.bcc.length,
    subject: content.subject,
    attachments: content.attachments,
    tags: content.tags,
    sendAt: isoTime(row.send_at_ms),
    dkim: content.dkim === undefined ? null : { domain: content.dkim.domain, selector: content.dkim.selector, signedAt: isoTime(content.dkim.signedAtMs)! },
  };
}

/** Data of `email.status` for a message that just moved. */
export function emailStatusData(row: MessageRow, eventId: string): EmailStatusData {
  const content = row.content as unknown as EmailContent;
  return {
    ...statusFields(row, eventId, row.state === 'bounced' || row.state === 'failed'),
    to: content.to,
    state: row.state as EmailState,
  };
}

/** The carrier reference of one recipient of an email: a delivery report settles that part. */
export function recipientRef(messageId: string, recipient: string): string {
  return `${messageId}/${recipient.toLowerCase()}`;
}
