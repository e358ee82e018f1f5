/**
 * The baseline of the media-streams bench, in its own process (forked by run.ts with IPC): the least a
 * process must do to carry N bidirectional streams. It dials the same customer servers and sends a
 * precomputed `start`; it reads every message the bot sends as the node does (JSON, base64 audio into a
 * per-stream queue of 20 ms frames, marks kept in place and echoed once their audio has been played (at the
 * next tick after the frame that held their last audio was sent, as the node and Twilio do), `clear`
 * empties the queue), and on every tick of the same deadline clock (a TickClock) sends each socket one media
 * message holding the bot's own audio back (or silence), with the node's send-buffer bound. No mixing, codec,
 * playout bounds or validation beyond that.
 */
import WebSocket from 'ws';
import { MULAW_SILENCE } from '../../shared/audio/g711.js';
import { TickProbe } from '../media-tick/tick-probe.js';
import type { SenderCommand, SenderReply } from './sender-messages.js';
import { SenderWindow } from './sender-window.js';

/** The same send-buffer bound as the node's stream client: beyond it a frame is dropped, not queued. */
const MAX_BUFFERED = 64 * 1024;
const FRAME = 160;
const silence = Buffer.alloc(FRAME, MULAW_SILENCE).toString('base64');

interface Relayed {
  ws: WebSocket;
  sid: string;
  sequence: number;
  chunk: number;
  /** Queued audio and marks, in order. */
  queue: (Buffer | string)[];
  /** Bytes of the head buffer already sent. */
  offset: number;
  /** Marks whose last audio left on the previous tick: echoed on this one, once that frame has played. */
  due: string[];
}

const probe = new TickProbe();
const window = new SenderWindow(probe);
const sockets: Relayed[] = [];
let tick = 0;
probe.start(() => {
  const timestamp = String(tick++ * 20);
  for (const s of sockets) {
    if (s.ws.readyState !== WebSocket.OPEN || s.ws.bufferedAmount > MAX_BUFFERED) continue;
    if (s.due.length > 0) {
      for (const name of s.due) s.ws.send(`{"event":"mark","sequenceNumber":"${++s.sequence}","streamSid":"${s.sid}","mark":{"name":${JSON.stringify(name)}}}`);
      s.due.length = 0;
    }
    const payload = nextFrame(s);
    const n = ++s.sequence;
    s.ws.send(`{"event":"media","sequenceNumber":"${n}","streamSid":"${s.sid}","media":{"track":"inbound","chunk":"${++s.chunk}","timestamp":"${timestamp}","payload":"${payload}"}}`);
    // Marks whose audio has now been sent: due once it has played.
    while (typeof s.queue[0] === 'string') s.due.push(s.queue.shift() as string);
  }
});

// The next 20 ms of the bot's audio as base64, or silence.
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

function dial(url: string, index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const sid = `str_relay${index}`;
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => {
      ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
      ws.send(JSON.stringify({ event: 'start', sequenceNumber: '1', streamSid: sid, start: { streamSid: sid, tracks: ['inbound'], mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 } } }));
      const relayed: Relayed = { ws, sid, sequence: 1, chunk: 0, queue: [], offset: 0, due: [] };
      ws.on('message', (data: Buffer) => received(relayed, data));
      sockets.push(relayed);
      resolve();
    });
    ws.once('error', reject);
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
