import { randomBytes } from 'node:crypto';
import type { SipMessage } from 'sip';
import type { LegContext } from '../session/leg.js';
import { RtpLeg } from '../rtp/rtp-leg.js';
import type { RtpPort } from '../rtp/rtp-port-pool.js';
import { writeAnswer, type AudioDescription } from '../rtp/sdp.js';
import type { SipSettings } from './sip-config.js';
import { SipDialog, remoteFrom } from './sip-dialog.js';

/** What an inbound call needs from the agent. */
export interface InboundHost {
  settings: SipSettings;
  send(message: SipMessage, onResponse?: (response: SipMessage) => void): void;
  /** Answers the call's INVITE (with our tag); returns how to send the same answer again. */
  respond(status: number, reason: string, body?: string): () => void;
  forget(call: InboundCall): void;
}

/**
 * A call the trunk offers us: its INVITE waits (180 Ringing sent) until the inbound flow answers it with a
 * leg or rejects it, or the caller cancels. Once answered it is a dialog like an outbound call's: BYE both
 * ways, re-INVITE from the far end for hold, our 200 OK repeated until the caller's ACK.
 */
export class InboundCall extends SipDialog {
  readonly id = `sip_${randomBytes(10).toString('hex')}`;
  leg: RtpLeg | null = null;
  private cseq = 1;

  constructor(
    private readonly host: InboundHost,
    private readonly invite: SipMessage,
    private readonly offer: AudioDescription,
    readonly from: string,
    readonly to: string,
  ) {
    super(host.settings, 'offered');
  }

  get key(): string {
    return `${this.invite.headers['call-id']};${this.localTag}`;
  }

  get isOffered(): boolean {
    return this.state === 'offered';
  }

  /**
   * Takes the offer as a leg on `port` that keeps ringing (the caller hears the 180's ringing) until the
   * leg's `answer()` sends the 200 OK; removed before that, the caller gets 603 when rejected, else 480.
   * A CANCEL meanwhile ends the leg as hung up (`callerCancelled`).
   */
  take(legId: string, ctx: LegContext, port: RtpPort): RtpLeg {
    const leg = new RtpLeg(legId, ctx, port, (reason) => (reason === 'rejected' ? this.reject(603, 'Decline') : this.hangup()), () => this.tick());
    const answer = writeAnswer(this.local(leg.localPort), this.offer)!;
    leg.setRemote(remoteFrom(this.offer, answer.codec));
    this.leg = leg;
    leg.callingIn(() => {
      if (this.state !== 'offered') return;
      this.state = 'confirmed';
      this.repeatUntilAcked(this.invite, this.host.respond(200, 'OK', answer.sdp));
      ctx.report({ type: 'leg.answered', legId });
    });
    return leg;
  }

  /** The caller cancelled after its offer was taken but before the answer: 487, and its leg ends as hung up. */
  callerCancelled(): void {
    this.cancelled();
    this.leg?.endedByFarSide('cancelled');
  }

  /** Refuses the offer (603 Decline by default). */
  reject(status = 603, reason = 'Decline'): void {
    if (this.state !== 'offered') return;
    this.state = 'ended';
    this.forget();
    this.host.respond(status, reason);
  }

  /** The caller cancelled before the answer: 487 to its INVITE. */
  cancelled(): void {
    if (this.state !== 'offered') return;
    this.state = 'ended';
    this.forget();
    this.host.respond(487, 'Request Terminated');
  }

  /** Ends the call from our side: BYE once answered. */
  hangup(): void {
    if (this.state === 'offered') return this.reject(480, 'Temporarily Unavailable');
    if (this.state === 'ended') return;
    this.state = 'ended';
    this.forget();
    const inv = this.invite;
    const contact = inv.headers.contact?.[0]?.uri ?? inv.headers.from!.uri;
    this.host.send(
      {
        method: 'BYE',
        uri: contact,
        headers: {
          to: inv.headers.from,
          from: { uri: inv.headers.to!.uri, params: { tag: this.localTag } },
          'call-id': inv.headers['call-id'],
          cseq: { method: 'BYE', seq: ++this.cseq },
          route: (inv.headers['record-route'] ?? []).slice(),
          'max-forwards': 70,
          via: [],
        },
      },
      () => undefined,
    );
  }

  protected forget(): void {
    this.host.forget(this);
  }
}
