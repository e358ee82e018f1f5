import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers a request. */
export interface ReceiverReply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer (the sender's timeout ends it). */
  hang?: boolean;
}

/** A real HTTP server on 127.0.0.1 that records webhook requests and answers as told. */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Changes how later requests are answered. */
  respond(fn: (req: ReceivedWebhook) => ReceiverReply | Promise<ReceiverReply>): void;
  /** Resolves with the next request (or one already received and not yet taken). */
  next(): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** Starts a receiver that answers 200 until told otherwise. */
export async function startWebhookReceiver(path = '/hook'): Promise<WebhookReceiver> {
  let responder: (req: ReceivedWebhook) => ReceiverReply | Promise<ReceiverReply> = () => ({ status: 200, body: 'ok' });
  const received: ReceivedWebhook[] = [];
  let taken = 0;
  const waiters: ((r: ReceivedWebhook) => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hook = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(hook);
      const waiter = waiters.shift();
      if (waiter) {
        taken++;
        waiter(hook);
      }
      void Promise.resolve(responder(hook)).then((reply) => {
        if (reply.hang) return;
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    respond(fn) {
      responder = fn;
    },
    next() {
      if (taken < received.length) return Promise.resolve(received[taken++]!);
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
