import * as sip from 'sip';
import type { Remote, SipMessage, Stack } from 'sip';
import type { Logger } from '../../shared/log/log.js';
import type { Leg, LegContext } from '../session/leg.js';
import type { RtpPortPool } from '../rtp/rtp-port-pool.js';
import { allowed, type SipSettings } from './sip-config.js';
import { OutboundCall } from './outbound-call.js';
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

/**
 * The media node's SIP user agent: listens on UDP and TCP, dials through the trunk, and answers what the
 * trunk sends inside its dialogs. SIP from an address not on the allow-list is answered 403 and goes no
 * further; a message the parser cannot read is dropped by the stack; requests outside a dialog that the
 * agent does not serve are refused (inbound calls: 480 until the inbound flow takes them).
 */
export class SipAgent {
  private readonly calls = new Map<string, OutboundCall>();
  private stack: Stack | null = null;
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
        logger: {
          error: (err) => log.warn({ err }, 'sip stack error'),
          send: (m) => log.trace({ sip: sip.stringify(m) }, 'sip sent'),
          recv: (m) => log.trace({ sip: sip.stringify(m) }, 'sip received'),
        },
      },
      (rq, remote) => agent.onRequest(rq, remote),
      log,
    );
    return agent;
  }

  /** Calls currently set up or in progress. */
  get callCount(): number {
    return this.calls.size;
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

  /** Stops listening; calls still up are hung up first (their BYE or CANCEL leaves before the sockets close). */
  close(): void {
    for (const call of [...this.calls.values()]) call.hangup();
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
      if (call) {
        call.request(rq, (status, reason, body) => this.respond(rq, status, reason, body, call.localTag));
        return;
      }
      switch (rq.method) {
        case 'ACK':
          return;
        case 'OPTIONS':
          return this.respond(rq, 200, 'OK');
        case 'INVITE':
          // Inbound calls reach the node but are not taken yet (the inbound flow will).
          return this.respond(rq, toTag ? 481 : 480, toTag ? 'Call/Transaction Does Not Exist' : 'Temporarily Unavailable');
        case 'BYE':
        case 'CANCEL':
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

  private respond(rq: SipMessage, status: number, reason: string | undefined, body?: string, tag?: string): void {
    try {
      const rs = sip.makeResponse(rq, status, reason);
      if (tag && rs.headers.to && !rs.headers.to.params?.tag) rs.headers.to.params = { ...rs.headers.to.params, tag };
      if (body !== undefined) {
        rs.headers['content-type'] = 'application/sdp';
        rs.content = body;
        rs.headers.contact = [{ uri: `sip:sentral@${this.settings.publicAddress}:${this.settings.listenPort}`, params: {} }];
      }
      this.stack?.send(rs);
    } catch (err) {
      this.log.warn({ err, status }, 'sip response could not be sent');
    }
  }
}
