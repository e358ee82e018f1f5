import type { RemoteInfo } from 'node:dgram';
import { randomInt } from 'node:crypto';
import type { G711Law } from '../../shared/audio/g711.js';
import { defaultModes, type G711Leg, type LegContext, type LegModes } from '../session/leg.js';
import { G711Codec, type G711Name } from './g711-codec.js';
import { JitterBuffer, RTP_FRAME } from './jitter-buffer.js';
import { RTP_HEADER_BYTES, parseRtp, writeRtpHeader } from './rtp-packet.js';
import type { RtpPort } from './rtp-port-pool.js';
import { OFFERED_TELEPHONE_EVENT_PT, type MediaDirection } from './sdp.js';
import { dtmfEventCode, parseTelephoneEvent, writeTelephoneEvent } from './telephone-event.js';

/** Ticks a sent DTMF digit lasts (100 ms), and the silence after it (60 ms). */
const DTMF_TICKS = 5;
const DTMF_GAP_TICKS = 3;
/** RFC 4733 §2.5.1.4: the end packet is sent three times. */
const DTMF_END_REPEATS = 3;
const MAX_QUEUED_DIGITS = 64;

/** Where and how the far side receives audio, from its SDP. */
export interface RtpRemote {
  address: string;
  port: number;
  codec: G711Name;
  /** The payload type the far side uses for this codec (static 0 or 8 unless it renumbered). */
  payloadType: number;
  /** Its telephone-event payload type, or null when it does not do RFC 4733. */
  telephoneEvent: number | null;
  /** The far side's direction: `sendonly`/`inactive` means it put us on hold (we stop sending). */
  direction: MediaDirection;
}

/** Counters of one leg, for metrics and tests. */
export interface RtpLegStats {
  received: number;
  sent: number;
  /** Packets dropped: from a source other than the latched one, malformed, or of a payload type not negotiated. */
  dropped: number;
  late: number;
  lost: number;
}

/**
 * A telephone leg over RTP: G.711 at 8 kHz in 20 ms packets both ways through a jitter buffer, RFC 4733
 * telephone-events both ways. It is a G.711 leg of the agreed law: it hands the session the payload bytes
 * it received and sends the bytes it is given, so a listener hearing only this leg in the same law (a
 * stream, another RTP leg) gets them forwarded without decoding (the session's pass-through). Symmetric RTP: until the first valid packet arrives, audio goes to the
 * address in the far side's SDP; after it, to wherever that packet came from (the caller's NAT), and
 * packets from any other source are dropped. The SIP side (media/sip/) sets the far side with
 * `setRemote` when an answer or early-media SDP arrives and is told through `onClose` when the session
 * removes the leg.
 */
export class RtpLeg implements G711Leg {
  readonly kind = 'phone';
  readonly rate = 8000;
  readonly modes: LegModes = defaultModes();
  readonly stats: RtpLegStats = { received: 0, sent: 0, dropped: 0, late: 0, lost: 0 };

  private remote: RtpRemote | null = null;
  /** PCMU until an SDP says otherwise (it is offered first). */
  private codec = new G711Codec('PCMU');
  private agreed = false;
  private latched: { address: string; port: number } | null = null;
  private remoteSsrc: number | null = null;
  private readonly jitter = new JitterBuffer();
  private readonly out = new Uint8Array(RTP_FRAME);
  private heardAnything = false;
  private readonly ssrc = randomInt(0, 2 ** 32);
  private sequence = randomInt(0, 2 ** 16);
  private timestamp = randomInt(0, 2 ** 32);
  private first = true;
  /** RFC 4733 events received: the timestamp of the last one reported, so its repeats are not. */
  private lastEventTs: number | null = null;
  private readonly digits: string[] = [];
  private sending: { code: number; ts: number; tick: number; endsSent: number } | null = null;
  private gapTicks = 0;
  private closed = false;
  /** Set while the leg is a caller not answered yet: no audio either way until `answer()` sends the 200 OK. */
  private accept: (() => void) | null = null;

