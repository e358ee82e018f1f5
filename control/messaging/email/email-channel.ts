import { join } from 'node:path';
import { startBounceListener, type BounceListener } from '../../../carriers/email/bounce-listener.js';
import { SmtpRelay } from '../../../carriers/email/smtp-relay.js';
import { startSmtpSink } from '../../../carriers/email/smtp-sink.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { Email, EMAIL_BODY_LIMIT_BYTES, EmailCreate, EmailList, EmailListQuery } from '../../../protocol/messaging/email.js';
import type { MessageChannel } from '../message-channel.js';
import { messageMachine } from '../message-machine.js';
import { listFilters } from '../message-reads.js';
import { signingDomain } from './email-domains.js';
import { deliveryReportHandler, relayCarrier } from './email-relay-carrier.js';
import { EMAIL_VALIDITY_MS, addressOfFrom, admitEmail } from './email-service.js';
import { emailStatusData, emailView, type EmailContent } from './email-view.js';

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
 * Email as a channel: its names, moves, checks, `email.status`, template and campaign rules, routes, and
 * carriers. Test keys (and live keys when SENTRAL_SMTP_URL is unset) go to the embedded sink, which counts
 * as delivery; live keys go to the relay, and its delivery reports come back through the bounce listener
 * (SENTRAL_BOUNCE_LISTEN).
 */
export const emailChannel: MessageChannel<EmailCreate, Email> = {
  name: 'email',
  names: { ledgerService: 'email', usageService: 'email', profileService: 'email', idPrefix: 'eml', noun: 'email', serviceNoun: 'email' },
  transitions: messageMachine(EMAIL_MOVES),
  admit: admitEmail,
  view: emailView,
  statusEvent: (row, eventId) => ({ type: 'email.status', data: { ...emailStatusData(row, eventId) } }),
  template: {
    checkParts(parts) {
      if (parts.subject === null) throw new SentralError('invalid_request', { message: 'An email template needs a subject.', param: 'subject' });
      if (parts.body === null && parts.html === null) throw new SentralError('invalid_request', { message: 'An email template needs body, html or both.', param: 'body' });
    },
    price: (_parts, prices) => ({ priceOre: prices.emailOre, sms: null }),
  },
  campaign: {
    addressColumn: 'email',
    // Test keys may send from a domain not verified yet (to the sink), as a single email may.
    async checkSender(db, profileId, mode, sender) {
      const domain = await signingDomain(db, profileId, addressOfFrom(sender));
      if (!domain || (mode === 'live' && !domain.verified)) throw new SentralError('sender_domain_not_verified', { param: 'sender' });
    },
    fromAddress: addressOfFrom,
    toAddress: (address) => address,
    message(parts, prices, { sender, address }) {
      if ((parts.subject ?? '').trim() === '' || (parts.body === null && parts.html === null)) return { code: 'template_render_error' };
      const content: EmailContent = {
        from: sender.trim(), to: [address], cc: [], bcc: [], replyTo: null, subject: parts.subject!, text: parts.body, html: parts.html, headers: {}, tags: [], attachments: [],
      };
      return { content: content as unknown as Record<string, unknown>, priceOre: prices.emailOre };
    },
    defaultValidityMs: EMAIL_VALIDITY_MS,
  },
  api: {
    path: 'email',
    tag: 'email',
    scopes: { send: 'email:send', read: 'email:read' },
    prices: ['emailOre'],
    bodyLimit: EMAIL_BODY_LIMIT_BYTES,
    schemas: { create: EmailCreate, one: Email, list: EmailList, listQuery: EmailListQuery },
    operations: {
      send: { operationId: 'sendEmail', summary: 'Send an email: DKIM-signed from a sender domain, priced per recipient, sent by the outbox, reported by email.status' },
      list: { operationId: 'listEmail', summary: 'List email, newest first, by profile, state, recipient and time' },
      get: { operationId: 'getEmail', summary: 'Read an email and its state' },
      cancel: { operationId: 'cancelEmail', summary: 'Cancel a scheduled email (its reservation is released)' },
    },
    filters: (query) => listFilters({ ...query, to: typeof query.to === 'string' ? query.to.toLowerCase() : undefined }),
  },
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
