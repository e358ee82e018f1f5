import net from 'node:net';
import tls from 'node:tls';
import { resolveTarget, type TargetCheckOptions } from '../../shared/net/target-check.js';
import { ResponseReader, type ReadResponse } from './http-response-reader.js';

/** What a POST is rejected with when its time runs out. */
export const TIMED_OUT = new Error('attempt timed out');

// How long an idle connection is kept when the server did not say (Keep-Alive: timeout), and how often idle
// connections past their time are closed.
const DEFAULT_IDLE_MS = 15_000;
const SWEEP_MS = 5_000;

/** What the endpoint answered: its status and the first bytes of its body. */
export interface PostResponse {
  statusCode: number;
  body: Buffer;
}

interface Connection {
  socket: net.Socket;
  url: string;
  /** `POST <path> HTTP/1.1` and the Host header: the start of every request on this connection. */
  prefix: string;
  idleSince: number;
  idleLimitMs: number;
  /** The request under way (one at a time: no pipelining). */
  request: Exchange | null;
}

/** One POST: what to send where, the connection carrying it, and how it ends. */
interface Exchange {
  url: string;
  check: TargetCheckOptions;
  /** Header lines, the blank line and the body: the request after its connection's prefix. */
  text: string;
  keep: number;
  connection: Connection | null;
  reader: ResponseReader | null;
  reused: boolean;
  done: boolean;
  timer: NodeJS.Timeout | undefined;
  resolve(response: PostResponse): void;
  reject(err: unknown): void;
}

// Plain functions rather than closures per request (each closure costs an allocation and, under tsx, a
// naming call).
function expire(exchange: Exchange): void {
  finish(exchange, TIMED_OUT, null);
}

function finish(exchange: Exchange, err: unknown, response: ReadResponse | null): void {
  if (exchange.done) return;
  exchange.done = true;
  clearTimeout(exchange.timer);
  if (err !== null) {
    exchange.connection?.socket.destroy();
    exchange.reject(err);
  } else exchange.resolve({ statusCode: response!.statusCode, body: response!.body });
}

/**
 * Keep-alive HTTP/1.1 connections per endpoint URL, for webhook POSTs: each request is written in one
 * piece and its response read by ResponseReader, with no streams or agent in between (node:http's client
 * cost about 150 µs of CPU per request on loopback, this about 45). A connection is opened only to an
 * address checked just before (resolveTarget: the target check, DNS pinned), and reused only for the same
 * URL; a request that finds its reused connection closed by the server before any byte of answer goes
 * again once on a new connection (the same webhook-id: receivers deduplicate on it).
 */
export class WebhookConnections {
  private readonly idle = new Map<string, Connection[]>();
  private sweeper: NodeJS.Timeout | null = null;

  /** `tlsOptions` are added to every TLS connection's (tests pass a CA). */
  constructor(private readonly tlsOptions: tls.ConnectionOptions = {}) {}

  /**
   * POSTs `body` with the header lines `headers` (each `name: value\r\n`) to `url`, checked with `check`
   * when a connection is opened; resolves with the status and up to `keep` bytes of the body, or rejects
   * with the connection's error, the target check's SentralError, or TIMED_OUT after `timeoutMs`.
   */
  post(url: string, check: TargetCheckOptions, headers: string, body: string, keep: number, timeoutMs: number): Promise<PostResponse> {
    return new Promise((resolve, reject) => {
      const exchange: Exchange = { url, check, text: `${headers}\r\n${body}`, keep, connection: null, reader: null, reused: false, done: false, timer: undefined, resolve, reject };
      exchange.timer = setTimeout(expire, timeoutMs, exchange);
      const idle = this.takeIdle(url);
      if (idle) this.send(exchange, idle, true);
      else this.connect(exchange);
    });
  }

