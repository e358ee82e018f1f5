import { join } from 'node:path';
import { startBounceListener, type BounceListener } from '../../../carriers/email/bounce-listener.js';
import { SmtpRelay } from '../../../carriers/email/smtp-relay.js';
import { startSmtpSink } from '../../../carriers/email/smtp-sink.js';
import type { Channel } from '../channel.js';
import { messageMachine } from '../message-machine.js';
import { deliveryReportHandler, relayCarrier } from './email-relay-carrier.js';
import { emailStatusData } from './email-view.js';

/** Where the embedded sink keeps what it receives, under the data directory. */
export function emailSinkDir(dataDir: string): string {
  return join(dataDir, 'email-sink');
}

/**
 * Email moves: the base's, bounced at hand-off (a 5xx at the relay) or by a delivery report, failed when a
 * report says it expired. A delivery report for each recipient settles it (docs/email.md).
 */
const EMAIL_MOVES = {
  sending: { refused: 'bounced' },
  sent: { 'receipt:undelivered': 'bounced', 'receipt:rejected': 'bounced', 'receipt:expired': 'failed' },
};

/**
 * Email as a channel of the pipeline: its transitions, `email.status`, and its carriers. Test keys (and
 * live keys when SENTRAL_SMTP_URL is unset) go to the embedded sink, which counts as delivery; live keys
 * go to the relay, and its delivery reports come back through the bounce listener (SENTRAL_BOUNCE_LISTEN).
 */
export const emailChannel: Channel = {
  name: 'email',
  service: 'email',
  transitions: messageMachine(EMAIL_MOVES),
  statusEvent: (row, eventId) => ({ type: 'email.status', data: { ...emailStatusData(row, eventId) } }),
  async startCarriers(services, reports) {
    const { sql, clock, config } = services;
    const onReport = deliveryReportHandler(sql, clock, reports);
    const sink = await startSmtpSink({ dir: emailSinkDir(config.dataDir), clock });
    const sinkRelay = new SmtpRelay({ url: sink.url, clock, perDomainPerSecond: 10_000 });
    const liveRelay = config.email.smtpUrl === null ? sinkRelay : new SmtpRelay({ url: config.email.smtpUrl, clock, perDomainPerSecond: config.email.perDomainPerSecond, maxConnections: config.email.smtpConnections });
    let listener: BounceListener | null = null;
    try {
      if (config.email.bounceListen !== null) listener = await startBounceListener({ ...config.email.bounceListen, onReport });
    } catch (err) {
      await sinkRelay.close();
      await liveRelay.close();
      await sink.close();
      throw err;
    }
    return {
      // The sink is the end of the road: what it takes is delivered.
      live: relayCarrier(sql, clock, liveRelay, { deliveredOnAccept: liveRelay === sinkRelay }),
      test: relayCarrier(sql, clock, sinkRelay, { deliveredOnAccept: true }),
      async stop() {
        await listener?.close();
        await liveRelay.close();
        await sinkRelay.close();
        await sink.close();
      },
    };
  },
};
