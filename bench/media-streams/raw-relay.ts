/**
 * The bare relay of the media-streams bench on a minimal WebSocket client instead of `ws` (its own process,
 * forked by run.ts as the side `raw`): the same reading, queueing, marks, `clear` and sends on the same
 * TickClock as bare-relay.ts, but the upgrade, the framing and the masking written straight on `net.Socket`
 * (one masked frame, one `write`; frames cut from the socket's chunks without a Writable). It measures how
 * much of the relay's cost, and so of the node's floor, is the WebSocket library and Node's stream
 * machinery around it. Text frames of one fragment only (what the bots send); enough for a bench, not a client.
 */
import { randomBytes, randomFillSync } from 'node:crypto';
import { createRequire } from 'node:module';
import net from 'node:net';
import { TickProbe } from '../media-tick/tick-probe.js';
import { answerRunner, MAX_BUFFERED, openingMessages, receive, relayStream, sendTick, type RelayStream } from './relay-stream.js';

// The same native masking `ws` uses.
const { mask: applyMask } = createRequire(import.meta.url)('bufferutil') as {
  mask(source: Buffer, mask: Buffer, output: Buffer, offset: number, length: number): void;
};

const HEADER_END = Buffer.from('\r\n\r\n');

interface Relayed extends RelayStream {
  socket: net.Socket;
  /** Bytes read and not yet a whole frame (or, before the upgrade, the response so far). */
  pending: Buffer | null;
  upgraded: boolean;
}

const probe = new TickProbe();
const sockets: Relayed[] = [];
let tick = 0;
const maskKey = Buffer.alloc(4);
const randomPool = Buffer.alloc(8192);
let randomAt = randomPool.length;

probe.start(() => {
  const timestamp = String(tick++ * 20);
  for (const s of sockets) {
    if (!s.upgraded || s.socket.destroyed || s.socket.writableLength > MAX_BUFFERED) continue;
    sendTick(s, timestamp, send);
  }
});

// One masked text frame in one buffer, one write (a client's frames must be masked: RFC 6455 §5.3).
function send(s: Relayed, text: string): void {
  const data = Buffer.from(text);
  const length = data.length;
  const header = length > 125 ? 8 : 4 + 2;
  const out = Buffer.allocUnsafe(header + length);
  out[0] = 0x81;
  if (length > 125) {
    out[1] = 0x80 | 126;
    out.writeUInt16BE(length, 2);
  } else {
    out[1] = 0x80 | length;
  }
  if (randomAt === randomPool.length) {
    randomFillSync(randomPool);
    randomAt = 0;
  }
  for (let i = 0; i < 4; i++) maskKey[i] = randomPool[randomAt++]!;
  maskKey.copy(out, header - 4);
  applyMask(data, maskKey, out, header, length);
  s.socket.write(out);
}

// Cuts whole frames from what was read; keeps the rest for the next chunk.
function read(s: Relayed, chunk: Buffer): void {
  let buf = s.pending === null ? chunk : Buffer.concat([s.pending, chunk]);
  s.pending = null;
  if (!s.upgraded) {
    const end = buf.indexOf(HEADER_END);
    if (end < 0) {
      s.pending = buf;
      return;
    }
    if (!buf.subarray(0, 12).toString('latin1').startsWith('HTTP/1.1 101')) throw new Error(`upgrade refused: ${buf.subarray(0, end).toString('latin1')}`);
    s.upgraded = true;
    buf = buf.subarray(end + 4);
  }
  let at = 0;
  while (buf.length - at >= 2) {
    const opcode = buf[at]! & 0x0f;
    let length = buf[at + 1]! & 0x7f;
    let header = 2;
    if (length === 126) {
      if (buf.length - at < 4) break;
      length = buf.readUInt16BE(at + 2);
      header = 4;
    } else if (length === 127) {
      if (buf.length - at < 10) break;
      length = buf.readUInt32BE(at + 6);
      header = 10;
    }
    if (buf.length - at < header + length) break;
    if (opcode === 1) receive(s, buf.subarray(at + header, at + header + length));
    at += header + length;
  }
  if (at < buf.length) s.pending = Buffer.from(buf.subarray(at));
}

function dial(url: string, index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const sid = `str_raw${index}`;
    const socket = net.connect(Number(target.port), target.hostname);
    socket.setNoDelay(true);
    const relayed: Relayed = { socket, ...relayStream(sid), pending: null, upgraded: false };
    socket.once('connect', () => {
      socket.write(
        `GET ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      const was = relayed.upgraded;
      read(relayed, chunk);
      if (!was && relayed.upgraded) {
        for (const text of openingMessages(sid)) send(relayed, text);
        sockets.push(relayed);
        resolve();
      }
    });
    socket.once('error', reject);
  });
}

answerRunner(probe, () => sockets.length, dial);
