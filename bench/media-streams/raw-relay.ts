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
import { MULAW_SILENCE } from '../../shared/audio/g711.js';
import { TickProbe } from '../media-tick/tick-probe.js';
import type { SenderCommand, SenderReply } from './sender-messages.js';
import { SenderWindow } from './sender-window.js';

// The same native masking `ws` uses.
const { mask: applyMask } = createRequire(import.meta.url)('bufferutil') as {
  mask(source: Buffer, mask: Buffer, output: Buffer, offset: number, length: number): void;
};

const MAX_BUFFERED = 64 * 1024;
const FRAME = 160;
const silence = Buffer.alloc(FRAME, MULAW_SILENCE).toString('base64');
const HEADER_END = Buffer.from('\r\n\r\n');

interface Relayed {
  socket: net.Socket;
  sid: string;
  sequence: number;
  chunk: number;
  queue: (Buffer | string)[];
  offset: number;
  due: string[];
  /** Bytes read and not yet a whole frame (or, before the upgrade, the response so far). */
  pending: Buffer | null;
  upgraded: boolean;
}

const probe = new TickProbe();
const window = new SenderWindow(probe);
const sockets: Relayed[] = [];
let tick = 0;
const maskKey = Buffer.alloc(4);
const randomPool = Buffer.alloc(8192);
let randomAt = randomPool.length;

probe.start(() => {
  const timestamp = String(tick++ * 20);
  for (const s of sockets) {
    if (!s.upgraded || s.socket.destroyed || s.socket.writableLength > MAX_BUFFERED) continue;
    if (s.due.length > 0) {
      for (const name of s.due) send(s, `{"event":"mark","sequenceNumber":"${++s.sequence}","streamSid":"${s.sid}","mark":{"name":${JSON.stringify(name)}}}`);
      s.due.length = 0;
    }
    const payload = nextFrame(s);
    const n = ++s.sequence;
    send(s, `{"event":"media","sequenceNumber":"${n}","streamSid":"${s.sid}","media":{"track":"inbound","chunk":"${++s.chunk}","timestamp":"${timestamp}","payload":"${payload}"}}`);
    while (typeof s.queue[0] === 'string') s.due.push(s.queue.shift() as string);
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

function nextFrame(s: Relayed): string {
  const head = s.queue[0];
  if (head === undefined || typeof head === 'string') return silence;
  if (head.length - s.offset >= FRAME) {
    const frame = head.subarray(s.offset, s.offset + FRAME);
    s.offset += FRAME;
    if (s.offset === head.length) {
      s.queue.shift();
      s.offset = 0;
    }
    return frame.toString('base64');
  }
  const frame = Buffer.alloc(FRAME, MULAW_SILENCE);
  head.copy(frame, 0, s.offset);
  s.queue.shift();
  s.offset = 0;
  return frame.toString('base64');
}

function received(s: Relayed, data: Buffer): void {
  const m = JSON.parse(data.toString()) as { event: string; media?: { payload: string }; mark?: { name: string } };
  if (m.event === 'media' && m.media) s.queue.push(Buffer.from(m.media.payload, 'base64'));
  else if (m.event === 'mark' && m.mark) s.queue.push(m.mark.name);
  else if (m.event === 'clear') {
    const marks = s.queue.filter((e): e is string => typeof e === 'string');
    s.due.push(...marks);
    s.queue = [];
    s.offset = 0;
  }
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
    if (opcode === 1) received(s, buf.subarray(at + header, at + header + length));
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
    const relayed: Relayed = { socket, sid, sequence: 1, chunk: 0, queue: [], offset: 0, due: [], pending: null, upgraded: false };
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
        send(relayed, JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
        send(relayed, JSON.stringify({ event: 'start', sequenceNumber: '1', streamSid: sid, start: { streamSid: sid, tracks: ['inbound'], mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 } } }));
        sockets.push(relayed);
        resolve();
      }
    });
    socket.once('error', reject);
  });
}

const reply = (r: SenderReply): void => void process.send!(r);
process.on('disconnect', () => process.exit(0));
process.on('message', (command: SenderCommand) => {
  switch (command.type) {
    case 'open': {
      const from = sockets.length;
      void Promise.all(Array.from({ length: command.count - from }, (_, i) => dial(command.url, from + i))).then(() => reply({ type: 'opened' }));
      break;
    }
    case 'reset':
      void window.reset(command.allocation).then(() => reply({ type: 'ok' }));
      break;
    case 'report':
      void window.report(sockets.length).then((report) => reply({ type: 'report', ...report }));
      break;
  }
});
