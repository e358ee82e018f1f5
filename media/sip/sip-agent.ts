import { readFileSync } from 'node:fs';
import type { TlsOptions } from 'node:tls';
import * as sip from 'sip';
import type { Remote, SipMessage, Stack } from 'sip';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { Logger } from '../../shared/log/log.js';
import type { Leg, LegContext } from '../session/leg.js';
import type { RtpPortPool } from '../rtp/rtp-port-pool.js';
import type { RtpLeg } from '../rtp/rtp-leg.js';
import { allowed, type SipSettings } from './sip-config.js';
import { parseAudio } from '../rtp/sdp.js';
import { SIM_PREFIX, simNumber } from '../../protocol/media/sim-directory.js';
import { InboundCall } from './inbound-call.js';
import { OutboundCall } from './outbound-call.js';
import { SipRegistration } from './sip-registration.js';
import { createSipStack } from './sip-stack.js';

/** A phone leg to dial over SIP. */
export interface SipDialRequest {
  legId: string;
  /** E.164 number, sent as the user part of the Request-URI. */
  to: string;
  from?: string;
  /** Ticks (20 ms) to ring before giving up with no answer; unlimited when absent. */
  ringTimeoutTicks?: number;
  context: LegContext;
}

/** The TLS listener's certificate and key, and the CAs the trunk's certificate must chain to (read when the agent starts). */
function tlsOptions(tls: NonNullable<SipSettings['tls']>): TlsOptions {
  return {
    cert: readFileSync(tls.certFile),
    key: readFileSync(tls.keyFile),
    ...(tls.caFile ? { ca: readFileSync(tls.caFile) } : {}),
    minVersion: 'TLSv1.2',
    rejectUnauthorized: true,
  };
}

const REASONS = { 486: 'Busy Here', 603: 'Decline', 480: 'Temporarily Unavailable', 503: 'Service Unavailable' } as const;

/** An inbound call the trunk offers, waiting for the inbound flow to answer or reject it. */
export interface SipInboundOffer {
  /** sip_…: names the offer when answering (addLeg phone.answer) or rejecting. */
  id: string;
  /** The caller's number and the number called, as the trunk sent them (user parts). */
  from: string;
  to: string;
}

/** What the agent tells its node about inbound calls. */
export interface SipInboundHandler {
  offered(offer: SipInboundOffer): void;
  /** The caller gave up (CANCEL) before the offer was answered. */
  withdrawn(offerId: string): void;
}

