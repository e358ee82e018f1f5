/**
 * Media streams benchmark: N stream legs on one real 20 ms tick, each connected to a loopback customer
 * server that answers like a bot (sends its audio back at twice real time, with a mark per second).
 * Reports per-tick work time, tick lateness, frames sent/dropped and mark echoes.
 *
 *   node --import tsx bench/media-streams/run.ts [streams=200] [seconds=10]
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { TickClock } from '../../media/clock/tick-clock.js';
import { createStreamLeg, type StreamLeg } from '../../media/stream/stream-leg.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { createLogger } from '../../shared/log/log.js';
import { generateSecret } from '../../shared/signing/standard-webhooks.js';

const streams = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 10);
const secret = generateSecret();

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
await new Promise<void>((resolve) => server.once('listening', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
let received = 0;
let marksEchoed = 0;
server.on('connection', (socket) => {
  let marks = 0;
  socket.on('message', (data) => {
    const m = JSON.parse(data.toString()) as { event: string; streamSid: string; media?: { payload: string } };
    received++;
    if (m.event === 'mark') marksEchoed++;
    // A bot: every media frame heard is answered with two frames of audio (2x real time), a mark per second.
    if (m.event === 'media' && m.media) {
      socket.send(JSON.stringify({ event: 'media', streamSid: m.streamSid, media: { payload: m.media.payload + m.media.payload } }));
      if (++marks % 50 === 0) socket.send(JSON.stringify({ event: 'mark', streamSid: m.streamSid, mark: { name: `m${marks}` } }));
    }
  });
});

const log = createLogger({ level: 'warn' });
const legs: StreamLeg[] = [];
let connected = 0;
for (let i = 0; i < streams; i++) {
  const ctx = {
    callId: `call_bench${i}`,
    report: (b: { type: string; status?: string }) => void (b.type === 'stream.status' && b.status === 'connected' && connected++),
    ended: () => {},
  };
  const leg = createStreamLeg(
    `part_${i}`,
    {
      streamId: `str_bench${i}`,
      url,
      secrets: [secret],
      accountSid: 'co_bench',
      from: null,
      to: null,
      customParameters: {},
      audio: 'talk',
      maxMinutes: 60,
      reconnect: true,
      test: false,
    },
    ctx,
    { clock: realClock, log, allowInsecureTargets: true },
  );
  leg.start();
  legs.push(leg);
}
while (connected < streams) await new Promise((r) => setTimeout(r, 10));

const heard = Int16Array.from({ length: 160 }, (_, i) => Math.round(4000 * Math.sin(i / 3)));
const work: number[] = [];
const tick = new TickClock();
const cpuStart = process.cpuUsage();
tick.start(() => {
  const t0 = performance.now();
  for (const leg of legs) {
    leg.pull();
    leg.push(heard);
  }
  work.push(performance.now() - t0);
});
await new Promise((r) => setTimeout(r, seconds * 1000));
tick.stop();
const cpu = process.cpuUsage(cpuStart);

const sorted = [...work].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const sent = legs.reduce((n, l) => n + l.client.stats.framesSent, 0);
const dropped = legs.reduce((n, l) => n + l.client.stats.framesDropped, 0);
console.log(
  JSON.stringify(
    {
      streams,
      seconds,
      ticks: tick.ticks,
      skippedFrames: tick.skipped,
      tickWorkMs: { mean: +(work.reduce((a, b) => a + b, 0) / work.length).toFixed(3), p50: +pct(50).toFixed(3), p99: +pct(99).toFixed(3), max: +pct(100).toFixed(3) },
      latenessMs: { p50: +tick.lateness.quantile(0.5).toFixed(3), p99: +tick.lateness.quantile(0.99).toFixed(3), max: +tick.lateness.max().toFixed(3) },
      framesSent: sent,
      framesDropped: dropped,
      messagesAtCustomers: received,
      marksEchoed,
      cpuPercentOfOneCore: +(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100).toFixed(1),
      note: 'CPU includes the loopback customer servers in the same process',
    },
    null,
    2,
  ),
);
for (const leg of legs) leg.close('stopped');
server.close();
process.exit(0);
