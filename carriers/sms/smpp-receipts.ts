import type { PDU } from 'smpp';
import { ESM_RECEIPT, parseReceipt, textOf } from './smpp-pdus.js';
import type { SmsOutcome, SmsReports } from './sms-carrier.js';

/**
 * An SMPP delivery receipt's `stat` as an outcome (docs/sms.md): DELIVRD delivered; UNDELIV and DELETED
 * undelivered; EXPIRED expired; REJECTD rejected; ENROUTE, ACCEPTD, UNKNOWN and anything else are not
 * final (null): the message stays sent.
 */
export function statOutcome(stat: string): SmsOutcome {
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

/**
 * A deliver_sm: a delivery receipt (esm_class 0x04: its id from receipted_message_id or the text) or an
 * SMS from a phone to one of our numbers. Anything else a peer sends is answered and dropped.
 */
export async function readDeliver(pdu: PDU, reports: SmsReports): Promise<void> {
  const text = textOf(pdu.short_message);
  if ((Number(pdu.esm_class ?? 0) & 0x3c) === ESM_RECEIPT) {
    const receipt = parseReceipt(text);
    const id = typeof pdu.receipted_message_id === 'string' && pdu.receipted_message_id !== '' ? pdu.receipted_message_id : receipt?.id;
    if (id === undefined || receipt === null) return;
    await reports.receipt(id, statOutcome(receipt.stat), text.slice(0, 200));
    return;
  }
  const from = `+${String(pdu.source_addr ?? '')}`;
  const to = `+${String(pdu.destination_addr ?? '')}`;
  if (!/^\+\d{3,15}$/.test(to)) return;
  await reports.inbound({ from, to, text: text.slice(0, 2000) });
}
