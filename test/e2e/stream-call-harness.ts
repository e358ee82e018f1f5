/**
 * Customer audio streams end to end: a real media node (uWebSockets.js server, the real 20 ms tick, simulated
 * phones, the stream leg factory) on the in-process bus, driven by the same control operations the control
 * plane sends, and customers' WebSocket servers on loopback that verify the svc-stream signature.
 */
import type { Socket } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Clock } from '../../shared/clock/clock.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { NodeHarness } from '../integration/media-harness.js';
import { decodeMulaw, encodeMulaw } from '../../shared/audio/g711.js';
import { rms, toneAmplitude } from '../../media/audio/level.js';
import { newId } from '../../shared/ids/ids.js';
import { generateSecret } from '../../shared/signing/standard-webhooks.js';
import type { StreamLegSpec } from '../../protocol/stream/stream-leg-spec.js';
import { TickClock } from '../../media/clock/tick-clock.js';
import { SpeechSynthesizer } from '../../media/speech/tts.js';
import { CustomerServer, type Received } from '../integration/stream-customer-server.js';

/** The greeting of +442079460001, rendered before the calls so that it plays right at the answer. */
export const GREETING = 'Hello, you have reached the test line.';

const speech = new SpeechSynthesizer();

/** A media node with stream support on the real clocks, as the stream tests need (reconnect backoff is timed). */
export class StreamCallNode extends NodeHarness<Clock> {
  /** The node's frame clock, read for lateness and skipped frames. */
  readonly tick = new TickClock();
  /** Length of the +442079460001 greeting in ms. */
  greetingMs = 0;

  constructor() {
    super(realClock);
  }

  override async start(): Promise<this> {
    this.greetingMs = (await speech.render(GREETING, undefined, 8000)).length / 8;
    return super.start({ tick: this.tick, streams: true });
  }
}

/** A customer with a stream endpoint: its secret and its server (which verifies svc-stream before accepting). */
export class StreamCustomer {
  readonly secret = generateSecret();
  server!: CustomerServer;

  async start(): Promise<this> {
    this.server = await CustomerServer.start({ secret: this.secret, now: () => realClock.now() });
    return this;
  }

  /** The `stream` settings of an addLeg for this customer's endpoint, as the control plane resolves them. */
  spec(overrides: Partial<StreamLegSpec> = {}): StreamLegSpec {
    return streamSpec(this.server.url, this.secret, overrides);
  }

  async stop(): Promise<void> {
    if (this.server.listening) await this.server.close();
  }
}

/** The linear audio of a media message from sentral. */
export function mediaAudio(message: Received): Int16Array {
  const bytes = Buffer.from(String(message.media.payload), 'base64');
  const out = new Int16Array(bytes.length);
  decodeMulaw(bytes, out);
  return out;
}

/** RMS of each media message's audio, with its stream timestamp in ms. */
export function envelope(media: readonly Received[]): { at: number; level: number }[] {
  return media.map((m) => ({ at: Number(m.media.timestamp), level: rms(mediaAudio(m)) }));
}

/** Amplitude of `hz` in a media message (8 kHz audio). */
export function toneIn(message: Received, hz: number): number {
  return toneAmplitude(mediaAudio(message), hz, 8000);
}

/** `samples` as the mu-law payloads of media messages, `bytes` each (the last one shorter). */
export function mulawChunks(samples: Int16Array, bytes: number): string[] {
  const mulaw = new Uint8Array(samples.length);
  encodeMulaw(samples, mulaw);
  const out: string[] = [];
  for (let at = 0; at < mulaw.length; at += bytes) out.push(Buffer.from(mulaw.subarray(at, at + bytes)).toString('base64'));
  return out;
}

/**
 * Unmasked WebSocket text frames (as a server sends them) of `messages` (objects as JSON), in one buffer: a
 * flood written to the raw socket at once arrives at line rate and costs the sending side next to nothing.
 */
export function textFrames(messages: readonly unknown[]): Buffer {
  const parts: Buffer[] = [];
  for (const m of messages) {
    const payload = Buffer.from(typeof m === 'string' ? m : JSON.stringify(m));
    const n = payload.length;
    const header = n < 126 ? Buffer.from([0x81, n]) : n < 65536 ? Buffer.from([0x81, 126, n >> 8, n & 0xff]) : null;
    if (header === null) throw new Error('textFrames: message too long');
    parts.push(header, payload);
  }
  return Buffer.concat(parts);
}

/** The TCP socket under a `ws` WebSocket (to write raw frames or stop reading). */
export function rawSocket(socket: object): Socket {
  return (socket as { _socket: Socket })._socket;
}

/**
 * Sends `messages` in bursts of `perBurst` every `everyMs` (a bot's transport writing ahead of real time);
 * resolves once the last burst is sent.
 */
export async function sendInBursts(send: (message: unknown) => void, messages: readonly unknown[], perBurst: number, everyMs: number): Promise<void> {
  for (let at = 0; at < messages.length; at += perBurst) {
    if (at > 0) await new Promise((resolve) => setTimeout(resolve, everyMs));
    for (const m of messages.slice(at, at + perBurst)) send(m);
  }
}

