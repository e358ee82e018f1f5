import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBounceListener } from '../../carriers/email/bounce-listener.js';
import type { DeliveryReport } from '../../carriers/email/delivery-report.js';
import type { OutgoingEmail } from '../../carriers/email/email-carrier.js';
import { SmtpRelay } from '../../carriers/email/smtp-relay.js';
import { listSink, readSinkMessage, startSmtpSink, type SinkEntry } from '../../carriers/email/smtp-sink.js';
import { newDkimKeyPair } from '../../control/messaging/email/dkim-keys.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { newId } from '../../shared/ids/ids.js';
import { freePort } from '../support/private-services.js';
import { SmtpUpstream } from '../support/smtp-upstream.js';

// The relay adapter against a loopback SMTP server standing for the relay itself: what each of its answers
// means for the pipeline (taken, refused for good, try again, unknown), the sink, and the bounce listener's
// hostile cases.
let privateKey: string;
let upstream: SmtpUpstream;
const relays: SmtpRelay[] = [];
const folders: string[] = [];

function relayTo(port: number, clock = realClock, perDomainPerSecond?: number): SmtpRelay {
  const relay = new SmtpRelay({ url: `smtp://127.0.0.1:${port}`, clock, perDomainPerSecond, retryAfterMs: 15_000, timeoutsMs: { connection: 2000, greeting: 2000, socket: 3000 } });
  relays.push(relay);
  return relay;
}

function email(to: string[], domain = 'shop.example.test'): OutgoingEmail {
  const id = newId('eml');
  return {
    id,
    from: `post@${domain}`,
    to,
    cc: [],
    bcc: [],
    subject: 'Hei',
    text: 'Hallo',
    attachments: [],
    headers: {},
    returnPath: `${id}@bounces.${domain}`,
    messageIdHeader: `${id}@${domain}`,
    dkim: { domainName: domain, keySelector: 's1', privateKey },
  };
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sentral-sink-'));
  folders.push(dir);
  return dir;
}

beforeAll(async () => {
  privateKey = (await newDkimKeyPair()).privateKey;
  upstream = new SmtpUpstream();
  upstream.rule('gone@example.test', { code: 550 });
  upstream.rule('later@example.test', { code: 451, times: 1000 });
  await upstream.start();
});

