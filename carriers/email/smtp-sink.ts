import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Clock } from '../../shared/clock/clock.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../shared/fs/private-files.js';

/** One message the sink received, as the admin API lists it. */
export interface SinkEntry {
  /** The file's name without extension (time-sortable). */
  id: string;
  receivedAtMs: number;
  mailFrom: string;
  rcptTo: string[];
  /** The Message-ID header, Subject and size, read at receipt. */
  messageIdHeader: string | null;
  subject: string | null;
  sizeBytes: number;
}

/** Settings of the embedded sink. */
export interface SmtpSinkOptions {
  /** Folder the messages are kept in (`<data dir>/email-sink`). */
  dir: string;
  clock: Clock;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Largest message taken, bytes (default 15 MiB: 10 MiB of attachments, base64). */
  maxBytes?: number;
  /** Called once a message is on disk, before it is answered 250. */
  onReceived?: (entry: SinkEntry) => Promise<void>;
}

/** A running sink. */
export interface SmtpSink {
  readonly port: number;
  /** smtp://host:port, for the relay adapter. */
  readonly url: string;
  close(): Promise<void>;
}

/** The sink refuses every recipient at this domain with a 550, so test mode can show a bounce (.test is reserved: RFC 2606). */
export const SINK_BOUNCE_DOMAIN = 'bounce.test';

/**
 * An SMTP server that keeps every message it is given (the raw message as `<id>.eml`, its envelope as
 * `<id>.json`) instead of sending it on: `npm start` delivers email here when no relay is configured, so a
 * fresh machine can send and see what it sent.
 */
export async function startSmtpSink(options: SmtpSinkOptions): Promise<SmtpSink> {
  await ensurePrivateDir(options.dir);
  const maxBytes = options.maxBytes ?? 15 * 1024 * 1024;
  const host = options.host ?? '127.0.0.1';
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    logger: false,
    banner: 'sentral email sink',
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${SINK_BOUNCE_DOMAIN}`)) {
        return callback(Object.assign(new Error(`5.1.1 <${address.address}>: no such user (the sink bounces every address at ${SINK_BOUNCE_DOMAIN})`), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      keep(stream, session, options, maxBytes)
        .then(() => callback())
        .catch((err: Error & { responseCode?: number }) => {
          if (!err.responseCode) err.responseCode = 451;
          callback(err);
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  server.on('error', () => {});
  const port = (server.server.address() as AddressInfo).port;
  return { port, url: `smtp://${host}:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function keep(stream: SMTPServerDataStream, session: SMTPServerSession, options: SmtpSinkOptions, maxBytes: number): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  if (stream.sizeExceeded) throw Object.assign(new Error(`a message is at most ${maxBytes} bytes`), { responseCode: 552 });
  const raw = Buffer.concat(chunks);
  const receivedAtMs = options.clock.now();
  const head = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('utf8').split(/\r?\n\r?\n/, 1)[0] ?? '';
  const entry: SinkEntry = {
    id: `${String(receivedAtMs).padStart(15, '0')}-${randomBytes(6).toString('hex')}`,
    receivedAtMs,
    mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
    rcptTo: session.envelope.rcptTo.map((r) => r.address),
    messageIdHeader: headerValue(head, 'message-id')?.replace(/[<>]/g, '') ?? null,
    subject: headerValue(head, 'subject'),
    sizeBytes: raw.length,
  };
  await writeFile(join(options.dir, `${entry.id}.eml`), raw, { mode: PRIVATE_FILE_MODE });
  // The listing reads .json files: written last, under a temporary name, so a half-written message never shows.
  const tmp = join(options.dir, `${entry.id}.json.tmp`);
  await writeFile(tmp, JSON.stringify(entry), { mode: PRIVATE_FILE_MODE });
  await rename(tmp, join(options.dir, `${entry.id}.json`));
  await options.onReceived?.(entry);
}

// The raw (possibly encoded-word) value of one header field in a message head.
function headerValue(head: string, name: string): string | null {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}

/** The sink's messages, newest first; `before` (an entry id) pages on. */
export async function listSink(dir: string, options: { limit: number; before?: string }): Promise<SinkEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const ids = names
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -'.json'.length))
    .filter((id) => options.before === undefined || id < options.before)
    .sort()
    .reverse()
    .slice(0, options.limit);
  return Promise.all(ids.map(async (id) => JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as SinkEntry));
}

/** One kept message, raw; null when there is none with this id. */
export async function readSinkMessage(dir: string, id: string): Promise<Buffer | null> {
  if (!/^[0-9]{15}-[0-9a-f]{12}$/.test(id)) return null;
  try {
    return await readFile(join(dir, `${id}.eml`));
  } catch {
    return null;
  }
}
