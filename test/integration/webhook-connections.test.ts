import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TIMED_OUT, WebhookConnections } from '../../control/events/webhook-sender.js';

// The dispatcher's HTTP client (undici's pools behind the target check) against real servers on loopback:
// node:http's, and raw sockets answering what node:http would not (HTTP/1.0, interim responses, resets,
// malformed answers).
const check = { allowInsecure: true, kind: 'webhook' as const, lookup: async () => ['127.0.0.1'] };
const HEADERS = ['content-type', 'application/json', 'webhook-id', 'msg_1'];
let pool: WebhookConnections;
const closers: (() => void)[] = [];

beforeAll(() => {
  pool = new WebhookConnections();
});
afterEach(() => {
  for (const close of closers.splice(0)) close();
});
afterAll(() => pool.close());

/** A node:http server that counts the connections it accepted. */
async function httpServer(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; connections: () => number; server: Server }> {
  const server = createServer(handler);
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, connections: () => connections, server };
}

/** A TCP server that answers each request with what `answer` writes on the socket. */
async function rawServer(answer: (socket: Socket, request: number) => void): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  let requests = 0;
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    connections++;
    sockets.add(socket);
    let seen = '';
    socket.on('data', (chunk) => {
      seen += chunk.toString('latin1');
      // Each request here is head and a two-byte body.
      while (seen.includes('\r\n\r\n') && seen.length >= seen.indexOf('\r\n\r\n') + 6) {
        seen = seen.slice(seen.indexOf('\r\n\r\n') + 6);
        answer(socket, ++requests);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, connections: () => connections };
}

const post = (url: string, keep = 1024, timeoutMs = 2000, connections = pool) => connections.post(url, check, HEADERS, '{}', keep, timeoutMs);
const text = (r: { body: Buffer }) => r.body.toString('utf8');

describe('webhook connections', () => {
  it('sends requests one after another on kept-alive connections, with the host, path and headers given', async () => {
    const seen: string[] = [];
    const s = await httpServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.host} ${req.headers['webhook-id']}`);
      req.resume().on('end', () => res.end(`ok ${seen.length}`));
    });
    for (let i = 1; i <= 10; i++) expect(text(await post(`${s.url}?a=1`))).toBe(`ok ${i}`);
    const port = new URL(s.url).port;
    expect(seen).toEqual(Array.from({ length: 10 }, () => `POST /hook?a=1 127.0.0.1:${port} msg_1`));
    // undici frees a connection a tick after its answer, so the second request opens a second one; every
    // later request reuses them.
    expect(s.connections()).toBeLessThanOrEqual(2);
  });

  it('reads a chunked body with extensions and trailers, and keeps only its first bytes', async () => {
    const s = await rawServer((socket) => socket.write('HTTP/1.1 500 Oops\r\ntransfer-encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n4\r\ndefg\r\n0\r\nx-t: 1\r\n\r\n'));
    const whole = await post(s.url);
    expect({ status: whole.statusCode, body: text(whole) }).toEqual({ status: 500, body: 'abcdefg' });
    expect(text(await post(s.url, 5))).toBe('abcde');
  });

  it('skips an interim response, and reads an HTTP/1.0 body up to the close on a connection not reused', async () => {
    const s = await rawServer((socket) => {
      socket.write('HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\n');
      socket.end('HTTP/1.0 202 Accepted\r\n\r\nqueued');
    });
    expect(text(await post(s.url))).toBe('queued');
    expect(text(await post(s.url))).toBe('queued');
    expect(s.connections()).toBe(2);
  });

  it('fails the attempt, sending nothing again, when a connection is closed without an answer or after part of one', async () => {
    // The dispatcher's schedule sends it again later, with the same webhook-id.
    const cut = await rawServer((socket) => socket.destroy());
    await expect(post(cut.url)).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
    const half = await rawServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc'));
    await expect(post(half.url)).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
    expect([cut.connections(), half.connections()]).toEqual([1, 1]);
  });

  it('rejects a malformed answer, and times out a silent one', async () => {
    const bad = await rawServer((socket) => socket.write('SMTP ready\r\n\r\n'));
    await expect(post(bad.url)).rejects.toMatchObject({ name: 'HTTPParserError' });
    const silent = await rawServer(() => undefined);
    await expect(post(silent.url, 1024, 100)).rejects.toBe(TIMED_OUT);
  });

  it("opens a new connection once the server's keep-alive time has passed", async () => {
    const s = await httpServer((req, res) => req.resume().on('end', () => res.end('ok')));
    // node:http announces `Keep-Alive: timeout=1`; a second short of it the connection is not used again.
    s.server.keepAliveTimeout = 1000;
    await post(s.url);
    await post(s.url);
    expect(s.connections()).toBe(2);
  });

  it('checks the certificate against the host name while connecting to the checked address', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sentral-webhook-tls-'));
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=hooks.example',
        '-addext', 'subjectAltName=DNS:hooks.example', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
      const [key, cert] = await Promise.all([readFile(join(dir, 'key.pem')), readFile(join(dir, 'cert.pem'))]);
      const server = createHttpsServer({ key, cert }, (req, res) => req.resume().on('end', () => res.end(`tls ${req.headers.host}`)));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      closers.push(() => {
        server.closeAllConnections();
        server.close();
      });
      const port = (server.address() as AddressInfo).port;
      const trusting = new WebhookConnections({ ca: cert });
      closers.push(() => trusting.close());
      expect(text(await post(`https://hooks.example:${port}/hook`, 1024, 2000, trusting))).toBe(`tls hooks.example:${port}`);
      await expect(post(`https://hooks.example:${port}/hook`)).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
      await expect(post(`https://127.0.0.1:${port}/hook`, 1024, 2000, trusting)).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