afterAll(async () => {
  for (const relay of relays) await relay.close();
  await upstream.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('the relay adapter', () => {
  it('a recipient refused with 550 is refused for good, with the code; the others are taken', async () => {
    const relay = relayTo(upstream.port);
    const one = await relay.send(email(['gone@example.test']));
    expect(one).toMatchObject({ kind: 'refused', code: 550, refused: [{ address: 'gone@example.test', code: 550 }] });
    const mixed = await relay.send(email(['ok@example.test', 'gone@example.test']));
    expect(mixed).toMatchObject({ kind: 'accepted', accepted: ['ok@example.test'], refused: [{ address: 'gone@example.test', code: 550 }] });
  });

  it('a 451 is try-again, never sent', async () => {
    const result = await relayTo(upstream.port).send(email(['later@example.test']));
    expect(result).toMatchObject({ kind: 'retry', afterMs: 15_000 });
    expect(upstream.received.some((m) => m.rcptTo.includes('later@example.test'))).toBe(false);
  });

  it('a relay that is down is try-again; once it is up the same adapter sends', async () => {
    const port = await freePort();
    const relay = relayTo(port);
    const result = await relay.send(email(['down@example.test']));
    expect(result.kind).toBe('retry');
    const late = new SmtpUpstream();
    await late.start(port);
    try {
      expect((await relay.send(email(['down@example.test']))).kind).toBe('accepted');
      expect(late.received).toHaveLength(1);
    } finally {
      await relay.close();
      await late.stop();
    }
  });

  it('a connection lost after the message went out is unknown, not try-again', async () => {
    const dropping = new SmtpUpstream();
    dropping.dropAfterData = true;
    await dropping.start();
    try {
      expect((await relayTo(dropping.port).send(email(['lost@example.test']))).kind).toBe('unknown');
    } finally {
      await dropping.stop();
    }
  });

  it('a sender domain over its rate waits; another domain does not', async () => {
    const clock = new ManualClock();
    const relay = relayTo(upstream.port, clock, 2);
    expect((await relay.send(email(['a@example.test'], 'fast.example.test'))).kind).toBe('accepted');
    expect((await relay.send(email(['b@example.test'], 'fast.example.test'))).kind).toBe('accepted');
    expect(await relay.send(email(['c@example.test'], 'fast.example.test'))).toMatchObject({ kind: 'retry', afterMs: 500 });
    expect((await relay.send(email(['d@example.test'], 'other.example.test'))).kind).toBe('accepted');
    await clock.advance(500);
    expect((await relay.send(email(['c@example.test'], 'fast.example.test'))).kind).toBe('accepted');
  });
});

describe('the embedded sink', () => {
  it('keeps what it is given on disk and lists it newest first', async () => {
    const dir = tempDir();
    const seen: SinkEntry[] = [];
    const sink = await startSmtpSink({ dir, clock: realClock, onReceived: async (entry) => void seen.push(entry) });
    const relay = relayTo(sink.port);
    try {
      const first = email(['kari@example.test']);
      const second = { ...email(['ola@example.test', 'per@example.test']), subject: 'Nummer to' };
      expect((await relay.send(first)).kind).toBe('accepted');
      expect((await relay.send(second)).kind).toBe('accepted');
      const listed = await listSink(dir, { limit: 10 });
      expect(listed.map((e) => e.messageIdHeader)).toEqual([second.messageIdHeader, first.messageIdHeader]);
      expect(listed[0]).toMatchObject({ rcptTo: ['ola@example.test', 'per@example.test'], subject: 'Nummer to', mailFrom: second.returnPath });
      expect(seen.map((e) => e.id)).toEqual(listed.map((e) => e.id).reverse());
      expect((await readSinkMessage(dir, listed[1]!.id))?.toString()).toContain('DKIM-Signature:');
      expect(await listSink(dir, { limit: 10, before: listed[0]!.id })).toEqual([listed[1]]);
      expect(await readSinkMessage(dir, '../../etc/passwd')).toBeNull();
    } finally {
      await relay.close();
      await sink.close();
    }
  });

  it('bounces every recipient at bounce.test with 550 and keeps the message for the others', async () => {
    const dir = tempDir();
    const sink = await startSmtpSink({ dir, clock: realClock });
    const relay = relayTo(sink.port);
    try {
      const mixed = await relay.send(email(['kari@example.test', 'ingen@Bounce.test']));
      expect(mixed).toMatchObject({ kind: 'accepted', accepted: ['kari@example.test'], refused: [{ address: 'ingen@bounce.test', code: 550 }] });
      const only = await relay.send(email(['ingen@bounce.test']));
      expect(only).toMatchObject({ kind: 'refused', code: 550 });
      expect((only as { desc: string }).desc).toMatch(/^550 5\.1\.1 <ingen@bounce\.test>: no such user/);
      expect((await listSink(dir, { limit: 10 })).map((e) => e.rcptTo)).toEqual([['kari@example.test']]);
    } finally {
      await relay.close();
      await sink.close();
    }
  });

  it('refuses a message over its size with 552; nothing is kept', async () => {
    const dir = tempDir();
    const sink = await startSmtpSink({ dir, clock: realClock, maxBytes: 10_000 });
    const relay = relayTo(sink.port);
    try {
      const big = { ...email(['kari@example.test']), text: 'x'.repeat(20_000) };
      expect(await relay.send(big)).toMatchObject({ kind: 'refused', code: 552 });
      expect(await listSink(dir, { limit: 10 })).toEqual([]);
    } finally {
      await relay.close();
      await sink.close();
    }
  });
});

describe('the bounce listener', () => {
  const boundary = 'b0undary';
  function report(type: string, body: string): string {
    return [
      'From: MAILER-DAEMON@relay.example.test',
      'To: whoever@bounces.shop.example.test',
      'Subject: report',
      `Content-Type: multipart/report; report-type=x; boundary="${boundary}"`,
      'MIME-Version: 1.0',
      '',
      `--${boundary}`,
      'Content-Type: text/plain',
      '',
      'Human words.',
      `--${boundary}`,
      `Content-Type: ${type}`,
      '',
      body,
      `--${boundary}--`,
      '',
    ].join('\r\n');
  }

  async function deliver(port: number, to: string, raw: string): Promise<{ ok: boolean; code?: number }> {
    const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({ envelope: { from: '', to: [to] }, raw });
      return { ok: true };
    } catch (err) {
      return { ok: false, code: (err as { responseCode?: number }).responseCode };
    } finally {
      transport.close();
    }
  }

  it('reads a complaint (ARF) and a DSN whose envelope id is missing (the return path names the message)', async () => {
    const got: DeliveryReport[] = [];
    const listener = await startBounceListener({ host: '127.0.0.1', port: 0, onReport: async (r) => void got.push(r) });
    try {
      const id = newId('eml');
      const arf = report('message/feedback-report', 'Feedback-Type: abuse\r\nUser-Agent: x\r\nVersion: 1\r\nOriginal-Rcpt-To: <Angry@Example.test>\r\n');
      expect(await deliver(listener.port, `${id}@bounces.shop.example.test`, arf)).toEqual({ ok: true });
      const dsn = report('message/delivery-status', 'Reporting-MTA: dns; mx.example.test\r\n\r\nFinal-Recipient: rfc822; gone@example.test\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 unknown\r\n');
      expect(await deliver(listener.port, `${id}@bounces.shop.example.test`, dsn)).toEqual({ ok: true });
      expect(got).toEqual([
        { messageId: id, recipient: 'angry@example.test', outcome: 'complained', status: 'abuse', diagnostic: null },
        { messageId: id, recipient: 'gone@example.test', outcome: 'bounced', status: '5.1.1', diagnostic: '550 5.1.1 unknown' },
      ]);
    } finally {
      await listener.close();
    }
  });

  it('takes and ignores mail that is not a report; refuses one too large; answers 451 when the report cannot be recorded', async () => {
    const got: DeliveryReport[] = [];
    let failing = true;
    const listener = await startBounceListener({
      host: '127.0.0.1',
      port: 0,
      maxBytes: 5000,
      onReport: async (r) => {
        if (failing) throw new Error('database down');
        got.push(r);
      },
    });
    try {
      expect(await deliver(listener.port, 'x@bounces.example.test', 'Subject: hello\r\n\r\nnot a report\r\n')).toEqual({ ok: true });
      expect(await deliver(listener.port, 'x@bounces.example.test', `Subject: big\r\n\r\n${'y'.repeat(10_000)}\r\n`)).toEqual({ ok: false, code: 552 });
      const dsn = report('message/delivery-status', 'Original-Envelope-Id: eml_0123456789abcdefghjkmnpqrs\r\n\r\nFinal-Recipient: rfc822; a@example.test\r\nAction: delivered\r\nStatus: 2.0.0\r\n');
      expect(await deliver(listener.port, 'x@bounces.example.test', dsn)).toEqual({ ok: false, code: 451 });
      failing = false;
      expect(await deliver(listener.port, 'x@bounces.example.test', dsn)).toEqual({ ok: true });
      expect(got).toEqual([{ messageId: 'eml_0123456789abcdefghjkmnpqrs', recipient: 'a@example.test', outcome: 'delivered', status: '2.0.0', diagnostic: null }]);
    } finally {
      await listener.close();
    }
  });
});
