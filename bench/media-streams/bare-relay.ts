/**
 * The baseline of the media-streams bench, in its own process (forked by run.ts with IPC): the least a
 * process must do to feed N streams. It dials the same customer servers, sends a precomputed `start`, then on
 * every tick of the same deadline clock (a TickClock) sends each socket one media message built from a
 * precomputed payload: no mixing, no codec, no playout queue, nothing read from what the bot sends.
 */
import WebSocket from 'ws';
import { MULAW_SILENCE } from '../../shared/audio/g711.js';
import { TickProbe } from '../media-tick/tick-probe.js';
import type { SenderCommand, SenderReply } from './sender-messages.js';
import { SenderWindow } from './sender-window.js';

/** The same send-buffer bound as the node's stream client: beyond it a frame is dropped, not queued. */
const MAX_BUFFERED = 64 * 1024;
const payload = Buffer.alloc(160, MULAW_SILENCE).toString('base64');

interface Relayed {
  ws: WebSocket;
  sid: string;
  sequence: number;
}

const probe = new TickProbe();
const window = new SenderWindow(probe);
const sockets: Relayed[] = [];
let tick = 0;
probe.start(() => {
  const timestamp = String(tick++ * 20);
  for (const s of sockets) {
    if (s.ws.readyState !== WebSocket.OPEN || s.ws.bufferedAmount > MAX_BUFFERED) continue;
    const n = String(++s.sequence);
    s.ws.send(`{"event":"media","sequenceNumber":"${n}","streamSid":"${s.sid}","media":{"track":"inbound","chunk":"${n}","timestamp":"${timestamp}","payload":"${payload}"}}`);
  }
});

function dial(url: string, index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const sid = `str_relay${index}`;
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => {
      ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
      ws.send(JSON.stringify({ event: 'start', sequenceNumber: '1', streamSid: sid, start: { streamSid: sid, tracks: ['inbound'], mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 } } }));
      sockets.push({ ws, sid, sequence: 1 });
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
      window.reset();
      reply({ type: 'ok' });
      break;
    case 'report':
      reply({ type: 'report', ...window.report(sockets.length) });
      break;
  }
});
