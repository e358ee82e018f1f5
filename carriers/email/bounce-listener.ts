import type { AddressInfo } from 'node:net';
import { simpleParser, type StructuredHeader } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { parseDeliveryStatus, parseFeedbackReport, type DeliveryReport } from './delivery-report.js';

/** Settings of the bounce listener. */
export interface BounceListenerOptions {
  host: string;
  port: number;
  /** Called once per recipient report; the DSN is answered 250 only after every call resolved. */
  onReport: (report: DeliveryReport) => Promise<void>;
  /** Largest report taken, bytes (default 1 MiB: reports carry headers, not bodies). */
  maxBytes?: number;
}

/** A running bounce listener. */
export interface BounceListener {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Listens for delivery status notifications and complaints on the return path (smtp-server, parsed with
 * mailparser). A report that could not be recorded is answered 451, so the sending MTA keeps it and tries
 * again: none is lost. Mail that is not a report is taken and ignored.
 */
export async function startBounceListener(options: BounceListenerOptions): Promise<BounceListener> {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    logger: false,
    banner: 'sentral bounce listener',
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      readReports(stream, session, maxBytes)
        .then(async (reports) => {
          for (const report of reports) await options.onReport(report);
          callback();
        })
        .catch((err: Error & { responseCode?: number }) => {
          if (!err.responseCode) err.responseCode = 451;
          callback(err);
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  server.on('error', () => {});
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readReports(stream: SMTPServerDataStream, session: SMTPServerSession, maxBytes: number): Promise<DeliveryReport[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  if (stream.sizeExceeded) throw Object.assign(new Error(`a report is at most ${maxBytes} bytes`), { responseCode: 552 });
  const raw = Buffer.concat(chunks);
  const returnPath = session.envelope.rcptTo.map((r) => r.address).join(' ');
  return reportsIn(raw, returnPath);
}

/** The recipient reports in a raw message: its delivery-status or feedback-report part, if it is a report. */
export async function reportsIn(raw: Buffer, returnPath: string): Promise<DeliveryReport[]> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const type = parsed.headers.get('content-type') as StructuredHeader | undefined;
  const boundary = type?.params.boundary;
  if (type?.value.toLowerCase() !== 'multipart/report' || !boundary) return [];
  // mailparser folds a message/delivery-status part into the text: the report's own parts are read here.
  const parts = reportParts(raw.toString('utf8'), boundary);
  const textOf = (types: string[]): string | undefined => parts.find((p) => types.includes(p.type))?.body;
  const originalHeaders = textOf(['text/rfc822-headers', 'message/rfc822-headers', 'message/rfc822', 'message/global-headers', 'message/global']);
  const status = textOf(['message/delivery-status', 'message/global-delivery-status']);
  if (status !== undefined) return parseDeliveryStatus(status, { returnPath, originalHeaders });
  const feedback = textOf(['message/feedback-report']);
  if (feedback !== undefined) return parseFeedbackReport(feedback, { returnPath, originalHeaders });
  return [];
}

/** The top-level parts of a multipart body: their content type and (7bit, quoted-printable or base64) text. */
function reportParts(raw: string, boundary: string): { type: string; body: string }[] {
  const parts: { type: string; body: string }[] = [];
  const sections = raw.replace(/\r\n/g, '\n').split(`--${boundary}`);
  for (const section of sections.slice(1)) {
    if (section.startsWith('--')) break;
    const split = section.indexOf('\n\n');
    if (split < 0) continue;
    const head = section.slice(0, split).replace(/\n[ \t]+/g, ' ');
    const type = /^content-type:\s*([^;\s]+)/im.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
    let body = section.slice(split + 2);
    if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    else if (encoding === 'quoted-printable') body = Buffer.from(body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
    parts.push({ type, body });
  }
  return parts;
}
