import { randomBytes } from 'node:crypto';
import type { SipMessage, SipUri } from 'sip';
import { signRequest } from 'sip/digest.js';
import type { LegContext } from '../session/leg.js';
import { RtpLeg } from '../rtp/rtp-leg.js';
import type { RtpPort } from '../rtp/rtp-port-pool.js';
import { parseAudio, writeOffer } from '../rtp/sdp.js';
import type { SipSettings } from './sip-config.js';
import { contactHostPort, transportParam } from './sip-config.js';
import { SipDialog, remoteFrom } from './sip-dialog.js';
import { outcomeOf } from './sip-outcome.js';

/** What an outbound call needs from the agent. */
export interface CallHost {
  settings: SipSettings;
  send(message: SipMessage, onResponse?: (response: SipMessage) => void): void;
  /** Forgets the dialog (the call ended). */
  forget(call: OutboundCall): void;
}

/**
 * One outbound call: an INVITE through the trunk (retried once with digest credentials when challenged),
 * its provisional answers (ringing, early media), the dialog after 200 OK, and its end: CANCEL or BYE
 * when the session removes the leg, a BYE from the far end, or a failure answer mapped to a leg event.
 * The ring timeout counts the node's 20 ms ticks, like every other leg timer.
 */
export class OutboundCall extends SipDialog {
  readonly sipCallId = `${randomBytes(12).toString('hex')}@sentral`;
  readonly leg: RtpLeg;
  private remoteTag: string | null = null;
  private remoteTarget: string | SipUri;
  private routeSet: SipMessage['headers']['route'] = [];
  private cseq = 1;
  private invite: SipMessage | null = null;
  private ringing = false;
  private ticks = 0;
  private hangupWanted = false;
  private readonly digest: object = {};

  constructor(
    private readonly host: CallHost,
    readonly legId: string,
    private readonly to: string,
    private readonly from: string | undefined,
    private readonly ringTimeoutTicks: number | undefined,
    private readonly ctx: LegContext,
    port: RtpPort,
  ) {
    super(host.settings, 'calling');
    const { trunk } = host.settings;
    this.remoteTarget = `sip:${to}@${trunk.host}:${trunk.port}${transportParam(host.settings)}`;
    this.leg = new RtpLeg(legId, ctx, port, () => this.hangup(), () => this.tick());
  }

  /** The dialog's key for requests the far end sends (Call-ID and our tag). */
  get key(): string {
    return `${this.sipCallId};${this.localTag}`;
  }

  start(): void {
    this.sendInvite(false, undefined);
  }

  /** Ends the call from our side: CANCEL before the answer, BYE after. */
  hangup(): void {
    if (this.state === 'ended') return;
    if (this.state === 'confirmed') {
      this.state = 'ended';
      this.forget();
      this.host.send(this.inDialog('BYE'), () => undefined);
      return;
    }
    this.hangupWanted = true;
    // CANCEL may only follow a provisional answer; before one, it is sent when the first arrives.
    if (this.state === 'early') this.cancel();
  }

  protected forget(): void {
    this.host.forget(this);
  }

  protected override tick(): void {
    super.tick();
    if (this.state !== 'calling' && this.state !== 'early') return;
    this.ticks++;
    if (this.ringTimeoutTicks !== undefined && this.ticks === this.ringTimeoutTicks) {
      this.finish({ type: 'leg.noAnswer', legId: this.legId }, 'no answer');
      this.cancel();
    }
  }

  private sendInvite(withAuth: boolean, challenge: SipMessage | undefined): void {
    const invite: SipMessage = {
      method: 'INVITE',
      uri: this.remoteTarget,
      headers: {
        to: { uri: `sip:${this.to}@${this.host.settings.trunk.host}`, params: {} },
        from: { uri: `sip:${this.from ?? 'anonymous'}@${this.host.settings.publicAddress}`, params: { tag: this.localTag } },
        'call-id': this.sipCallId,
        cseq: { method: 'INVITE', seq: this.cseq },
        contact: [{ uri: this.contact(), params: {} }],
        'max-forwards': 70,
        'content-type': 'application/sdp',
        via: [],
      },
      content: writeOffer(this.local(this.leg.localPort)),
    };
    if (withAuth && this.host.settings.credentials) signRequest(this.digest, invite, challenge, this.host.settings.credentials);
    this.invite = invite;
    this.host.send(invite, (rs) => this.response(rs, withAuth));
  }