/** The `stream` settings of an addLeg for an endpoint at `url` with `secret`, as the control plane resolves them. */
export function streamSpec(url: string, secret: string, overrides: Partial<StreamLegSpec> = {}): StreamLegSpec {
  return {
    streamId: newId('str'),
    url,
    secrets: [secret],
    accountSid: 'co_e2e',
    from: '+4722334455',
    to: '+442079460001',
    customParameters: { agent: 'e2e' },
    audio: 'talk',
    maxMinutes: 5,
    reconnect: true,
    test: false,
    ...overrides,
  };
}

/** What one stream's customer received in a window of media frames, timed on the customers' own thread. */
export interface StreamWindow {
  streamSid: string;
  /** `media.chunk` of each frame of the window. */
  chunks: number[];
  /** performance.now() at each frame's arrival (the customers' thread's own time origin). */
  arrivals: number[];
  /** `sequenceNumber` of every message the stream received so far but `connected`. */
  sequenceNumbers: number[];
}

type ToCustomers = { type: 'steady'; connections: number; chunk: number } | { type: 'window'; frames: number };
type FromCustomers = { type: 'listening'; url: string } | { type: 'steady' } | { type: 'windowOpen' } | { type: 'window'; streams: StreamWindow[] };

const CUSTOMERS_ROLE = 'stream-call-customers';

/**
 * Well-behaved customers on a thread of their own: the times at which their frames arrive are the network's,
 * not held up (or hidden) by a busy event loop of the node's process. Their server verifies svc-stream.
 */
export class CustomersThread {
  readonly secret = generateSecret();
  url = '';
  private worker!: Worker;

  async start(): Promise<this> {
    // The thread loads this very file through tsx and serves from the code at its end.
    const code = `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    this.worker = new Worker(code, { eval: true, workerData: { role: CUSTOMERS_ROLE, secret: this.secret } });
    const listening = await this.next('listening');
    if (listening.type === 'listening') this.url = listening.url;
    return this;
  }

  /** The `stream` settings of an addLeg for these customers' endpoint. */
  spec(overrides: Partial<StreamLegSpec> = {}): StreamLegSpec {
    return streamSpec(this.url, this.secret, overrides);
  }

  /** Resolves once `connections` streams are connected and each has received media chunk `chunk`. */
  async steady(connections: number, chunk: number): Promise<void> {
    this.worker.postMessage({ type: 'steady', connections, chunk } satisfies ToCustomers);
    await this.next('steady');
  }

  /**
   * Opens a window on the next `frames` media frames of every connected stream: resolves once it is open,
   * with the promise of what arrived in it.
   */
  async window(frames: number): Promise<{ frames: Promise<StreamWindow[]> }> {
    const done = this.next('window');
    const open = this.next('windowOpen');
    this.worker.postMessage({ type: 'window', frames } satisfies ToCustomers);
    await open;
    return { frames: done.then((answer) => (answer.type === 'window' ? answer.streams : [])) };
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  private next(type: FromCustomers['type']): Promise<FromCustomers> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: FromCustomers): void => {
        if (m.type !== type) return;
        this.worker.off('message', onMessage);
        this.worker.off('error', reject);
        resolve(m);
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', reject);
    });
  }
}

/** The customers' thread: a verifying customer server answering the test's questions. */
async function serveCustomers(secret: string): Promise<void> {
  const port = parentPort!;
  const server = await CustomerServer.start({ secret, now: () => realClock.now() });
  const send = (m: FromCustomers): void => port.postMessage(m);
  port.on('message', (m: ToCustomers) => {
    void (async () => {
      if (m.type === 'steady') {
        const conns = await Promise.all(Array.from({ length: m.connections }, (_, i) => server.connection(i)));
        await Promise.all(conns.map((c) => c.waitFor((x) => x.event === 'media' && Number(x.media.chunk) >= m.chunk)));
        send({ type: 'steady' });
        return;
      }
      const conns = [...server.connections];
      const firsts = conns.map((c) => c.all('media').length);
      send({ type: 'windowOpen' });
      await Promise.all(conns.map((c, i) => c.waitFor((x) => x.event === 'media' && Number(x.media.chunk) === firsts[i]! + m.frames)));
      const streams = conns.map((c, i): StreamWindow => {
        const media = c.all('media').slice(firsts[i], firsts[i]! + m.frames);
        return {
          streamSid: c.streamSid,
          chunks: media.map((x) => Number(x.media.chunk)),
          arrivals: media.map((x) => c.arrivals[c.messages.indexOf(x)]!),
          sequenceNumbers: c.messages.filter((x) => x.event !== 'connected').map((x) => Number(x.sequenceNumber)),
        };
      });
      send({ type: 'window', streams });
    })();
  });
  send({ type: 'listening', url: server.url });
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === CUSTOMERS_ROLE) {
  void serveCustomers((workerData as { secret: string }).secret);
}
