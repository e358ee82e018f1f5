import { randomBytes } from 'node:crypto';
import type { SipMessage } from 'sip';
import type { RtpLeg, RtpRemote } from '../rtp/rtp-leg.js';
import { parseAudio, writeAnswer, type AudioDescription, type LocalAudio } from '../rtp/sdp.js';
import type { SipSettings } from './sip-config.js';

/** Answers a request of the dialog; returns how to send the same answer again (a 2xx to INVITE is ours to repeat). */
export type Respond = (status: number, reason?: string, body?: string) => () => void;

/** Where a call is: dialling (calling, early), offered to us, in the dialog, or over. */
export type DialogState = 'calling' | 'early' | 'offered' | 'confirmed' | 'ended';

/** RFC 3261 timers in the node's 20 ms ticks: T1 500 ms, T2 4 s, and 64·T1 (32 s) before giving up. */
const T1_TICKS = 25;
const T2_TICKS = 200;
const GIVE_UP_TICKS = 64 * T1_TICKS;

/**
 * What an outbound and an inbound call share once they have a dialog: our tag and SDP session, the far
 * end's BYE and re-INVITE (hold, resume, a new address), and the 2xx answers to INVITE that we repeat
 * until the ACK comes (RFC 3261 §13.3.1.4: the transaction layer leaves them to us), counted in the leg's
 * ticks. With no ACK after 32 s the dialog is ended with a BYE.
 */
export abstract class SipDialog {
  readonly localTag = randomBytes(6).toString('hex');
  protected state: DialogState;
  private readonly sessionId = String(Date.now());
  private sdpVersion = 1;
  /** A 2xx to INVITE not yet acknowledged: its CSeq, how to send it again, and when. */
  private unacked: { seq: number; again: () => void; next: number; interval: number; ticks: number } | null = null;

  protected constructor(
    protected readonly settings: SipSettings,
    state: DialogState,
  ) {
    this.state = state;
  }

  /** The call's RTP leg, once it has one. */
  abstract readonly leg: RtpLeg | null;

  /** Forgets the dialog at the agent (the call ended). */
  protected abstract forget(): void;

  /** Ends the call from our side (BYE once in the dialog). */
  abstract hangup(): void;

  /** A request inside this dialog from the far end: BYE, a re-INVITE, or the ACK of our 2xx. */
  request(rq: SipMessage, respond: Respond): void {
    switch (rq.method) {
      case 'BYE':
        respond(200, 'OK');
        if (this.state === 'ended') return;
        this.state = 'ended';
        this.unacked = null;
        this.forget();
        this.leg?.endedByFarSide();
        return;
      case 'INVITE': {
        const offer = parseAudio(rq.content ?? '');
        const leg = this.leg;
        const answer = offer && leg ? writeAnswer(this.local(leg.localPort), offer) : null;
        if (!offer || !answer || !leg) {
          respond(488, 'Not Acceptable Here');
          return;
        }
        leg.setRemote(remoteFrom(offer, answer.codec));
        this.repeatUntilAcked(rq, respond(200, 'OK', answer.sdp));
        return;
      }
      case 'ACK':
        if (this.unacked?.seq === rq.headers.cseq?.seq) this.unacked = null;
        return;
      default:
        respond(405, 'Method Not Allowed');
    }
  }

  /** True while a 2xx of ours waits for its ACK (tests). */
  get awaitingAck(): boolean {
    return this.unacked !== null;
  }

  /** Repeats `again` (our 2xx to `invite`) at T1, 2·T1, … up to T2 until its ACK arrives. */
  protected repeatUntilAcked(invite: SipMessage, again: () => void): void {
    this.unacked = { seq: invite.headers.cseq?.seq ?? 0, again, next: T1_TICKS, interval: T1_TICKS, ticks: 0 };
  }

  /** Once per 20 ms tick of the leg. */
  protected tick(): void {
    const u = this.unacked;
    if (!u || this.state === 'ended') return;
    u.ticks++;
    if (u.ticks >= GIVE_UP_TICKS) {
      this.unacked = null;
      this.hangup();
      this.leg?.endedByFarSide('no ACK');
      return;
    }
    if (u.ticks < u.next) return;
    u.again();
    u.interval = Math.min(u.interval * 2, T2_TICKS);
    u.next = u.ticks + u.interval;
  }

  /** Our side of the SDP, a new version each time. */
  protected local(port: number): LocalAudio {
    return { address: this.settings.publicAddress, port, sessionId: this.sessionId, version: this.sdpVersion++ };
  }
}

/** The leg's view of the far side from its SDP and the codec agreed. */
export function remoteFrom(desc: AudioDescription, codec: 'PCMU' | 'PCMA'): RtpRemote {
  const chosen = desc.codecs.find((c) => c.name === codec) ?? desc.codecs[0]!;
  return { address: desc.address, port: desc.port, codec: chosen.name, payloadType: chosen.payloadType, telephoneEvent: desc.telephoneEvent, direction: desc.direction };
}
