import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBounceListener, type BounceListener } from '../../carriers/email/bounce-listener.js';
import type { DeliveryReport } from '../../carriers/email/delivery-report.js';
import type { OutgoingEmail } from '../../carriers/email/email-carrier.js';
import { SmtpRelay } from '../../carriers/email/smtp-relay.js';
import { newDkimKeyPair, type DkimKeyPair } from '../../control/messaging/email/dkim-keys.js';
import { domainRecords } from '../../control/messaging/email/domain-records.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { newId } from '../../shared/ids/ids.js';
import { verifyDkim } from '../support/dkim-verifier.js';
import { privatePostfix, type PrivatePostfix } from '../support/postfix.js';
import { SmtpUpstream } from '../support/smtp-upstream.js';
import { Waiters } from '../support/waiters.js';

// Debian's postfix is the relay; behind it a loopback server stands for the internet (taking mail, or
// refusing chosen recipients with 550 or 451); postfix's DSNs come back to the bounce listener on the
// return path's domain.
const DOMAIN = 'shop.example.test';
const RETURN_DOMAIN = `bounces.${DOMAIN}`;

let upstream: SmtpUpstream;
let postfix: PrivatePostfix;
let listener: BounceListener;
let relay: SmtpRelay;
let keys: DkimKeyPair;
const reports: DeliveryReport[] = [];
const waiters = new Waiters();

function reportFor(id: string, outcome: DeliveryReport['outcome']): Promise<DeliveryReport> {
  return waiters.until(
    () => reports.find((r) => r.messageId === id && r.outcome === outcome),
    30_000,
    `a ${outcome} report for ${id}`,
    () => `reports ${JSON.stringify(reports)}\n${postfix.log()}`,
  );
}

function email(to: string, over: Partial<OutgoingEmail> = {}): OutgoingEmail {
  const id = newId('eml');
  return {
    id,
    from: `Butikken <post@${DOMAIN}>`,
    to: [to],
    cc: [],
    bcc: [],
    subject: 'Ordrebekreftelse: blåbærsyltetøy',
    text: 'Hei Åse!\nTakk for bestillingen av blåbærsyltetøy og rømme.\n',
    html: '<p>Hei Åse!</p><p>Takk for bestillingen av <b>blåbærsyltetøy</b>.</p>',
    attachments: [{ filename: 'kvittering.txt', contentType: 'text/plain', content: Buffer.from('Sum: 149,00 kr\n') }],
    headers: { 'X-Order': '1234' },
    returnPath: `${id}@${RETURN_DOMAIN}`,
    messageIdHeader: `${id}@${DOMAIN}`,
    dkim: { domainName: DOMAIN, keySelector: 'sentral1', privateKey: keys.privateKey },
    ...over,
  };
}

beforeAll(async () => {
  keys = await newDkimKeyPair();
  upstream = new SmtpUpstream();
  upstream.rule('nobody@mottaker.example.test', { code: 550 });
  upstream.rule('busy@mottaker.example.test', { code: 451, times: 1 });
  await upstream.start();
  listener = await startBounceListener({
    host: '127.0.0.1',
    port: 0,
    onReport: async (report) => {
      reports.push(report);
      waiters.wake();
    },
  });
  postfix = await privatePostfix({ relayPort: upstream.port, transports: { [RETURN_DOMAIN]: listener.port } });
  relay = new SmtpRelay({ url: postfix.url, clock: realClock });
});

afterAll(async () => {
  await relay?.close();
  await postfix?.destroy();
  await listener?.close();
  await upstream?.stop();
});

describe('email through a real postfix', () => {
  it('delivers a DKIM-signed message that a verifier accepts, and the relay reports it delivered', async () => {
    const sent = email('kari@mottaker.example.test');
    const handOff = await relay.send(sent);
    expect(handOff).toMatchObject({ kind: 'accepted', accepted: ['kari@mottaker.example.test'], refused: [] });
    if (handOff.kind === 'accepted') expect(handOff.relayRef).toMatch(/^[A-Za-z0-9]{6,}$/);

    const got = await upstream.messageTo('kari@mottaker.example.test');
    expect(got.mailFrom).toBe(sent.returnPath);
    const parsed = await simpleParser(got.raw);
    expect(parsed.subject).toBe('Ordrebekreftelse: blåbærsyltetøy');
    expect(parsed.text).toContain('blåbærsyltetøy og rømme');
    expect(parsed.messageId).toBe(`<${sent.messageIdHeader}>`);
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['kvittering.txt']);
    expect(parsed.headers.get('x-order')).toBe('1234');

    const published = new Map(domainRecords(DOMAIN, 'sentral1', keys.publicKey, { spfInclude: 'spf.sentral.test', returnPathHost: 'bounce.sentral.test' }).map((r) => [r.name, r.value]));
    expect(verifyDkim(got.raw, (name) => published.get(name))).toEqual({ valid: true, domain: DOMAIN, selector: 'sentral1', reason: null });
    // The verifier does fail: a changed body, or another domain's key.
    const bodyChanged = Buffer.from(got.raw.toString('binary').replace(/bestillingen/, 'bestillingen!'), 'binary');
    expect(verifyDkim(bodyChanged, (name) => published.get(name)).reason).toBe('body hash differs');
    const other = await newDkimKeyPair();
    expect(verifyDkim(got.raw, () => `v=DKIM1; k=rsa; p=${other.publicKey}`).reason).toBe('signature does not verify');

    const report = await reportFor(sent.id, 'delivered');
    expect(report.recipient).toBe('kari@mottaker.example.test');
  });

  it('a 550 behind the relay comes back as a DSN: bounced, with the status and the recipient', async () => {
    const sent = email('nobody@mottaker.example.test');
    expect((await relay.send(sent)).kind).toBe('accepted');
    const report = await reportFor(sent.id, 'bounced');
    expect(report).toMatchObject({ recipient: 'nobody@mottaker.example.test', status: '5.1.1' });
    expect(report.diagnostic).toContain('550');
    expect(upstream.received.some((m) => m.rcptTo.includes('nobody@mottaker.example.test'))).toBe(false);
  });

  it('a 451 behind the relay is retried by it and delivered', async () => {
    const sent = email('busy@mottaker.example.test');
    expect((await relay.send(sent)).kind).toBe('accepted');
    const got = await upstream.messageTo('busy@mottaker.example.test');
    expect(upstream.attempts.get('busy@mottaker.example.test')).toBe(2);
    expect((await simpleParser(got.raw)).messageId).toBe(`<${sent.messageIdHeader}>`);
    await reportFor(sent.id, 'delivered');
    expect(reports.filter((r) => r.messageId === sent.id && r.outcome === 'bounced')).toEqual([]);
  });
});
