import { randomInt } from 'node:crypto';
import type { Clock } from '../../shared/clock/clock.js';
import { ConnectionLostError, NotBoundError, RETRY_STATUSES, type SmppClient } from './smpp-client.js';
import { DATA_CODING, ESM_UDHI, concatUdh, encodePart, relativeValidity } from './smpp-pdus.js';
import type { OutgoingSms, SmsCarrier, SmsHandOff } from './sms-carrier.js';

/** How long a message waits when the bind is down or the SMSC throttles its first part. */
export const SMPP_RETRY_MS = 1_000;
// A later part that is throttled is tried again here (its earlier parts are out: the message cannot go back).
const PART_TRIES = 5;

/**
 * SMS over SMPP: each part a submit_sm with an explicit data_coding (0 GSM-7, 8 UCS-2), multi-part
 * messages with a concatenation UDH and esm_class UDHI, a receipt asked for, the validity passed. A bind
 * that is down, or a throttled first part, is "try again"; a connection lost after a part was written is an
 * unknown outcome (never resubmitted).
 */
export function smppSender(client: SmppClient, clock: Clock): SmsCarrier {
  return {
    async send(sms: OutgoingSms): Promise<SmsHandOff> {
      const texts = sms.parts;
      const ref = randomInt(256);
      const alphanumeric = !sms.from.startsWith('+');
      const validity = sms.validUntilMs === null ? null : Math.max(60, Math.round((sms.validUntilMs - clock.now()) / 1000));
      const refs: string[] = [];
      for (let i = 0; i < texts.length; i++) {
        const body = encodePart(texts[i]!, sms.encoding);
        const fields: Record<string, unknown> = {
          source_addr_ton: alphanumeric ? 5 : 1,
          source_addr_npi: alphanumeric ? 0 : 1,
          source_addr: sms.from.replace(/^\+/, ''),
          dest_addr_ton: 1,
          dest_addr_npi: 1,
          destination_addr: sms.to.replace(/^\+/, ''),
          data_coding: DATA_CODING[sms.encoding],
          esm_class: texts.length > 1 ? ESM_UDHI : 0,
          registered_delivery: 1,
          short_message: texts.length > 1 ? Buffer.concat([concatUdh(ref, texts.length, i + 1), body]) : body,
          ...(validity === null ? {} : { validity_period: relativeValidity(validity) }),
        };
        let answer;
        for (let attempt = 1; ; attempt++) {
          try {
            answer = await client.submit(fields);
          } catch (err) {
            if (err instanceof NotBoundError && i === 0) return { kind: 'retry', afterMs: SMPP_RETRY_MS, desc: 'Not bound to the SMSC.' };
            if (err instanceof ConnectionLostError || err instanceof NotBoundError) return { kind: 'unknown', desc: `The SMSC connection closed before it answered part ${i + 1}.` };
            throw err;
          }
          if (!RETRY_STATUSES.has(answer.status)) break;
          if (i === 0) return { kind: 'retry', afterMs: SMPP_RETRY_MS, desc: `The SMSC is busy (command_status 0x${answer.status.toString(16)}).` };
          if (attempt >= PART_TRIES) return { kind: 'unknown', desc: `The SMSC kept refusing part ${i + 1} as busy after earlier parts went out.` };
          await new Promise((resolve) => setTimeout(resolve, SMPP_RETRY_MS));
        }
        if (answer.status !== 0) {
          const status = `command_status 0x${answer.status.toString(16).padStart(8, '0')}`;
          return answer.status === 0x0b
            ? { kind: 'refused', code: 'invalid_destination', desc: `ESME_RINVDSTADR: invalid destination address (${status})` }
            : { kind: 'refused', code: 'rejected_by_network', desc: `The SMSC refused part ${i + 1} (${status}).` };
        }
        refs.push(answer.messageId!);
      }
      return { kind: 'submitted', carrierRefs: refs };
    },
  };
}