  /** Closes every idle connection (those in use close when their request ends). */
  close(): void {
    for (const list of this.idle.values()) for (const c of list) c.socket.destroy();
    this.idle.clear();
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  private send(exchange: Exchange, connection: Connection, reused: boolean): void {
    exchange.connection = connection;
    exchange.reader = new ResponseReader(exchange.keep);
    exchange.reused = reused;
    connection.request = exchange;
    connection.socket.write(connection.prefix + exchange.text);
  }

  private connect(exchange: Exchange): void {
    exchange.connection = null;
    this.open(exchange.url, exchange.check).then(
      (connection) => (exchange.done ? connection.socket.destroy() : this.send(exchange, connection, false)),
      (err: unknown) => finish(exchange, err, null),
    );
  }

  // The request on `connection` ended: answered, or failed (then sent again once on a new connection when a
  // reused one failed before any byte of answer).
  private settle(connection: Connection, err: unknown, response: ReadResponse | null): void {
    const exchange = connection.request!;
    connection.request = null;
    if (err === null && response!.reusable) this.release(connection, response!.keepAliveMs);
    else connection.socket.destroy();
    if (err !== null && exchange.reused && !exchange.reader!.started && !exchange.done) this.connect(exchange);
    else finish(exchange, err, response);
  }

  private takeIdle(url: string): Connection | null {
    const list = this.idle.get(url);
    if (!list) return null;
    const now = performance.now();
    for (let c = list.pop(); c; c = list.pop()) {
      if (now - c.idleSince < c.idleLimitMs && !c.socket.destroyed) {
        c.socket.ref();
        return c;
      }
      c.socket.destroy();
    }
    return null;
  }

  private release(connection: Connection, keepAliveMs: number | null): void {
    connection.idleSince = performance.now();
    // A second short of the server's own limit, so that it does not close the connection as a request goes out.
    connection.idleLimitMs = keepAliveMs === null ? DEFAULT_IDLE_MS : Math.max(0, keepAliveMs - 1000);
    connection.socket.unref();
    const list = this.idle.get(connection.url);
    if (list) list.push(connection);
    else this.idle.set(connection.url, [connection]);
    this.sweeper ??= setInterval(() => this.sweep(), SWEEP_MS).unref();
  }

  private sweep(): void {
    const now = performance.now();
    for (const [url, list] of this.idle) {
      const live = list.filter((c) => now - c.idleSince < c.idleLimitMs && !c.socket.destroyed);
      for (const c of list) if (!live.includes(c)) c.socket.destroy();
      if (live.length > 0) this.idle.set(url, live);
      else this.idle.delete(url);
    }
  }

  private forget(connection: Connection): void {
    const list = this.idle.get(connection.url);
    const at = list?.indexOf(connection) ?? -1;
    if (at >= 0) list!.splice(at, 1);
  }

  private async open(url: string, check: TargetCheckOptions): Promise<Connection> {
    const target = await resolveTarget(url, check);
    const { hostname, protocol, port, pathname, search, host } = target.url;
    const secure = protocol === 'https:';
    const to = { host: target.address, port: Number(port) || (secure ? 443 : 80) };
    // SNI and the certificate check take the name (an address literal has no SNI); the socket goes to the checked address.
    const socket = secure
      ? tls.connect({ ...to, ...(net.isIP(hostname.replace(/^\[|\]$/g, '')) ? {} : { servername: hostname }), ALPNProtocols: ['http/1.1'], ...this.tlsOptions })
      : net.connect(to);
    socket.setNoDelay(true);
    const connection: Connection = { socket, url, prefix: `POST ${pathname}${search} HTTP/1.1\r\nhost: ${host}\r\n`, idleSince: 0, idleLimitMs: 0, request: null };
    const fail = (err: unknown): void => {
      socket.destroy();
      this.forget(connection);
      if (connection.request) this.settle(connection, err, null);
    };
    socket.on('data', (chunk: Buffer) => {
      const request = connection.request;
      // Bytes nobody asked for: the connection cannot be trusted with another request.
      if (!request) return fail(null);
      let response: ReadResponse | null;
      try {
        response = request.reader!.feed(chunk);
      } catch (err) {
        return fail(err);
      }
      if (response) this.settle(connection, null, response);
    });
    socket.on('end', () => {
      const response = connection.request?.reader!.end();
      if (response) this.settle(connection, null, response);
      else fail(hangUp());
    });
    socket.on('error', fail);
    socket.on('close', () => fail(hangUp()));
    return connection;
  }
}

function hangUp(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}
