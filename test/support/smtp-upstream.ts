import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { Waiters } from './waiters.js';

/** One message an upstream server took. */
export interface UpstreamMessage {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
}

/** How the upstream answers one recipient: 550 for good, 451 for its first `times` tries, or a custom rule. */
export type RecipientRule = { code: 550 } | { code: 451; times: number };

/**
 * A loopback SMTP server standing for the internet behind a relay: it takes mail, refuses chosen
 * recipients with 550 (for good) or 451 (for a number of tries), and lets a test await what arrived.
 */
export class SmtpUpstream {
  readonly received: UpstreamMessage[] = [];
  /** RCPT TO attempts per address, refused or not. */
  readonly attempts = new Map<string, number>();
  private readonly rules = new Map<string, RecipientRule>();
  private readonly waiters = new Waiters();
  private server!: SMTPServer;
  port = 0;
  /** When set, the connection is dropped after the message data, before any answer. */
  dropAfterData = false;

  /** Sets how one recipient is answered. */
  rule(address: string, rule: RecipientRule): void {
    this.rules.set(address.toLowerCase(), rule);
  }

  async start(port = 0): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      size: 30 * 1024 * 1024,
      onRcptTo: (address: SMTPServerAddress, _session: SMTPServerSession, callback: (err?: Error | null) => void) => {
        const key = address.address.toLowerCase();
        const tries = (this.attempts.get(key) ?? 0) + 1;
        this.attempts.set(key, tries);
        const rule = this.rules.get(key);
        if (rule?.code === 550) return callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
        if (rule?.code === 451 && tries <= rule.times) return callback(Object.assign(new Error('4.2.0 Try again later'), { responseCode: 451 }));
        callback();
      },
      onData: (stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.dropAfterData) {
            // smtp-server keeps its connections with their sessions; the socket is dropped without a reply.
            const connections = (this.server as unknown as { connections: Set<{ session: SMTPServerSession; _socket: { destroy(): void } }> }).connections;
            for (const c of connections) if (c.session === session) c._socket.destroy();
            return;
          }
          this.received.push({ mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', rcptTo: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
          callback();
          this.waiters.wake();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server.on('error', () => {});
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  /** Resolves with the first message to `address` (waits for it). */
  messageTo(address: string, withinMs = 20_000): Promise<UpstreamMessage> {
    const key = address.toLowerCase();
    return this.waiters.until(
      () => this.received.find((m) => m.rcptTo.some((r) => r.toLowerCase() === key)),
      withinMs,
      `a message to ${address}`,
      () => `received for ${JSON.stringify(this.received.map((m) => m.rcptTo))}, attempts ${JSON.stringify([...this.attempts])}`,
    );
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
