/**
 * The room clients of the media-mix bench, in their own process (forked by run.ts with IPC): app and bot
 * participants as real `ws` clients that send one 640-byte PCM16 frame every 20 ms (on the same deadline
 * clock design as the node: a TickClock) and count the frames they receive. The parent connects more
 * clients as the ramp grows and asks for counters per measuring window.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { sine } from '../../shared/audio/tones.js';
import { TickProbe } from '../media-tick/tick-probe.js';
import { round } from '../media-tick/samples.js';

/** From the parent. */
export type ClientCommand = { type: 'connect'; urls: string[] } | { type: 'reset' } | { type: 'report' };

/** To the parent. */
export type ClientReply =
  | { type: 'connected'; total: number; failed: number }
  | {
      type: 'report';
      clients: number;
      windowMs: number;
      framesReceived: number;
      framesExpected: number;
      badFrames: number;
      closed: number;
      sendLatenessMs: { p50: number; p99: number; max: number };
      cpuPercentOfOneCore: number;
    };

const tone = sine(440, 20, 16000, 8000);
const frame = Buffer.from(tone.buffer, tone.byteOffset, 640);
const sockets: WebSocket[] = [];
let received = 0;
let bad = 0;
let closed = 0;
let windowStart = performance.now();
let cpuStart = process.cpuUsage();

const send = (reply: ClientReply): void => void process.send!(reply);

function connect(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) {
        if (data.includes('"joined"')) resolve(true);
        return;
      }
      if (data.length === 640) received++;
      else bad++;
    });
    ws.once('error', () => resolve(false));
    ws.once('close', () => {
      closed++;
      resolve(false);
    });
    sockets.push(ws);
  });
}

// An orphan (the bench ended or crashed) goes with its parent.
process.on('disconnect', () => process.exit(0));

const ticker = new TickProbe();
ticker.start(() => {
  for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
});

process.on('message', (command: ClientCommand) => {
  switch (command.type) {
    case 'connect':
      void Promise.all(command.urls.map(connect)).then((ok) => send({ type: 'connected', total: sockets.length, failed: ok.filter((o) => !o).length }));
      break;
    case 'reset':
      received = 0;
      bad = 0;
      ticker.reset();
      windowStart = performance.now();
      cpuStart = process.cpuUsage();
      break;
    case 'report': {
      const windowMs = performance.now() - windowStart;
      const cpu = process.cpuUsage(cpuStart);
      const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
      const lateness = ticker.lateness.summary();
      send({
        type: 'report',
        clients: open,
        windowMs: round(windowMs),
        framesReceived: received,
        framesExpected: Math.floor((open * windowMs) / 20),
        badFrames: bad,
        closed,
        sendLatenessMs: { p50: lateness.p50, p99: lateness.p99, max: lateness.max },
        cpuPercentOfOneCore: round(((cpu.user + cpu.system) / 1000 / windowMs) * 100),
      });
      break;
    }
  }
});
