import type { PriceList } from '../../../protocol/api/admin.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { SmppClient } from '../../../carriers/sms/smpp-client.js';
import { readDeliver } from '../../../carriers/sms/smpp-receipts.js';
import { smppSender } from '../../../carriers/sms/smpp-sender.js';
import { simulatedSms } from '../../../carriers/sms/simulated-sms.js';
import { SMS_MAX_UNITS, SMS_VALIDITY_MAX_SECONDS, Sms, SmsCreate, SmsList, SmsListQuery } from '../../../protocol/messaging/sms.js';
import { wakeDispatcher } from '../../events/event-log.js';
import type { Carrier, MessageChannel, MessageParts } from '../message-channel.js';
import { messageMachine } from '../message-machine.js';
import { listFilters } from '../message-reads.js';
import { smsCarrier, smsReports, unconfiguredCarrier } from './sms-carriers.js';
import { receiveSms } from './sms-inbound.js';
import { isTestNumber } from '../../numbers/test-numbers.js';
import { assertSender, admitSms } from './sms-service.js';
import { smsUnits } from './sms-units.js';
import { smsStatusData, smsView } from './sms-view.js';
import { realClock } from '../../../shared/clock/real-clock.js';
import { reportQueue, type ReportedQueue } from '../../../shared/metrics/queue-metrics.js';

/**
 * SMS moves: the base's, expired (not failed) when its validity runs out unsent, rejected when the SMSC
 * refuses it. SMPP's stat → outcome mapping is in docs/sms.md.
 */
const SMS_MOVES = {
  scheduled: { expire: 'expired' },
  accepted: { expire: 'expired' },
  sending: { refused: 'rejected' },
};

/** SMS as a channel: its names, moves, checks, `sms.status`, template and campaign rules, routes, and carriers (SMPP live, the directory for test keys). */
export const smsChannel: MessageChannel<SmsCreate, Sms> = {
  name: 'sms',
  names: { ledgerService: 'sms', usageService: 'sms', profileService: 'sms', idPrefix: 'msg', noun: 'message', serviceNoun: 'SMS' },
  transitions: messageMachine(SMS_MOVES),
  admit: admitSms,
  view: smsView,
  statusEvent: (row, eventId) => ({ type: 'sms.status', data: { ...smsStatusData(row, eventId) } }),
  template: {
    checkParts(parts) {
      if (parts.body === null) throw refusePart('An SMS template needs body (the text).', 'body');
      if (parts.subject !== null) throw refusePart('An SMS template has no subject.', 'subject');
      if (parts.html !== null) throw refusePart('Only an email template has html.', 'html');
    },
    price: pricedText,
  },
  campaign: {
    addressColumn: 'phone',
    checkSender: (db, profileId, _mode, sender) => assertSender(db, profileId, sender),
    fromAddress: (sender) => sender,
    toAddress: (address) => address,
    message(parts, prices) {
      const text = parts.body ?? '';
      if (text.trim() === '') return { code: 'template_render_error' };
      const { priceOre, sms } = pricedText(parts, prices);
      if (sms.units > SMS_MAX_UNITS) return { code: 'too_many_units' };
      return { content: { text, encoding: sms.encoding, units: sms.units }, priceOre };
    },
    defaultValidityMs: SMS_VALIDITY_MAX_SECONDS * 1000,
    renderedInSql: true,
  },
  api: {
    path: 'sms',
    tag: 'sms',
    scopes: { send: 'sms:send', read: 'sms:read' },
    prices: ['smsUnitOre'],
    schemas: { create: SmsCreate, one: Sms, list: SmsList, listQuery: SmsListQuery },
    operations: {
      send: { operationId: 'sendSms', summary: 'Send an SMS: priced and reserved now, sent by the outbox, reported by sms.status' },
      list: { operationId: 'listSms', summary: 'List SMS, newest first, by profile, direction, state, recipient and time' },
      get: { operationId: 'getSms', summary: 'Read an SMS and its state' },
      cancel: { operationId: 'cancelSms', summary: 'Cancel a scheduled SMS (its reservation is released)' },
    },
    filters: (query) => listFilters(query),
  },
  async startCarriers(services, reports) {
    const receive = async (message: { from: string; to: string; text: string }): Promise<boolean> => {
      const row = await receiveSms(services.sql, services.clock, smsChannel, message);
      if (row) await wakeDispatcher(services.bus).catch(() => undefined);
      return row !== null;
    };
    const sms = smsReports(reports, async (message) => void (await receive(message)));
    // A test SMS to a test number stays on the simulated network: it arrives on that number, as test traffic.
    const sim = simulatedSms(services.clock, sms, async (message) => isTestNumber(message.to) && (await receive(message)));
    const smpp = services.config.smpp;
    let live: Carrier = unconfiguredCarrier();
    let client: SmppClient | null = null;
    let window: ReportedQueue | null = null;
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
      const bound = client;
      window = reportQueue(services.metrics, 'smpp_window', realClock, async () => {
        const w = bound.window();
        return [{ key: `${smpp.host}:${smpp.port}`, depth: w.inFlight, oldestAt: w.oldestSentAt }];
      }, { cacheMs: 0 });
    }
    return {
      live,
      test: smsCarrier(sim),
      async stop() {
        sim.stop();
        window?.remove();
        await client?.stop();
      },
    };
  },
};

// What a text costs as SMS at a company's prices: its units (encoding, and the characters that made it UCS-2).
function pricedText(parts: MessageParts, prices: PriceList) {
  const units = smsUnits(parts.body ?? '');
  const priceOre = units.units * prices.smsUnitOre;
  return { priceOre, sms: { ...units, priceOre } };
}

function refusePart(message: string, param: string): SentralError {
  return new SentralError('invalid_request', { message, param });
}
