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
/** Ticks (20 ms) to wait before each redial after a drop: 0.5, 1, 2, 4 s, then 4 s again. */
const REDIAL_TICKS = [25, 50, 100, 200] as const;
/** Ticks after a drop within which redialling goes on (15 s); then the link is a departure. */
const REDIAL_WINDOW_TICKS = 750;

/** Whether a close code is the room's own decision (normal, going away, or one of its 4xxx codes), not a failure. */
function roomClosedIt(code: number): boolean {
  return code === 1000 || code === 1001 || (code >= 4000 && code < 5000);
}

/**
 * A leg of this session joined to another call's room. A connection lost without a close from the room (a network
 * failure between nodes) is dialled again with the same token, timed in ticks; while it is down the leg says and
 * hears nothing.
 */
export class LinkLeg implements PcmLeg {
  readonly kind = 'link';
  readonly format = 'l16';
  readonly rate = 16000;
  readonly modes: LegModes = defaultModes();
  private socket: WebSocket | null = null;
  private readonly queue: Int16Array[] = [];
  private readonly out = new Int16Array(ROOM_FRAME_BYTES / 2);
  private prepared = false;
  private opened = false;
  private closed = false;
  private ticks = 0;
  /** The tick the connection was lost on, or -1 while connected. */
  private droppedOn = -1;
  /** The tick of the next redial, or -1 when none is due. */
  private redialOn = -1;
  /** Redials since the link was last connected (each waits longer, up to the last of REDIAL_TICKS). */
  private redials = 0;

  constructor(
    readonly id: string,
    private readonly target: { url: string; token: string },
    private readonly ctx: LegContext,
  ) {
    this.dial();
  }

  private dial(): void {
    const url = new URL(this.target.url);
    url.searchParams.set('token', this.target.token);
    const socket = new WebSocket(url, { handshakeTimeout: HANDSHAKE_TIMEOUT_MS, maxPayload: 64 * 1024 });
    this.socket = socket;
    socket.binaryType = 'nodebuffer';
    socket.on('open', () => {
      if (socket !== this.socket || this.closed) return;
      this.droppedOn = -1;
      this.redials = 0;
      if (this.opened) return;
      this.opened = true;
      this.ctx.report({ type: 'participant.connected', legId: this.id });
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      // Text frames are the room's presence and data messages: nothing for a caller's telephone.
      if (socket === this.socket && isBinary && data.length === ROOM_FRAME_BYTES) this.receive(data);
    });
    // ws follows every error with close, which decides.
    socket.on('error', () => undefined);
    socket.on('close', (code: number) => {
      if (socket === this.socket) this.lost(code);
    });
  }

  private receive(data: Buffer): void {
    if (this.queue.length >= MAX_QUEUED_FRAMES) this.queue.shift();
    const frame = new Int16Array(ROOM_FRAME_BYTES / 2);
    for (let i = 0; i < frame.length; i++) frame[i] = data.readInt16LE(i * 2);
    this.queue.push(frame);
  }

  /**
   * The connection closed: a failure when it never connected; a departure when the room closed it (the target
   * removed the caller or ended) or redialling has gone on for its window; otherwise a redial is scheduled.
   */
  private lost(code: number): void {
    if (this.closed) return;
    this.queue.length = 0;
    if (!this.opened) {
      this.closed = true;
      this.ctx.report({ type: 'leg.failed', legId: this.id, reason: 'the other call\'s room could not be joined' });
      this.ctx.ended('link failed', { reported: true });
      return;
    }
    if (this.droppedOn < 0) this.droppedOn = this.ticks;
    if (roomClosedIt(code) || this.ticks - this.droppedOn >= REDIAL_WINDOW_TICKS) {
      this.closed = true;
      this.ctx.ended('disconnected');
      return;
    }
    this.redialOn = this.ticks + REDIAL_TICKS[Math.min(this.redials, REDIAL_TICKS.length - 1)]!;
    this.redials++;
  }

  pull(): Int16Array | null {
    this.ticks++;
    if (this.redialOn >= 0 && this.ticks >= this.redialOn && !this.closed) {
      this.redialOn = -1;
      this.dial();
    }
    return this.queue.shift() ?? null;
  }

  push(frame: Int16Array): void {
    this.out.set(frame);
    this.prepared = true;
  }

  flush(): void {
    if (!this.prepared) return;
    this.prepared = false;
    const socket = this.socket;
    if (socket === null || socket.readyState !== WebSocket.OPEN || socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
    socket.send(Buffer.from(this.out.buffer, this.out.byteOffset, this.out.byteLength));
  }

  close(): void {
    this.closed = true;
    this.redialOn = -1;
    const socket = this.socket;
    if (socket === null) return;
    if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else socket.close(1000);
  }
}
