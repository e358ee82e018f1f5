/**
 * The leg that carries a moved caller into another call (docs/media.md, Link legs): a client of the other
 * call's room endpoint, on whatever node that call lives, joined with the room token of the participant the
 * other call made for the caller. What this session mixes for the leg (the caller, and anyone else still in
 * the caller's own call) goes to the other room as the participant's audio; what the other room mixes for
 * that participant is what this leg says here. Frames are the room's: 20 ms of PCM16 at 16 kHz.
 */
import WebSocket from 'ws';
import { ROOM_FRAME_BYTES } from '../../protocol/room/room-message.js';
import { defaultModes, type LegContext, type LegModes, type PcmLeg } from '../session/leg.js';

/** Frames from the other room held before the oldest is dropped (200 ms), as a room leg holds a client's. */
const MAX_QUEUED_FRAMES = 10;
/** Bytes waiting in the socket above which a frame is dropped rather than queued (half a second). */
const MAX_BUFFERED_BYTES = 25 * ROOM_FRAME_BYTES;
/** How long the other room may take to accept the connection. */
const HANDSHAKE_TIMEOUT_MS = 10_000;

/** A leg of this session joined to another call's room. */
export class LinkLeg implements PcmLeg {
  readonly kind = 'link';
  readonly format = 'l16';
  readonly rate = 16000;
  readonly modes: LegModes = defaultModes();
  private readonly socket: WebSocket;
  private readonly queue: Int16Array[] = [];
  private readonly out = new Int16Array(ROOM_FRAME_BYTES / 2);
  private prepared = false;
  private opened = false;
  private closed = false;

  constructor(
    readonly id: string,
    target: { url: string; token: string },
    private readonly ctx: LegContext,
  ) {
    const url = new URL(target.url);
    url.searchParams.set('token', target.token);
    this.socket = new WebSocket(url, { handshakeTimeout: HANDSHAKE_TIMEOUT_MS, maxPayload: 64 * 1024 });
    this.socket.binaryType = 'nodebuffer';
    this.socket.on('open', () => {
      this.opened = true;
      this.ctx.report({ type: 'participant.connected', legId: this.id });
    });
    this.socket.on('message', (data: Buffer, isBinary: boolean) => {
      // Text frames are the room's presence and data messages: nothing for a caller's telephone.
      if (isBinary && data.length === ROOM_FRAME_BYTES) this.receive(data);
    });
    this.socket.on('error', () => this.end());
    this.socket.on('close', () => this.end());
  }

  private receive(data: Buffer): void {
    if (this.queue.length >= MAX_QUEUED_FRAMES) this.queue.shift();
    const frame = new Int16Array(ROOM_FRAME_BYTES / 2);
    for (let i = 0; i < frame.length; i++) frame[i] = data.readInt16LE(i * 2);
    this.queue.push(frame);
  }

  /** The other room closed or could not be reached: the leg leaves (a failure when it never connected). */
  private end(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.opened) {
      this.ctx.report({ type: 'leg.failed', legId: this.id, reason: 'the other call\'s room could not be joined' });
      this.ctx.ended('link failed', { reported: true });
    } else {
      this.ctx.ended('disconnected');
    }
  }

  pull(): Int16Array | null {
    return this.queue.shift() ?? null;
  }

  push(frame: Int16Array): void {
    this.out.set(frame);
    this.prepared = true;
  }

  flush(): void {
    if (!this.prepared) return;
    this.prepared = false;
    if (this.socket.readyState !== WebSocket.OPEN || this.socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
    this.socket.send(Buffer.from(this.out.buffer, this.out.byteOffset, this.out.byteLength));
  }

  close(): void {
    this.closed = true;
    if (this.socket.readyState === WebSocket.CONNECTING) this.socket.terminate();
    else this.socket.close(1000);
  }
}
