/**
 * Live email end to end through a real MTA: the API accepts, the messaging role hands to Debian's postfix
 * (SENTRAL_SMTP_URL), postfix relays to a loopback server standing for the internet, and postfix's own
 * delivery reports come back to the bounce listener (SENTRAL_BOUNCE_LISTEN) on the return path. DKIM is
 * verified on what arrived; a 550 bounces and suppresses; a 451 is retried by postfix and delivered.
 * Then the money as a property, over a relay that takes or refuses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { emailSender } from './email-sender.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { verifyDkim } from '../support/dkim-verifier.js';
import { DnsTable } from '../support/dns-table.js';
import { MessageWaits } from '../support/message-waits.js';
import { ownDatabase } from '../support/services.js';
import { privatePostfix, type PrivatePostfix } from '../support/postfix.js';
import { freePort } from '../support/private-services.js';
import { SmtpUpstream } from '../support/smtp-upstream.js';

const dataDir = mkdtempSync(join(tmpdir(), 'sentral-email-mta-'));
const DOMAIN = `nettbutikk-${randomUUID().slice(0, 6)}.example.no`;
const resolver = new DnsTable();
let internet: SmtpUpstream;
let postfix: PrivatePostfix;
let api: ApiHarness;
let messaging: Messaging;
let company: TestCompany;
let profileId = '';
let waits: MessageWaits;
let database: Awaited<ReturnType<typeof ownDatabase>>;

beforeAll(async () => {
  internet = new SmtpUpstream();
  internet.rule('nobody@mottaker.example.test', { code: 550 });
  internet.rule('busy@mottaker.example.test', { code: 451, times: 1 });
  await internet.start();
  const bouncePort = await freePort();
  postfix = await privatePostfix({ relayPort: internet.port, transports: { [`bounces.${DOMAIN}`]: bouncePort } });
  database = await ownDatabase('email_mta');
  api = await startApi({ sql: database.sql,
    dnsResolver: resolver,
    env: { SENTRAL_DATA_DIR: dataDir, SENTRAL_SMTP_URL: postfix.url, SENTRAL_BOUNCE_LISTEN: `127.0.0.1:${bouncePort}` },
  });
  waits = new MessageWaits(api.sql);
  await waits.listen(api.services.bus);
  company = await createTestCompany(api.app, 100_000);
  profileId = (await emailSender(api.app, company, resolver, DOMAIN, 'Nettbutikk')).id;
  messaging = await startMessaging(api.services, { pollIntervalMs: 1_000 });
});
afterAll(async () => {
  await messaging?.stop();
  await api?.close();
  await database?.drop();
  await postfix?.destroy();
  await internet?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function send(to: string | string[], extra: Record<string, unknown> = {}) {
  return call(api.app, {
    method: 'POST', url: '/v1/email', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }),
    payload: { profileId, from: `Nettbutikken <ordre@${DOMAIN}>`, to, subject: 'Kvittering for blåbær', text: 'Takk for handelen, Åse!', ...extra },
  });
}

async function balance(): Promise<number> {
  const [row] = await api.sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${company.id}`;
  return Number(row!.balance_ore);
}

describe('live email through postfix', () => {
  it('is delivered with a DKIM signature that verifies against the published key, and costs 1 øre', async () => {
    const before = await balance();
    const res = await send('kari@mottaker.example.test');
    expect(res.statusCode).toBe(201);
    await waits.state(res.data.id, 'delivered');
    expect(await waits.statesOf(res.data.id)).toEqual(['accepted', 'sending', 'sent', 'delivered']);
    expect(await balance()).toBe(before - 1);
    const got = await internet.messageTo('kari@mottaker.example.test');
    expect(got.mailFrom).toBe(`${res.data.id}@bounces.${DOMAIN}`);
    const parsed = await simpleParser(got.raw);
    expect(parsed.subject).toBe('Kvittering for blåbær');
    expect(parsed.text).toContain('Takk for handelen, Åse!');
    expect(verifyDkim(got.raw, (name) => resolver.firstTxt(name))).toEqual({ valid: true, domain: DOMAIN, selector: expect.any(String), reason: null });
  });

  it('a 550 at the recipient\'s server bounces back as a DSN: bounced, suppressed, and the next send is refused', async () => {
    const res = await send('nobody@mottaker.example.test');
    await waits.state(res.data.id, 'bounced');
    const email = (await call(api.app, { method: 'GET', url: `/v1/email/${res.data.id}`, headers: bearer(company.liveKey) })).data;
    expect(email).toMatchObject({ state: 'bounced', errorCode: 'undeliverable' });
    expect(email.errorDesc).toContain('5.1.1');
    const [entry] = await api.sql<{ source: string }[]>`select source from suppressions where profile_id = ${profileId} and address = 'nobody@mottaker.example.test'`;
    expect(entry?.source).toBe('bounce');
    const next = await send('Nobody@mottaker.example.test');
    expect(next.statusCode).toBe(422);
    expect(next.data.error).toMatchObject({ code: 'recipient_opted_out', param: 'to' });
  });

  it('a 451 is retried by postfix and delivered once', async () => {
    const res = await send('busy@mottaker.example.test');
    await waits.state(res.data.id, 'delivered');
    expect(internet.attempts.get('busy@mottaker.example.test')).toBe(2);
    expect(internet.received.filter((m) => m.rcptTo.includes('busy@mottaker.example.test'))).toHaveLength(1);
  });
});

describe('money', () => {
  it('is exact: each email draws one price per recipient when the relay takes it, nothing when refused or canceled', async () => {
    // The relay answers at once here (a loopback server as the relay itself), so each case settles in one pass.
    const relay = new SmtpUpstream();
    await relay.start();
    await messaging.stop();
    const direct = await startApi({ sql: api.sql, clock: api.clock, dnsResolver: resolver, env: { SENTRAL_DATA_DIR: dataDir, SENTRAL_SMTP_URL: `smtp://127.0.0.1:${relay.port}` } });
    await waits.listen(direct.services.bus);
    const role = await startMessaging(direct.services, { pollIntervalMs: 1_000 });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ recipients: fc.integer({ min: 1, max: 4 }), refused: fc.boolean(), cancel: fc.boolean() }), { minLength: 1, maxLength: 4 }),
          async (emails) => {
            const before = await balance();
            let expected = 0;
            for (const e of emails) {
              const tag = randomUUID().slice(0, 8);
              const to = Array.from({ length: e.recipients }, (_, i) => `r${i}-${tag}@mottaker.example.test`);
              if (e.refused) for (const a of to) relay.rule(a, { code: 550 });
              const res = await call(direct.app, {
                method: 'POST', url: '/v1/email', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }),
                payload: { profileId, from: `ordre@${DOMAIN}`, to, subject: 's', text: 't', ...(e.cancel ? { sendAt: new Date(api.clock.now() + 3_600_000).toISOString() } : {}) },
              });
              expect(res.data.priceOre).toBe(e.recipients);
              if (e.cancel) {
                await call(direct.app, { method: 'POST', url: `/v1/email/${res.data.id}/cancel`, headers: bearer(company.liveKey) });
                continue;
              }
              await waits.state(res.data.id, e.refused ? 'bounced' : 'sent');
              if (!e.refused) expected += e.recipients;
            }
            expect(before - (await balance())).toBe(expected);
          },
        ),
        { numRuns: 12 },
      );
    } finally {
      await role.stop();
      await direct.close();
      await relay.stop();
      messaging = await startMessaging(api.services, { pollIntervalMs: 1_000 });
    }
  });
});