  constructor(
    readonly id: string,
    private readonly ctx: LegContext,
    private readonly port: RtpPort,
    private readonly onClose: (reason: string) => void = () => undefined,
    /** Called once per 20 ms tick (the SIP side's ring timeout counts these). */
    private readonly onTick: () => void = () => undefined,
  ) {
    port.socket.on('message', (data, rinfo) => {
      this.receive(data, rinfo);
      this.ctx.tickDue?.();
    });
  }

  /** The law of the agreed codec: what the session hands this leg and takes from it. */
  get format(): G711Law {
    return this.codec.name === 'PCMA' ? 'pcma' : 'pcmu';
  }

  /** The local UDP port (for the SDP). */
  get localPort(): number {
    return this.port.port;
  }

  /** True once RFC 4733 is agreed: the leg reports digits itself and in-band detection stays off. */
  get reportsDtmf(): boolean {
    return this.remote?.telephoneEvent != null;
  }

  /** Where the leg sends now (after latching, the far side's real source), or null before any SDP. */
  get sendTarget(): { address: string; port: number } | null {
    return this.latched ?? (this.remote ? { address: this.remote.address, port: this.remote.port } : null);
  }

  /** Sets or changes the far side (an answer, early media, or a re-INVITE). */
  setRemote(remote: RtpRemote): void {
    if (this.remote && (this.remote.address !== remote.address || this.remote.port !== remote.port)) {
      // The far side moved its media (a re-INVITE to another address): latch again.
      this.latched = null;
    }
    this.remote = remote;
    this.agreed = true;
    if (this.codec.name !== remote.codec) {
      // Audio buffered in the old law must not be played as the new one.
      this.codec = new G711Codec(remote.codec);
      this.jitter.reset();
    }
  }

  /** Makes the leg a caller calling in: silent both ways until `answer()`, which calls `accept` (the 200 OK). */
  callingIn(accept: () => void): void {
    this.accept = accept;
  }

  /** Answers a caller calling in (answerLeg); nothing for a leg already answered. */
  answer(): void {
    const accept = this.accept;
    this.accept = null;
    accept?.();
  }

  /** Queues digits to send as RFC 4733 events (ignored when the far side did not agree to them). */
  sendDtmf(digits: string): void {
    for (const d of digits) if (dtmfEventCode(d) !== null && this.digits.length < MAX_QUEUED_DIGITS) this.digits.push(d);
  }

  hearDtmf(digit: string): void {
    this.sendDtmf(digit);
  }

  pull(): Uint8Array | null {
    if (!this.heardAnything || this.accept !== null) return null;
    return this.jitter.pull(this.out, this.codec) === 'silent' ? null : this.out;
  }

  push(payload: Uint8Array): void {
    this.onTick();
    const remote = this.remote;
    const target = this.sendTarget;
    const ts = this.timestamp;
    this.timestamp = (this.timestamp + RTP_FRAME) >>> 0;
    if (this.closed || this.accept !== null || !remote || !target || remote.direction === 'sendonly' || remote.direction === 'inactive') return;
    if (remote.telephoneEvent !== null && this.sendEvent(remote.telephoneEvent, ts, target)) return;
    const packet = Buffer.allocUnsafe(RTP_HEADER_BYTES + RTP_FRAME);
    writeRtpHeader(packet, { payloadType: remote.payloadType, marker: this.takeMarker(), sequence: this.nextSequence(), timestamp: ts, ssrc: this.ssrc });
    packet.set(payload.length === RTP_FRAME ? payload : payload.subarray(0, RTP_FRAME), RTP_HEADER_BYTES);
    this.send(packet, target);
  }

