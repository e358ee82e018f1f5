import type { Sms, SmsEncoding, SmsState, SmsStatusData } from '../../../protocol/messaging/sms.js';
import { statusFields } from '../status-fields.js';
import type { MessageRow } from '../message-row.js';

/** The SMS fields of a message's content. */
export interface SmsContent {
  text: string;
  encoding: SmsEncoding;
  units: number;
}

/** An SMS as the API shows it. */
export function smsView(row: MessageRow): Sms {
  const content = row.content as unknown as SmsContent;
  return {
    object: 'sms',
    id: row.id,
    direction: row.direction,
    state: row.state as SmsState,
    profileId: row.profile_id,
    mode: row.mode,
    from: row.from_address,
    to: row.to_address,
    text: content.text,
    encoding: content.encoding,
    units: content.units,
    priceOre: Number(row.price_ore),
    errorCode: row.error_code,
    errorDesc: row.error_desc,
    externalRef: row.external_ref,
    metadata: row.metadata,
    createdAt: iso(row.created_at_ms)!,
    sendAt: iso(row.send_at_ms),
    validUntil: iso(row.valid_until_ms),
    updatedAt: iso(row.updated_at_ms)!,
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

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString();
}
