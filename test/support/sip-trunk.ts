import type { TlsOptions } from 'node:tls';
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import * as sip from 'sip';
import type { SipMessage, Stack } from 'sip';
import { authenticateRequest, challenge } from 'sip/digest.js';
import { createLogger } from '../../shared/log/log.js';
import { createSipStack } from '../../media/sip/sip-stack.js';
import { freeSipPort } from './baresip.js';

/** How the scripted trunk answers an INVITE. */
export type TrunkBehaviour =
  | { kind: 'answer'; challenge?: { status: 401 | 407; realm: string; user: string; password: string } }
  | { kind: 'status'; status: number }
  /** Proxies the INVITE (and a CANCEL of it) to a phone (baresip) on 127.0.0.2:port, as a carrier routes a call. */
  | { kind: 'forward'; port: number };

/**
 * A scriptable SIP trunk on 127.0.0.2 (or `host`) made with the same `sip` stack (UDP and TCP): it answers INVITEs as
 * told (with a digest challenge first when asked), keeps an RTP socket for the answered call, and can send
 * BYE and re-INVITE into the dialog. For the paths baresip cannot drive: digest, TCP, hold, status codes.
 */
export class SipTrunk {
  readonly requests: SipMessage[] = [];
  /** The TLS listener's port, when started with TLS options. */
  tlsPort = 0;
  readonly rtp: Buffer[] = [];
  behaviour: TrunkBehaviour = { kind: 'answer' };
  /** As a registrar: the digest credentials REGISTER must carry (challenged with 401 first), and what it grants. */
  registrar: { realm: string; user: string; password: string; grantSeconds?: number } | null = null;
  /** Behaviour by the number dialled (the Request-URI's user part), before `behaviour`. */
  readonly numbers = new Map<string, TrunkBehaviour>();
  /** CANCELs for forwarded INVITEs still unanswered, by Call-ID. */
  private readonly cancels = new Map<string, () => void>();
  private stack!: Stack;
  private rtpSocket!: Socket;
  private dialog: { invite: SipMessage; tag: string; cseq: number } | null = null;
  private readonly auth = new Map<string, object>();
  private readonly waiters = new Set<() => void>();

  private constructor(
    readonly port: number,
    readonly host: string,
  ) {}

  /** A trunk that forwards to phones on 127.0.0.2 needs another address: the stack takes its own address's URIs for itself. */
  static async start(host = '127.0.0.2', tls?: TlsOptions): Promise<SipTrunk> {
    const port = await freeSipPort(host);
    const t = new SipTrunk(port, host);
    t.rtpSocket = createSocket('udp4');
    t.rtpSocket.bind(0, host);
    await once(t.rtpSocket, 'listening');
    t.rtpSocket.on('message', (b) => {
      t.rtp.push(b);
      t.notify();
    });
    if (tls) t.tlsPort = await freeSipPort(host);
    t.stack = createSipStack(
      { address: host, port, publicAddress: host, udp: true, tcp: true, ...(tls ? { tls, tls_port: t.tlsPort } : {}) },
      (rq) => t.onRequest(rq),
      createLogger({ level: 'silent' }),
    );
    return t;
  }