const NUMBER = /^\+?[0-9*#]{1,32}$/;

/**
 * The media node's SIP user agent: listens on UDP and TCP, dials through the trunk, and answers what the
 * trunk sends inside its dialogs. SIP from an address not on the allow-list is answered 403 and goes no
 * further; a message the parser cannot read is dropped by the stack; requests outside a dialog that the
 * agent does not serve are refused (inbound calls: 480 until the inbound flow takes them).
 */
export class SipAgent {
  private readonly calls = new Map<string, OutboundCall | InboundCall>();
  private readonly offers = new Map<string, InboundCall>();
  /** Where inbound offers go; without one, inbound INVITEs are answered 480. */
  inbound: SipInboundHandler | null = null;
  private stack: Stack | null = null;
  /** The registration at the trunk, when the settings ask for one (SENTRAL_SIP_REGISTER). */
  registration: SipRegistration | null = null;
  /** Counters for metrics and tests. */
  readonly stats = { refused: 0, requests: 0 };

  private constructor(
    readonly settings: SipSettings,
    private readonly ports: RtpPortPool,
    private readonly log: Logger,
  ) {}

  /** Starts listening; the port must be free for both UDP and TCP (the stack binds both on it). */
  static start(settings: SipSettings, ports: RtpPortPool, log: Logger): SipAgent {
    const agent = new SipAgent(settings, ports, log);
    agent.stack = createSipStack(
      {
        address: settings.listenAddress,
        port: settings.listenPort,
        publicAddress: settings.publicAddress,
        udp: true,
        tcp: true,
        ...(settings.tls ? { tls: tlsOptions(settings.tls), tls_port: settings.tls.port } : {}),
        logger: {
          error: (err) => log.warn({ err }, 'sip stack error'),
          send: (m) => log.trace({ sip: sip.stringify(m) }, 'sip sent'),
          recv: (m) => log.trace({ sip: sip.stringify(m) }, 'sip received'),
        },
      },
      (rq, remote) => agent.onRequest(rq, remote),
      log,
    );
    const seconds = settings.registerSeconds;
    if (seconds) {
      agent.registration = new SipRegistration({ ...settings, registerSeconds: seconds }, (m, cb) => agent.send(m, cb), log);
      agent.registration.start();
    }
    return agent;
  }

  /** Calls currently set up or in progress. */
  get callCount(): number {
    return this.calls.size;
  }

  /** True when a live call to `to` goes over this trunk: one of its prefixes, never the simulated network's range. */
  reaches(to: string): boolean {
    if (simNumber(to).startsWith(SIM_PREFIX)) return false;
    return (this.settings.prefixes ?? ['+']).some((p) => to.startsWith(p));
  }

  /** Dials `to` through the trunk; the leg reports ringing, answered, busy, no answer or failed. */
  async dial(request: SipDialRequest): Promise<Leg> {
    const port = await this.ports.take();
    const call = new OutboundCall(
      {
        settings: this.settings,
        send: (m, cb) => this.send(m, cb),
        forget: (c) => this.calls.delete(c.key),
      },
      request.legId,
      request.to,
      request.from,
      request.ringTimeoutTicks,
      request.context,
      port,
    );
    this.calls.set(call.key, call);
    call.start();
    return call.leg;
  }

  /** Answers an inbound offer with a leg (taken, then answered at once); `media_leg_not_found` when the offer is gone (cancelled, answered). */
  async answerInbound(offerId: string, legId: string, context: LegContext): Promise<Leg> {
    const leg = await this.takeInbound(offerId, legId, context);
    leg.answer();
    return leg;
  }

  /**
   * Takes an inbound offer as the leg of an inbound call's caller: it rings (no 200 yet) until answerLeg
   * answers it; `media_leg_not_found` when the offer is gone (cancelled, taken).
   */
  async takeInbound(offerId: string, legId: string, context: LegContext): Promise<RtpLeg> {
    const call = this.offers.get(offerId);
    if (!call?.isOffered) throw new SentralError('media_leg_not_found', { message: 'The inbound call is no longer offered.', param: 'phone.answer' });
    this.offers.delete(offerId);
    const port = await this.ports.take().catch((err: unknown) => {
      call.reject(503, 'Service Unavailable');
      throw err;
    });
    if (!call.isOffered) {
      port.release();
      throw new SentralError('media_leg_not_found', { message: 'The caller hung up before the call was set up.', param: 'phone.answer' });
    }
    return call.take(legId, context, port);
  }

  /** Whether an inbound offer still waits to be taken (an offer nobody takes is refused by the node). */
  isOffered(offerId: string): boolean {
    return this.offers.get(offerId)?.isOffered === true;
  }

  /** Rejects an inbound offer (603 Decline, or 486 when busy); false when it is gone. */
  rejectInbound(offerId: string, status: 486 | 603 | 480 | 503 = 603): boolean {
    const call = this.offers.get(offerId);
    if (!call) return false;
    call.reject(status, REASONS[status]);
    return true;
  }

  /** Stops listening; calls still up are hung up and the registration removed first (their BYE, CANCEL or REGISTER leaves before the sockets close). */
  close(): void {
    for (const call of [...this.calls.values()]) call.hangup();
    this.registration?.stop();
    const stack = this.stack;
    this.stack = null;
    // The stack starts a new transaction on the next tick: destroying it after that shuts every one down.
    if (stack) setImmediate(() => stack.destroy());
  }

  private send(message: SipMessage, onResponse?: (response: SipMessage) => void): void {
    if (!this.stack) return;
    try {
      this.stack.send(message, onResponse);
    } catch (err) {
      this.log.warn({ err, method: message.method }, 'sip message could not be sent');
    }
  }

  private onRequest(rq: SipMessage, remote: Remote): void {
    this.stats.requests++;
    try {
      if (!allowed(remote.address, this.settings.allow)) {
        this.stats.refused++;
        if (rq.method !== 'ACK') this.respond(rq, 403, 'Forbidden');
        return;
      }
      const toTag = rq.headers.to?.params?.tag;
      const call = typeof toTag === 'string' ? this.calls.get(`${rq.headers['call-id']};${toTag}`) : undefined;
      if (call instanceof InboundCall && call.isOffered && rq.method !== 'ACK') return this.respond(rq, 491, 'Request Pending');
      if (call) {
        call.request(rq, (status, reason, body) => this.answer(rq, status, reason, body, call.localTag));
        return;
      }
      switch (rq.method) {
        case 'ACK':
          return;
        case 'OPTIONS':
          return this.respond(rq, 200, 'OK');
        case 'INVITE':
          if (toTag) return this.respond(rq, 481, 'Call/Transaction Does Not Exist');
          return this.offer(rq);
        case 'CANCEL': {
          // An offer not taken yet, or taken by an inbound call whose caller still rings (not answered).
          const offered = [...this.calls.values()].find((c): c is InboundCall => c instanceof InboundCall && c.isOffered && c.key.startsWith(`${rq.headers['call-id']};`));
          this.respond(rq, offered ? 200 : 481, offered ? 'OK' : 'Call/Transaction Does Not Exist');
          if (offered) {
            const taken = !this.offers.has(offered.id);
            this.offers.delete(offered.id);
            if (taken) offered.callerCancelled();
            else {
              offered.cancelled();
              this.inbound?.withdrawn(offered.id);
            }
          }
          return;
        }
        case 'BYE':
          return this.respond(rq, 481, 'Call/Transaction Does Not Exist');
        default:
          return this.respond(rq, 405, 'Method Not Allowed');
      }
    } catch (err) {
      // A message the parser accepted but whose fields are not what they should be: refused, never fatal.
      this.log.warn({ err }, 'sip request could not be handled');
      this.respond(rq, 400, 'Bad Request');
    }
  }

  /** A new inbound INVITE: offered to the inbound flow with 180 Ringing, or refused at once. */
  private offer(rq: SipMessage): void {
    const handler = this.inbound;
    if (!handler) return this.respond(rq, 480, 'Temporarily Unavailable');
    const to = userOf(rq.uri);
    const from = userOf(rq.headers.from?.uri);
    if (!to || !NUMBER.test(to)) return this.respond(rq, 404, 'Not Found');
    const sdp = parseAudio(rq.content ?? '');
    if (!sdp) return this.respond(rq, 488, 'Not Acceptable Here');
    const call: InboundCall = new InboundCall(
      {
        settings: this.settings,
        send: (m, cb) => this.send(m, cb),
        respond: (status, reason, body) => this.answer(rq, status, reason, body, call.localTag),
        forget: (c) => {
          this.calls.delete(c.key);
          this.offers.delete(c.id);
        },
      },
      rq,
      sdp,
      from && NUMBER.test(from) ? from : 'anonymous',
      to,
    );
    this.calls.set(call.key, call);
    this.offers.set(call.id, call);
    this.answer(rq, 180, 'Ringing', undefined, call.localTag);
    handler.offered({ id: call.id, from: call.from, to: call.to });
  }

  private respond(rq: SipMessage, status: number, reason: string | undefined): void {
    this.answer(rq, status, reason);
  }

  /** Answers `rq` (with our tag and SDP when given); returns how to send the same answer again (a 2xx to INVITE is repeated until its ACK). */
  private answer(rq: SipMessage, status: number, reason: string | undefined, body?: string, tag?: string): () => void {
    try {
      const rs = sip.makeResponse(rq, status, reason);
      if (tag && rs.headers.to && !rs.headers.to.params?.tag) rs.headers.to.params = { ...rs.headers.to.params, tag };
      if (body !== undefined) {
        rs.headers['content-type'] = 'application/sdp';
        rs.content = body;
        rs.headers.contact = [{ uri: `sip:sentral@${this.settings.publicAddress}:${this.settings.listenPort}`, params: {} }];
      }
      this.stack?.send(rs);
      return () => this.send(rs);
    } catch (err) {
      this.log.warn({ err, status }, 'sip response could not be sent');
      return () => undefined;
    }
  }
}

/** The user part of a SIP URI (the number), or null. */
function userOf(uri: unknown): string | null {
  if (typeof uri !== 'string' && (typeof uri !== 'object' || uri === null)) return null;
  const parsed = sip.parseUri(uri as string);
  return typeof parsed?.user === 'string' ? parsed.user : null;
}