  private response(rs: SipMessage, authTried: boolean): void {
    const status = rs.status ?? 500;
    if (status < 200) {
      if (status > 100) this.provisional(rs);
      return;
    }
    if (status < 300) return this.answered(rs);
    if ((status === 401 || status === 407) && !authTried && this.host.settings.credentials && this.state !== 'ended' && !this.hangupWanted) {
      this.cseq++;
      this.sendInvite(true, rs);
      return;
    }
    if (status === 487 || this.state === 'ended') {
      this.end();
      return;
    }
    this.finish(outcomeOf(status, this.legId), `sip ${status}`);
  }

  private provisional(rs: SipMessage): void {
    if (this.state === 'ended') return;
    if (this.state === 'calling') this.state = 'early';
    if (this.hangupWanted) return this.cancel();
    this.earlyMedia(rs);
    if (!this.ringing) {
      this.ringing = true;
      this.ctx.report({ type: 'leg.ringing', legId: this.legId });
    }
  }

  private earlyMedia(rs: SipMessage): void {
    const answer = rs.content ? parseAudio(rs.content) : null;
    const codec = answer?.codecs[0];
    if (answer && codec) this.leg.setRemote(remoteFrom(answer, codec.name));
  }

  private answered(rs: SipMessage): void {
    const first = this.state !== 'confirmed';
    if (first) {
      this.remoteTag = (rs.headers.to?.params.tag as string | undefined) ?? null;
      const contact = rs.headers.contact?.[0];
      if (contact) this.remoteTarget = contact.uri;
      this.routeSet = (rs.headers['record-route'] ?? []).slice().reverse();
    }
    // Every 200 (a retransmission too) is acknowledged; the transaction layer leaves 2xx ACKs to us.
    this.host.send(this.inDialog('ACK', this.invite?.headers.cseq?.seq ?? this.cseq));
    if (!first) return;
    if (this.state === 'ended' || this.hangupWanted) {
      // Answered as we hung up (the 200 crossed our CANCEL): end it at once.
      this.state = 'confirmed';
      this.hangup();
      return;
    }
    this.state = 'confirmed';
    this.earlyMedia(rs);
    this.ctx.report({ type: 'leg.answered', legId: this.legId });
  }

  private cancel(): void {
    const invite = this.invite;
    if (!invite || this.state === 'confirmed') return;
    const cancel: SipMessage = {
      method: 'CANCEL',
      uri: invite.uri,
      headers: {
        to: invite.headers.to,
        from: invite.headers.from,
        'call-id': invite.headers['call-id'],
        cseq: { method: 'CANCEL', seq: invite.headers.cseq!.seq },
        via: invite.headers.via?.slice(0, 1),
        'max-forwards': 70,
      },
    };
    this.host.send(cancel, () => undefined);
  }

  /** Reports how the call failed and removes the leg without a second event. */
  private finish(event: Parameters<LegContext['report']>[0], reason: string): void {
    if (this.state === 'ended') return;
    this.state = 'ended';
    this.forget();
    this.ctx.report(event);
    this.ctx.ended(reason, { reported: true });
  }

  private end(): void {
    this.state = 'ended';
    this.forget();
  }

  private inDialog(method: string, seq?: number): SipMessage {
    return {
      method,
      uri: this.remoteTarget,
      headers: {
        to: { uri: `sip:${this.to}@${this.host.settings.trunk.host}`, params: this.remoteTag ? { tag: this.remoteTag } : {} },
        from: { uri: `sip:${this.from ?? 'anonymous'}@${this.host.settings.publicAddress}`, params: { tag: this.localTag } },
        'call-id': this.sipCallId,
        cseq: { method, seq: seq ?? ++this.cseq },
        contact: [{ uri: this.contact(), params: {} }],
        route: this.routeSet,
        'max-forwards': 70,
        via: [],
      },
    };
  }

  private contact(): string {
    const s = this.host.settings;
    return `sip:sentral@${contactHostPort(s)}${transportParam(s)}`;
  }
}
