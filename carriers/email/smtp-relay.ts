import { createPrivateKey, type KeyObject } from 'node:crypto';
import { createTransport } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Clock } from '../../shared/clock/clock.js';
import { takeFromBucket, type TokenBucketState } from '../../shared/kv/token-bucket.js';
import { dkimSigned } from './dkim-signature.js';
import type { EmailCarrier, EmailHandOff, OutgoingEmail, RecipientRefusal } from './email-carrier.js';

/** Settings of the relay adapter. */
export interface SmtpRelayOptions {
  /** smtp://[user:pass@]host:port or smtps://… (SENTRAL_SMTP_URL, or the embedded sink's URL). */
  url: string;
  clock: Clock;
  /** Pooled connections kept open to the relay (default 5). */
  maxConnections?: number;
  /** Messages per second one sender domain may hand over (a burst of as many); default 50. */
  perDomainPerSecond?: number;
  /** How long a "try again" waits when the relay gives no better hint (default 30 s). */
  retryAfterMs?: number;
  /** Connection, greeting and socket timeouts in ms (default 10 s, 10 s, 60 s). */
  timeoutsMs?: { connection: number; greeting: number; socket: number };
}

// What nodemailer puts on the errors it reports.
interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  rejectedErrors?: SmtpError[];
  recipient?: string;
}

// A relay that was never reached: nothing left sentral, so trying again cannot send twice.
const UNREACHED = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|Greeting never received|Connection timeout/i;

// Parsed DKIM keys kept (one a sender domain): parsing a PEM costs twice the signature it is used for.
const PARSED_KEYS_MAX = 1_000;

/** Sends through an SMTP relay with nodemailer: pooled connections, DKIM-signed (dkim-signature.ts), a rate per sender domain. */
export class SmtpRelay implements EmailCarrier {
  private readonly transport;
  private readonly buckets = new Map<string, TokenBucketState>();
  private readonly keys = new Map<string, KeyObject>();
  private readonly perSecond: number;
  private readonly retryAfterMs: number;

  constructor(private readonly options: SmtpRelayOptions) {
    const timeouts = options.timeoutsMs ?? { connection: 10_000, greeting: 10_000, socket: 60_000 };
    this.perSecond = options.perDomainPerSecond ?? 50;
    this.retryAfterMs = options.retryAfterMs ?? 30_000;
    this.transport = createTransport({
      url: options.url,
      pool: true,
      maxConnections: options.maxConnections ?? 5,
      // A connection lost mid-message must not be retried by the pool: its outcome is unknown, and the
      // pipeline never hands a message over twice.
      maxRequeues: 0,
      connectionTimeout: timeouts.connection,
      greetingTimeout: timeouts.greeting,
      socketTimeout: timeouts.socket,
      // Loopback relays and sinks speak plain SMTP; a relay that offers STARTTLS gets it.
      tls: { rejectUnauthorized: false },
    });
  }

  async send(email: OutgoingEmail): Promise<EmailHandOff> {
    const domain = email.dkim.domainName;
    const taken = takeFromBucket(this.buckets.get(domain), { capacity: this.perSecond, refillPerSecond: this.perSecond }, 1, this.options.clock.now());
    this.buckets.set(domain, taken.state);
    if (!taken.result.allowed) return { kind: 'retry', afterMs: taken.result.retryAfterMs, desc: `sender domain ${domain} is over its rate` };
    try {
      const composed = await new MailComposer({
        from: email.from,
        to: email.to,
        cc: email.cc,
        bcc: email.bcc,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        headers: email.headers,
        messageId: `<${email.messageIdHeader}>`,
        disableFileAccess: true,
        disableUrlAccess: true,
      }).compile().build();
      // Signed before a pooled connection is taken, the signature off the event loop (dkim-signature.ts).
      const raw = await dkimSigned(composed, { domainName: email.dkim.domainName, keySelector: email.dkim.keySelector, privateKey: this.parsedKey(email.dkim.privateKey) });
      const info = await this.transport.sendMail({
        raw,
        envelope: { from: email.returnPath, to: [...email.to, ...email.cc, ...email.bcc] },
        // Ask the relay for delivery reports with our id in them (RFC 3461); relays without DSN ignore it.
        dsn: { id: email.id, return: 'headers', notify: ['success', 'failure', 'delay'] },
      });
      const refused = refusalsOf(info.rejectedErrors as SmtpError[] | undefined);
      return { kind: 'accepted', relayRef: queueIdOf(String(info.response ?? '')) ?? email.messageIdHeader, accepted: (info.accepted as string[]).map(String), refused };
    } catch (err) {
      return this.classify(err as SmtpError);
    }
  }

  // The sender domain's key parsed once (by its PEM, so a new key of the domain is a new entry).
  private parsedKey(pem: string): KeyObject {
    let key = this.keys.get(pem);
    if (key === undefined) {
      if (this.keys.size >= PARSED_KEYS_MAX) this.keys.delete(this.keys.keys().next().value!);
      key = createPrivateKey(pem);
      this.keys.set(pem, key);
    }
    return key;
  }

  private classify(err: SmtpError): EmailHandOff {
    const code = err.responseCode;
    const desc = (err.response ?? err.message).slice(0, 500);
    if (code !== undefined && code >= 400 && code < 500) return { kind: 'retry', afterMs: this.retryAfterMs, desc };
    if (code !== undefined && code >= 500) return { kind: 'refused', code, desc, refused: refusalsOf(err.rejectedErrors) };
    if (UNREACHED.test(err.message) || err.code === 'EDNS') return { kind: 'retry', afterMs: this.retryAfterMs, desc: `relay unreachable: ${desc}` };
    return { kind: 'unknown', desc };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

function refusalsOf(errors: SmtpError[] | undefined): RecipientRefusal[] {
  return (errors ?? []).map((e) => ({ address: String(e.recipient ?? ''), code: e.responseCode ?? 0, desc: (e.response ?? e.message).slice(0, 500) }));
}

// "250 2.0.0 Ok: queued as 4dM1yK0vXwz8" (postfix), "250 OK: message queued" (others: no id).
function queueIdOf(response: string): string | undefined {
  return /queued as ([A-Za-z0-9]+)/.exec(response)?.[1];
}
