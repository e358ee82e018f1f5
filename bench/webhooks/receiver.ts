/**
 * The benchmark's webhook receiver, run in its own process (forked by run.ts, talking over IPC): a plain
 * node:http server that answers 200 at once and notes when the first request for each event arrived.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** A message from run.ts to the receiver. */
export type ToReceiver = { type: 'reset' } | { type: 'dump' } | { type: 'close' };

/** A message from the receiver to run.ts. */
export type FromReceiver =
  | { type: 'listening'; url: string }
  | { type: 'progress'; distinct: number; requests: number }
  /** Each event id with the wall-clock time (ms, sub-ms precision) its first request arrived. */
  | { type: 'dump'; first: [string, number][]; requests: number; cpuMs: number };

const send = (m: FromReceiver): void => void process.send!(m);
const wallMs = (): number => performance.timeOrigin + performance.now();

let first = new Map<string, number>();
let requests = 0;
let reported = -1;

const server = createServer((req, res) => {
  // Arrival is taken when the headers are in: the body is a few hundred bytes on loopback.
  const arrived = wallMs();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
    requests++;
    const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id;
    if (!first.has(id)) first.set(id, arrived);
  });
});
server.keepAliveTimeout = 60_000;

// Progress goes out at most every 50 ms, so that waiting for "all delivered" costs the receiver little.
const progress = setInterval(() => {
  if (first.size === reported) return;
  reported = first.size;
  send({ type: 'progress', distinct: first.size, requests });
}, 50);

process.on('message', (m: ToReceiver) => {
  if (m.type === 'reset') {
    first = new Map();
    requests = 0;
    reported = -1;
  } else if (m.type === 'dump') {
    const cpu = process.cpuUsage();
    send({ type: 'dump', first: [...first], requests, cpuMs: (cpu.user + cpu.system) / 1000 });
  } else {
    clearInterval(progress);
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});

server.listen(0, '127.0.0.1', () => {
  send({ type: 'listening', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` });
});
