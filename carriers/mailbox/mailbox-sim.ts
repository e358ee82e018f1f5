import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MailboxEvent, OutgoingLetter } from './mailbox-carrier.js';

/** Where the simulated mailbox service keeps its recipients, letters and events (PostgreSQL in sentral). */
export interface MailboxSimStore {
  /** True when `recipient` (nid:… or org:…) has a mailbox. */
  hasMailbox(recipient: string): Promise<boolean>;
  /** Stores a letter once by message id; a repeat returns the first one's channel. */
  deliver(letter: { messageId: string; recipient: string | null; channel: 'digital' | 'print'; subject: string; pdf: Buffer }): Promise<'digital' | 'print'>;
  eventsAfter(seq: number, limit: number): Promise<MailboxEvent[]>;
}

/** A running simulated mailbox service. */
export interface MailboxSim {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const MAX_BODY = 16 * 1024 * 1024;

/**
 * The simulated digital mailbox service: its own HTTP server with the API the client speaks. A letter to
 * a registered recipient is delivered (digital); to anyone else it is printed when it asks for print
 * fallback and has a postal address, and refused (404 UNKNOWN_RECIPIENT) otherwise.
 */
export async function startMailboxSim(options: { host?: string; port?: number; store: MailboxSimStore }): Promise<MailboxSim> {
  const { store } = options;
  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => send(res, 500, { code: 'INTERNAL', message: err.message }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim');
    if (req.method === 'POST' && url.pathname === '/messages') {
      const letter = await readJson(req);
      if (!letter || typeof letter.messageId !== 'string' || typeof letter.subject !== 'string' || typeof letter.pdf !== 'string') {
        return send(res, 400, { code: 'INVALID_MESSAGE', message: 'messageId, subject and pdf are required.' });
      }
      const pdf = Buffer.from(letter.pdf as unknown as string, 'base64');
      if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) return send(res, 400, { code: 'INVALID_DOCUMENT', message: 'The document is not a PDF.' });
      const r = letter.recipient ?? {};
      const key = r.nationalId ? `nid:${r.nationalId}` : r.organisationNumber ? `org:${r.organisationNumber}` : null;
      const digital = key !== null && (await store.hasMailbox(key));
      if (!digital && !(letter.printFallback && r.name && r.address)) {
        return send(res, 404, { code: 'UNKNOWN_RECIPIENT', message: 'The recipient has no digital mailbox and the letter has no print fallback with an address.' });
      }
      const channel = await store.deliver({ messageId: letter.messageId, recipient: key, channel: digital ? 'digital' : 'print', subject: letter.subject, pdf });
      return send(res, 201, { messageId: letter.messageId, status: channel === 'digital' ? 'DELIVERED' : 'DELIVERED_TO_PRINT' });
    }
    if (req.method === 'GET' && url.pathname === '/events') {
      const after = Number(url.searchParams.get('after') ?? 0);
      const limit = Math.min(500, Math.max(1, Number(url.searchParams.get('limit') ?? 100)));
      return send(res, 200, { events: await store.eventsAfter(Number.isFinite(after) ? after : 0, limit) });
    }
    send(res, 404, { code: 'NOT_FOUND', message: 'No such resource.' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${options.host ?? '127.0.0.1'}:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readJson(req: IncomingMessage): Promise<(Partial<Omit<OutgoingLetter, 'pdf'>> & { pdf?: string }) | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<Omit<OutgoingLetter, 'pdf'>> & { pdf?: string };
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
