/**
 * A customer's stream server for the stream tests: a `ws` server on 127.0.0.1 that verifies the svc-stream
 * signature like a customer would, and records every message of every connection.
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { assertStartMatches, verifyStreamUpgrade } from '../../clients/typescript/src/stream-upgrade.js';

/** A message as received (parsed JSON). */
export type Received = Record<string, any>;

/** One accepted connection from sentral. */
export class CustomerConnection {
  readonly messages: Received[] = [];
  /** performance.now() at the arrival of each message. */
  readonly arrivals: number[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { match: (m: Received) => boolean; from: number; resolve: (m: Received) => void }[] = [];
  private barriers = 0;

  constructor(
    readonly socket: WebSocket,
    readonly signedStreamId: string,
  ) {
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    socket.on('message', (data, isBinary) => {
      // Twilio's clients read text frames only (Pipecat through Starlette's receive_text).
      if (isBinary) throw new Error(`a binary frame from the node: ${data.toString().slice(0, 60)}`);
      const message = JSON.parse(data.toString()) as Received;
      if (message.event === 'start') assertStartMatches(message, signedStreamId);
      this.messages.push(message);
      this.arrivals.push(performance.now());
      const index = this.messages.length - 1;
      this.waiters = this.waiters.filter((w) => {
        if (index < w.from || !w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  /** The stream id the upgrade signature claimed. */
  get streamSid(): string {
    return this.signedStreamId;
  }

  /** Messages of one event type received so far. */
  all(event: string): Received[] {
    return this.messages.filter((m) => m.event === event);
  }

  /** The first message (already received, or the next to come) from index `from` on that matches. */
  waitFor(match: (m: Received) => boolean, from = 0): Promise<Received> {
    const found = this.messages.slice(from).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, from, resolve }));
  }

  /** The first message of `event` at or after index `from`. */
  waitForEvent(event: string, from = 0): Promise<Received> {
    return this.waitFor((m) => m.event === event, from);
  }

  /** Sends a JSON message (objects), a text frame (strings) or a binary frame (buffers). */
  send(message: unknown): void {
    if (Buffer.isBuffer(message)) this.socket.send(message, { binary: true });
    else this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Sends audio as one media message. */
  sendAudio(audio: Uint8Array): void {
    this.send({ event: 'media', streamSid: this.streamSid, media: { payload: Buffer.from(audio).toString('base64') } });
  }

  /**
   * Resolves once sentral has handled everything sent before: an unknown event is answered in order with an
   * error naming it (the error throttle must have room: at most 5 errors a second).
   */
  async barrier(): Promise<void> {
    const name = `barrier-${++this.barriers}`;
    const from = this.messages.length;
    this.send({ event: name, streamSid: this.streamSid });
    await this.waitFor((m) => m.event === 'error' && String(m.error?.message).includes(`"${name}"`), from);
  }
}

/** Options of a customer server. */
export interface CustomerServerOptions {
  secret: string;
  /** The verifier's time (the clock the stream signs with). */
  now: () => number;
  /** Answer every upgrade with 401. */
  refuse?: boolean;
}

/** The customer's stream server. */
export class CustomerServer {
  readonly connections: CustomerConnection[] = [];
  private waiters: ((c: CustomerConnection) => void)[] = [];

  private constructor(
    private readonly server: WebSocketServer,
    /** The endpoint URL as registered (http: for loopback; signed and dialled as ws:). */
    readonly url: string,
  ) {}

  /** Starts a server on a free loopback port. */
  static async start(options: CustomerServerOptions): Promise<CustomerServer> {
    const server = new WebSocketServer({
      host: '127.0.0.1',
      port: 0,
      verifyClient: (info, done) => {
        if (options.refuse) return done(false, 401);
        try {
          verifyStreamUpgrade(info.req.headers, { url: self.url, secret: options.secret, now: options.now() });
          done(true);
        } catch {
          done(false, 401);
        }
      },
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const self = new CustomerServer(server, `http://127.0.0.1:${port}/stream?tenant=a`);
    server.on('connection', (socket, req) => {
      const { streamId } = verifyStreamUpgrade(req.headers, { url: self.url, secret: options.secret, now: options.now() });
      const connection = new CustomerConnection(socket, streamId);
      self.connections.push(connection);
      for (const w of self.waiters.splice(0)) w(connection);
    });
    return self;
  }

  /** The connection number `index` (0 first), once it exists. */
  connection(index: number): Promise<CustomerConnection> {
    const existing = this.connections[index];
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve) => {
      const check = (): void => {
        const c = this.connections[index];
        if (c) resolve(c);
        else this.waiters.push(check);
      };
      this.waiters.push(check);
    });
  }

  /** Stops accepting connections and drops the open ones without a close frame (again: no effect). */
  async close(): Promise<void> {
    for (const c of this.connections) c.socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** True while the server accepts connections. */
  get listening(): boolean {
    return this.server.address() !== null;
  }
}
