import { SmppClient } from '../../../carriers/sms/smpp-client.js';
import { readDeliver } from '../../../carriers/sms/smpp-receipts.js';
import { smppSender } from '../../../carriers/sms/smpp-sender.js';
import { simulatedSms } from '../../../carriers/sms/simulated-sms.js';
import { wakeDispatcher } from '../../events/event-log.js';
import type { Carrier, Channel } from '../channel.js';
import { messageMachine } from '../message-machine.js';
import { smsCarrier, smsReports, unconfiguredCarrier } from './sms-carriers.js';
import { receiveSms } from './sms-inbound.js';
import { smsStatusData } from './sms-view.js';

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
    const sms = smsReports(reports, async (message) => {
      const row = await receiveSms(services.sql, services.clock, smsChannel, message);
      if (row) await wakeDispatcher(services.bus).catch(() => undefined);
    });
    const sim = simulatedSms(services.clock, sms);
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
        onDeliver: (pdu) => readDeliver(pdu, sms),
        onState: (state, detail) => services.log.info({ smsc: `${smpp.host}:${smpp.port}`, detail }, `SMPP ${state}`),
      });
      client.start();
      live = smsCarrier(smppSender(client, services.clock));
    }
    return {
      live,
      test: smsCarrier(sim),
      async stop() {
        sim.stop();
        await client?.stop();
      },
    };
  },
};