  /** The far side ended the call (a BYE, or it never acknowledged our answer): the session removes the leg and reports it hung up. */
  endedByFarSide(reason = 'hung up'): void {
    if (!this.closed) this.ctx.ended(reason);
  }

  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.port.release();
    this.onClose(reason);
  }

  /** Sends this tick's telephone-event packet if a digit is being sent; true when it replaced the audio. */
  private sendEvent(pt: number, ts: number, target: { address: string; port: number }): boolean {
    if (!this.sending) {
      if (this.gapTicks > 0) {
        this.gapTicks--;
        return false;
      }
      const digit = this.digits.shift();
      if (digit === undefined) return false;
      this.sending = { code: dtmfEventCode(digit)!, ts, tick: 0, endsSent: 0 };
    }
    const s = this.sending;
    s.tick++;
    const end = s.tick >= DTMF_TICKS;
    const duration = Math.min(s.tick, DTMF_TICKS) * RTP_FRAME;
    const packet = Buffer.allocUnsafe(RTP_HEADER_BYTES + 4);
    writeRtpHeader(packet, { payloadType: pt, marker: s.tick === 1, sequence: this.nextSequence(), timestamp: s.ts, ssrc: this.ssrc });
    writeTelephoneEvent(packet, RTP_HEADER_BYTES, s.code, end, duration);
    this.send(packet, target);
    if (end) {
      s.endsSent++;
      if (s.endsSent >= DTMF_END_REPEATS) {
        this.sending = null;
        this.gapTicks = DTMF_GAP_TICKS;
      }
    }
    return true;
  }

  private receive(data: Buffer, rinfo: RemoteInfo): void {
    if (this.closed) return;
    const latched = this.latched;
    if (latched && (latched.address !== rinfo.address || latched.port !== rinfo.port)) {
      this.stats.dropped++;
      return;
    }
    const packet = parseRtp(data);
    const remote = this.remote;
    if (!packet || !remote || !this.agreed) {
      this.stats.dropped++;
      return;
    }
    const isAudio = packet.payloadType === remote.payloadType;
    const isEvent = packet.payloadType === remote.telephoneEvent || packet.payloadType === OFFERED_TELEPHONE_EVENT_PT;
    if (!isAudio && !isEvent) {
      this.stats.dropped++;
      return;
    }
    if (!latched) this.latched = { address: rinfo.address, port: rinfo.port };
    this.stats.received++;
    if (this.remoteSsrc !== packet.ssrc) {
      if (this.remoteSsrc !== null) this.jitter.reset();
      this.remoteSsrc = packet.ssrc;
      this.lastEventTs = null;
    }
    if (isEvent) {
      this.receiveEvent(packet.payload, packet.timestamp);
      return;
    }
    if (packet.payload.length === 0 || packet.payload.length > RTP_FRAME * 8) {
      this.stats.dropped++;
      return;
    }
    this.jitter.put(packet.timestamp, packet.payload);
    this.heardAnything = true;
    this.stats.late = this.jitter.late;
    this.stats.lost = this.jitter.lost;
  }

  /** One digit per event: the first packet of a timestamp reports it; repeats and the end packets do not. */
  private receiveEvent(payload: Uint8Array, timestamp: number): void {
    const event = parseTelephoneEvent(payload);
    if (!event || event.digit === null || this.lastEventTs === timestamp) return;
    this.lastEventTs = timestamp;
    if (this.ctx.pressed) this.ctx.pressed(event.digit);
    else this.ctx.report({ type: 'dtmf.received', legId: this.id, digit: event.digit });
  }

  private send(packet: Buffer, target: { address: string; port: number }): void {
    this.port.socket.send(packet, target.port, target.address, (err) => {
      if (err) this.stats.dropped++;
    });
    this.stats.sent++;
  }

  private nextSequence(): number {
    const s = this.sequence;
    this.sequence = (this.sequence + 1) & 0xffff;
    return s;
  }

  private takeMarker(): boolean {
    const m = this.first;
    this.first = false;
    return m;
  }
}
