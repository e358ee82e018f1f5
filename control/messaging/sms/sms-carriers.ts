import type { SmsCarrier, SmsReports } from '../../../carriers/sms/sms-carrier.js';
import type { Carrier, CarrierReports, SubmitOutcome } from '../message-channel.js';
import type { MessageRow } from '../message-row.js';
import type { SmsContent } from './sms-view.js';
import { smsPartTexts } from './sms-units.js';

/** How long a live message waits before it is tried again while no SMSC is configured. */
const UNCONFIGURED_RETRY_MS = 30_000;

/** The pipeline's SMS carrier over an SMS way out (SMPP or the simulated network): the row's parts in, its answer as the outbox's. */
export function smsCarrier(out: SmsCarrier): Carrier {
  return {
    async submit(row: MessageRow): Promise<SubmitOutcome> {
      const content = row.content as unknown as SmsContent;
      return out.send({
        from: row.from_address,
        to: row.to_address,
        parts: smsPartTexts(String(content.text ?? '')),
        encoding: content.encoding,
        validUntilMs: row.valid_until_ms === null ? null : Number(row.valid_until_ms),
      });
    },
  };
}

/** The live carrier while no SMSC is configured: messages wait (and expire at their validity, money back). */
export function unconfiguredCarrier(): Carrier {
  return { submit: async () => ({ kind: 'retry', afterMs: UNCONFIGURED_RETRY_MS, desc: 'No SMSC is configured.' }) };
}

/** An SMS carrier's reports as the pipeline's: a part's receipt by its SMSC id; an inbound SMS to `inbound`. */
export function smsReports(reports: CarrierReports, inbound: SmsReports['inbound']): SmsReports {
  return {
    receipt: (carrierRef, outcome, desc) => reports.receipt('sms', carrierRef, outcome, desc),
    inbound,
  };
}