  /** Resolves once `done()` holds, re-checked after each request or RTP packet. */
  until(done: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        if (!done()) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Sends a request into the answered call's dialog (BYE, or INVITE with an SDP direction). */
  inDialog(method: 'BYE' | 'INVITE', direction?: string): Promise<SipMessage> {
    const d = this.dialog!;
    const inv = d.invite;
    const rq: SipMessage = {
      method,
      uri: inv.headers.contact![0]!.uri,
      headers: {
        to: inv.headers.from,
        from: { uri: inv.headers.to!.uri, params: { tag: d.tag } },
        'call-id': inv.headers['call-id'],
        cseq: { method, seq: ++d.cseq },
        contact: [{ uri: `sip:trunk@${this.host}:${this.port}`, params: {} }],
        'max-forwards': 70,
        via: [],
      },
    };
    if (direction) {
      rq.headers['content-type'] = 'application/sdp';
      rq.content = this.sdp(direction);
    }
    return new Promise((resolve) =>
      this.stack.send(rq, (rs) => {
        if ((rs.status ?? 0) < 200) return;
        if (method === 'INVITE') this.stack.send({ method: 'ACK', uri: rq.uri, headers: { ...rq.headers, cseq: { method: 'ACK', seq: d.cseq }, to: rs.headers.to, via: [] } });
        resolve(rs);
      }),
    );
  }

  close(): void {
    const stack = this.stack;
    setImmediate(() => stack.destroy());
    this.rtpSocket.close();
  }

  private onRequest(rq: SipMessage): void {
    this.requests.push(rq);
    this.notify();
    if (rq.method === 'ACK') return;
    if (rq.method === 'INVITE' && !rq.headers.to?.params.tag) return this.invite(rq);
    if (rq.method === 'REGISTER' && this.registrar) return this.register(rq, this.registrar);
    if (rq.method === 'CANCEL') {
      this.stack.send(sip.makeResponse(rq, 200, 'OK'));
      this.cancels.get(rq.headers['call-id']!)?.();
      return;
    }
    this.stack.send(sip.makeResponse(rq, 200, 'OK'));
  }

  private register(rq: SipMessage, r: NonNullable<SipTrunk['registrar']>): void {
    const key = `register:${rq.headers['call-id']}`;
    const ctx = this.auth.get(key);
    if (!ctx || !(rq.headers.authorization as unknown[] | undefined)?.length) {
      const fresh = { realm: r.realm };
      this.auth.set(key, fresh);
      return this.stack.send(challenge(fresh, sip.makeResponse(rq, 401)));
    }
    if (!authenticateRequest(ctx, rq, { user: r.user, password: r.password })) return this.stack.send(sip.makeResponse(rq, 403));
    const ok = sip.makeResponse(rq, 200, 'OK');
    const asked = Number(rq.headers.expires);
    ok.headers.contact = (rq.headers.contact ?? []).map((c) => ({ ...c, params: { ...c.params, expires: String(r.grantSeconds ?? asked) } }));
    this.stack.send(ok);
  }

  private invite(rq: SipMessage): void {
    const b = this.numbers.get(sip.parseUri(rq.uri!)?.user ?? '') ?? this.behaviour;
    if (b.kind === 'status') return this.stack.send(sip.makeResponse(rq, b.status));
    if (b.kind === 'forward') return this.forward(rq, b.port);
    if (b.challenge) {
      const key = rq.headers['call-id']!;
      let ctx = this.auth.get(key) as { realm?: string } | undefined;
      if (!ctx) {
        ctx = { realm: b.challenge.realm };
        this.auth.set(key, ctx);
        return this.stack.send(challenge(ctx, sip.makeResponse(rq, b.challenge.status)));
      }
      if (!authenticateRequest(ctx, rq, { user: b.challenge.user, password: b.challenge.password })) return this.stack.send(sip.makeResponse(rq, 403));
    }
    const tag = `trunk${Date.now()}`;
    const ringing = sip.makeResponse(rq, 180, 'Ringing');
    ringing.headers.to!.params.tag = tag;
    this.stack.send(ringing);
    const ok = sip.makeResponse(rq, 200, 'OK');
    ok.headers.to!.params.tag = tag;
    // A request that came over TLS is answered with a TLS contact, so the dialog's later requests stay on TLS.
    const overTls = rq.headers.via?.[0]?.protocol?.toUpperCase() === 'TLS';
    ok.headers.contact = [{ uri: overTls ? `sip:trunk@${this.host}:${this.tlsPort};transport=tls` : `sip:trunk@${this.host}:${this.port}`, params: {} }];
    ok.headers['content-type'] = 'application/sdp';
    ok.content = this.sdp('sendrecv');
    this.dialog = { invite: rq, tag, cseq: 100 };
    this.stack.send(ok);
  }

  /**
   * A stateful proxy's INVITE: sent on with our Via on top, every answer sent back without it. No
   * Record-Route: the dialog's later requests (ACK for 200, BYE) go between the ends directly.
   */
  private forward(rq: SipMessage, port: number): void {
    const out = sip.copyMessage(rq);
    out.uri = `sip:${sip.parseUri(rq.uri!)?.user}@127.0.0.2:${port}`;
    const callId = rq.headers['call-id']!;
    this.stack.send(out, (rs) => {
      if ((rs.status ?? 0) < 200) {
        const via = out.headers.via![0]!;
        const cancel: SipMessage = {
          method: 'CANCEL',
          uri: out.uri,
          headers: { via: [via], to: out.headers.to, from: out.headers.from, 'call-id': callId, cseq: { method: 'CANCEL', seq: out.headers.cseq!.seq }, 'max-forwards': 70 },
        };
        this.cancels.set(callId, () => this.stack.send(cancel, () => undefined));
      } else {
        this.cancels.delete(callId);
      }
      rs.headers.via!.shift();
      this.stack.send(rs);
    });
  }

  private sdp(direction: string): string {
    const port = this.rtpSocket.address().port;
    return `v=0\r\no=trunk 1 1 IN IP4 ${this.host}\r\ns=-\r\nc=IN IP4 ${this.host}\r\nt=0 0\r\nm=audio ${port} RTP/AVP 8 101\r\na=rtpmap:8 PCMA/8000\r\na=rtpmap:101 telephone-event/8000\r\na=${direction}\r\n`;
  }

  private notify(): void {
    for (const w of [...this.waiters]) w();
  }
}
