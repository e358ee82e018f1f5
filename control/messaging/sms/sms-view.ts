import type { Sms, SmsEncoding, SmsState, SmsStatusData } from '../../../protocol/messaging/sms.js';
import { statusFields } from '../status-fields.js';
import type { MessageRow } from '../message-row.js';
import { commonView, isoTime } from '../message-view.js';

/** The SMS fields of a message's content. */
export interface SmsContent {
  text: string;
  encoding: SmsEncoding;
  units: number;
}

/** An SMS as the API shows it: the common view with its direction, text, encoding, units, schedule and validity. */
export function smsView(row: MessageRow): Sms {
  const content = row.content as unknown as SmsContent;
  return {
    ...commonView(row),
    object: 'sms',
    state: row.state as SmsState,
    direction: row.direction,
    from: row.from_address,
    to: row.to_address,
    text: content.text,
    encoding: content.encoding,
    units: content.units,
    sendAt: isoTime(row.send_at_ms),
    validUntil: isoTime(row.valid_until_ms),
  };
}

/** Data of `sms.status` for a message that just moved: the interface's fields plus externalRef and metadata. */
export function smsStatusData(row: MessageRow, eventId: string): SmsStatusData {
  const content = row.content as unknown as SmsContent;
  return {
    ...statusFields(row, eventId, FAILED_STATES.has(row.state)),
    to: row.to_address,
    state: row.state as SmsState,
    units: content.units,
  };
}

// The states in which a message failed (errorCode and errorDesc say why); null in every other.
const FAILED_STATES: ReadonlySet<string> = new Set(['undelivered', 'expired', 'rejected', 'failed']);
