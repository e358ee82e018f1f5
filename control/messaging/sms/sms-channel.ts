import type { PDU } from 'smpp';
import { SmppClient } from '../../../carriers/sms/smpp-client.js';
import { ESM_RECEIPT, parseReceipt, textOf } from '../../../carriers/sms/smpp-pdus.js';
import type { Services } from '../../app/services.js';
import { wakeDispatcher } from '../../events/event-log.js';
import type { Carrier, CarrierReports, Channel } from '../channel.js';
import { messageMachine } from '../message-machine.js';
import { simulatedSmsCarrier } from './simulated-sms-carrier.js';
import { smppCarrier } from './smpp-carrier.js';
import { receiptOutcome } from './smpp-status.js';
import { receiveSms } from './sms-inbound.js';
import { smsStatusData } from './sms-view.js';
import { unconfiguredCarrier } from './unconfigured-carrier.js';

/**
 * SMS moves: the base's, expired (not failed) when its validity runs out unsent, rejected when the SMSC
 * refuses it. SMPP's stat → outcome mapping is in docs/sms.md.
 */
const SMS_MOVES = {
  scheduled: { expire: 'expired' },
  accepted: { expire: 'expired' },
  sending: { refused: 'rejected' },
};

/** SMS as a channel of the pipeline: its transitions, `sms.status`, and its carriers (SMPP live, the directory for test keys). */
export const smsChannel: Channel = {
  name: 'sms',
  service: 'sms',
  transitions: messageMachine(SMS_MOVES),
  statusEvent: (row, eventId) => ({ type: 'sms.status', data: { ...smsStatusData(row, eventId) } }),
  async startCarriers(services, reports) {
    const test = simulatedSmsCarrier(services.clock, reports);
    const smpp = services.config.smpp;
    let live: Carrier = unconfiguredCarrier();
    let client: SmppClient | null = null;
    if (smpp.host !== null) {
      client = new SmppClient({
        host: smpp.host,
        port: smpp.port,
        systemId: smpp.systemId,
        password: smpp.password,
        window: smpp.window,
        ratePerSecond: smpp.ratePerSecond,
        onDeliver: (pdu) => onDeliver(services, reports, pdu),
        onState: (state, detail) => services.log.info({ smsc: `${smpp.host}:${smpp.port}`, detail }, `SMPP ${state}`),
      });
      client.start();
      live = smppCarrier(client);
    }
    return {
      live,
      test,
      async stop() {
        test.stop();
        await client?.stop();
      },
    };
  },
};

// A deliver_sm: a delivery receipt (esm_class 0x04: its id from receipted_message_id or the text) or an
// SMS from a phone to one of our numbers. Anything else a peer sends is answered and dropped.
async function onDeliver(services: Services, reports: CarrierReports, pdu: PDU): Promise<void> {
  const text = textOf(pdu.short_message);
  if ((Number(pdu.esm_class ?? 0) & 0x3c) === ESM_RECEIPT) {
    const receipt = parseReceipt(text);
    const id = typeof pdu.receipted_message_id === 'string' && pdu.receipted_message_id !== '' ? pdu.receipted_message_id : receipt?.id;
    if (id === undefined || receipt === null) return;
    await reports.receipt('sms', id, receiptOutcome(receipt.stat), text.slice(0, 200));
    return;
  }
  const from = `+${String(pdu.source_addr ?? '')}`;
  const to = `+${String(pdu.destination_addr ?? '')}`;
  if (!/^\+\d{3,15}$/.test(to)) return;
  const row = await receiveSms(services.sql, services.clock, smsChannel, { from, to, text: text.slice(0, 2000) });
  if (row) await wakeDispatcher(services.bus).catch(() => undefined);
}
