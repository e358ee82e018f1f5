/**
 * A WebSocket client written over a bare TCP socket, for handshakes the `ws` package will not send (it fixes
 * the Connection and Upgrade headers). It reads the server's frames as they come and sends masked text frames.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { Waiters } from './waiters.js';

/** A frame from the server: its opcode (1 text, 2 binary, 8 close) and payload. */
export interface RawFrame {
  opcode: number;
  payload: Buffer;
}

/** One connection: `frame()` resolves with the server's frames in order; `ended` once the TCP socket closed. */
export class RawWebSocket {
  private buffer = Buffer.alloc(0);
  private readonly frames: RawFrame[] = [];
  private readonly waiters = new Waiters();
  private isEnded = false;
  /** False while the HTTP answer to the handshake is still being read. */
  private upgraded = false;
  readonly ended: Promise<void>;

  private constructor(private readonly socket: Socket) {
    this.ended = new Promise((resolve) => socket.once('close', () => {
      this.isEnded = true;
      this.waiters.wake();
      resolve();
    }));
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
  }

  /** Opens `url` (ws://) with the handshake's Connection header set to `connection`; resolves once the 101 arrived. */
  static async open(url: string, connection: string): Promise<RawWebSocket> {
    const target = new URL(url);
    const socket = connect(Number(target.port), target.hostname);
    const client = new RawWebSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('connect', () => resolve());
    });
    socket.write(
      `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: ${connection}\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    const head = await client.until(() => {
      const end = client.buffer.indexOf('\r\n\r\n');
      return end < 0 ? undefined : end;
    });
    const status = client.buffer.subarray(0, head).toString('latin1').split('\r\n')[0];
    client.buffer = client.buffer.subarray(head + 4);
    if (!status?.includes(' 101 ')) throw new Error(`handshake answered ${status}`);
    client.upgraded = true;
    client.parse();
    return client;
  }

  /** The next frame from the server; rejects when the connection ended first. */
  frame(): Promise<RawFrame> {
    return this.until(() => this.frames.shift());
  }

  /** Sends a text frame, masked as a client must. */
  sendText(text: string): void {
    const payload = Buffer.from(text);
    if (payload.length > 125) throw new Error('RawWebSocket sends short frames only');
    const mask = randomBytes(4);
    const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
    this.socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]));
  }

  close(): void {
    this.socket.destroy();
  }

  private until<T>(take: () => T | undefined): Promise<T> {
    return this.waiters.until(
      () => {
        const value = take();
        if (value === undefined && this.isEnded) throw new Error('the connection ended');
        return value;
      },
      20_000,
      'a frame',
      () => `${this.frames.length} frames unread`,
    );
  }

  // Server frames are unmasked; this reads lengths up to 64 KiB, which is all the endpoints send.
  private parse(): void {
    while (this.upgraded && this.buffer.length >= 2) {
      const opcode = this.buffer[0]! & 0x0f;
      let length = this.buffer[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.buffer.length < 4) return;
        length = this.buffer.readUInt16BE(2);
        offset = 4;
      }
      if (this.buffer.length < offset + length) return;
      this.frames.push({ opcode, payload: this.buffer.subarray(offset, offset + length) });
      this.buffer = this.buffer.subarray(offset + length);
    }
    this.waiters.wake();
  }
}
