/**
 * Email through the API and the messaging role: test keys into the embedded sink (delivered on receipt),
 * sender domains verified through an injected resolver, the refusals a customer meets (hostile input
 * included), scheduling and cancel with the money, and a live relay that is down until it is not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { verifyDkim } from '../support/dkim-verifier.js';
import { DnsTable } from '../support/dns-table.js';
import { MessageWaits } from '../support/message-waits.js';
import { ownDatabase } from '../support/services.js';
import { freePort } from '../support/private-services.js';
import { SmtpUpstream } from '../support/smtp-upstream.js';
import { capturedByReference, lastStatusPrices } from '../support/ledger-draws.js';

const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
const dataDir = mkdtempSync(join(tmpdir(), 'sentral-email-api-'));
const DOMAIN = `butikk-${randomUUID().slice(0, 6)}.example.no`;
const resolver = new DnsTable();
let relayPort = 0;
let api: ApiHarness;
let messaging: Messaging;
let company: TestCompany;
let profileId = '';
let slug = '';
let waits: MessageWaits;
let database: Awaited<ReturnType<typeof ownDatabase>>;

beforeAll(async () => {
  relayPort = await freePort();
  database = await ownDatabase('email_api');
  api = await startApi({ sql: database.sql, clock, dnsResolver: resolver, env: { SENTRAL_DATA_DIR: dataDir, SENTRAL_SMTP_URL: `smtp://127.0.0.1:${relayPort}` } });
  company = await createTestCompany(api.app, 10_000);
  slug = `shop-${randomUUID().slice(0, 8)}`;
  const profile = await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey), payload: { name: 'Shop', slug, services: { email: true } } });
  expect(profile.statusCode).toBe(201);
  profileId = profile.data.id;
  waits = new MessageWaits(api.sql);
  await waits.listen(api.services.bus);
  messaging = await startMessaging(api.services, { pollIntervalMs: 1_000 });
});
afterAll(async () => {
  await messaging?.stop();
  await api?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function send(key: string, body: Record<string, unknown>, idempotencyKey = randomUUID()) {
  return call(api.app, { method: 'POST', url: '/v1/email', headers: bearer(key, { 'idempotency-key': idempotencyKey }), payload: { profileId, from: `Butikken <post@${DOMAIN}>`, subject: 'Hei', text: 'Hallo', ...body } });
}

async function settle(ms = 0): Promise<void> {
  await messaging.whenIdle();
  if (ms > 0) await clock.advance(ms);
  await messaging.whenIdle();
}

async function balance(): Promise<number> {
  const [row] = await api.sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${company.id}`;
  return Number(row!.balance_ore);
}

describe('sender domains', () => {
  it('a new domain answers its records; verify finds them only once they are published', async () => {
    const created = await call(api.app, { method: 'POST', url: `/v1/profiles/${slug}/email-domains`, headers: bearer(company.liveKey), payload: { domain: DOMAIN } });
    expect(created.statusCode).toBe(201);
    expect(created.data).toMatchObject({ object: 'email_domain', domain: DOMAIN, state: 'pending', verifiedAt: null });
    const records = created.data.records as { purpose: string; type: string; name: string; value: string }[];
    expect(records.map((r) => [r.purpose, r.type, r.name])).toEqual([
      ['dkim', 'TXT', `${created.data.dkimSelector}._domainkey.${DOMAIN}`],
      ['spf', 'TXT', DOMAIN],
      ['return_path', 'CNAME', `bounces.${DOMAIN}`],
    ]);
    const again = await call(api.app, { method: 'POST', url: `/v1/profiles/${slug}/email-domains`, headers: bearer(company.liveKey), payload: { domain: DOMAIN.toUpperCase() } });
    expect(again.data.error.code).toBe('email_domain_exists');

    const verify = () => call(api.app, { method: 'POST', url: `/v1/profiles/${slug}/email-domains/${DOMAIN}/verify`, headers: bearer(company.liveKey) });
    const early = await verify();
    expect(early.data.state).toBe('pending');
    expect(early.data.records.map((r: { found: boolean }) => r.found)).toEqual([false, false, false]);

    // A live send from a domain not verified is refused; a test send goes (to the sink).
    const refused = await send(company.liveKey, { to: 'kari@example.test' });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.error).toMatchObject({ code: 'sender_domain_not_verified', param: 'from' });

    resolver.publish(records);
    const done = await verify();
    expect(done.data).toMatchObject({ state: 'verified' });
    expect(done.data.records.map((r: { found: boolean }) => r.found)).toEqual([true, true, true]);
  });
});

describe('test keys: the embedded sink', () => {
  it('accepts, signs and hands to the sink, which is delivery; the admin API lists what it got', async () => {
    const res = await send(company.testKey, {
      to: ['kari@example.test', 'Ola@Example.test'], cc: ['per@example.test'], bcc: ['arkiv@example.test'], subject: 'Ordre æøå', html: '<p>Takk</p>',
      attachments: [{ filename: 'kvittering.txt', contentType: 'text/plain', content: Buffer.from('Sum: 149 kr').toString('base64') }],
      headers: { 'X-Order': '42' }, tags: ['ordre'], externalRef: 'o-42', metadata: { shop: 'a' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ object: 'email', state: 'accepted', mode: 'test', to: ['kari@example.test', 'ola@example.test'], cc: ['per@example.test'], bccCount: 1, priceOre: 0, wouldCostOre: 4, attachments: [{ filename: 'kvittering.txt', sizeBytes: 11 }] });
    expect(res.data.id).toMatch(/^eml_[0-9a-z]{26}$/);
    expect(res.data.dkim).toBeNull();
    await waits.states(res.data.id, ['accepted', 'sending', 'sent', 'delivered']);
    const got = await call(api.app, { method: 'GET', url: `/v1/email/${res.data.id}`, headers: bearer(company.testKey) });
    expect(got.data.state).toBe('delivered');
    const [last] = await api.sql<{ body: string; id: string }[]>`select id, body from events where object_id = ${res.data.id} order by seq desc limit 1`;
    expect(JSON.parse(last!.body).data).toEqual({
      eventId: last!.id, mode: 'test', profileId, messageId: res.data.id, to: ['kari@example.test', 'ola@example.test'], state: 'delivered', priceOre: 0, wouldCostOre: 4,
      errorCode: null, errorDesc: null, externalRef: 'o-42', metadata: { shop: 'a' }, campaignId: null,
    });

    const sink = await call(api.app, { method: 'GET', url: '/admin/v1/email-sink', headers: admin() });
    const entry = sink.data.data.find((e: { messageIdHeader: string }) => e.messageIdHeader === `${res.data.id}@${DOMAIN}`);
    expect(entry).toMatchObject({ mailFrom: `${res.data.id}@bounces.${DOMAIN}`, rcptTo: ['kari@example.test', 'ola@example.test', 'per@example.test', 'arkiv@example.test'] });
    const raw = await api.app.inject({ method: 'GET', url: `/admin/v1/email-sink/${entry.id}`, headers: admin() });
    const parsed = await simpleParser(raw.rawPayload);
    expect(parsed.subject).toBe('Ordre æøå');
    expect(parsed.headers.get('bcc')).toBeUndefined();
    expect(parsed.headers.get('x-order')).toBe('42');
    expect(parsed.attachments[0]!.content.toString()).toBe('Sum: 149 kr');
    const dkim = verifyDkim(raw.rawPayload, (name) => resolver.firstTxt(name));
    expect(dkim).toMatchObject({ valid: true, domain: DOMAIN });
    // The email says which signature it went out with: the one the receiver verified.
    expect(got.data.dkim).toEqual({ domain: DOMAIN, selector: dkim.selector, signedAt: new Date(clock.now()).toISOString() });

    const list = await call(api.app, { method: 'GET', url: '/v1/email?to=kari@example.test&limit=5', headers: bearer(company.testKey) });
    expect(list.data.data.map((e: { id: string }) => e.id)).toContain(res.data.id);
  });
});

describe('the suppression list', () => {
  it('refuses a send with a suppressed address among its recipients, naming it and its field; nothing is sent', async () => {
    await call(api.app, { method: 'POST', url: `/v1/profiles/${slug}/suppressions`, headers: bearer(company.liveKey), payload: { address: 'Stopp@Example.test' } });
    const res = await send(company.testKey, { to: ['ok@example.test'], cc: ['other@example.test', 'stopp@EXAMPLE.test'], subject: 'Hei', text: 'Hei' });
    expect(res.statusCode).toBe(422);
    expect(res.data.error).toMatchObject({ code: 'recipient_opted_out', param: 'cc' });
    expect(res.data.error.message).toContain('stopp@example.test');
    const list = await call(api.app, { method: 'GET', url: '/v1/email?limit=100', headers: bearer(company.testKey) });
    expect(list.data.data.map((m: { subject: string }) => m.subject)).not.toContain('Hei');
  });
});

describe('hostile input', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['CR/LF in the subject', { to: 'a@example.test', subject: 'Hei\r\nBcc: victim@example.test' }, 'invalid_request', 'subject'],
    ['LF in from', { to: 'a@example.test', from: `post@${DOMAIN}\nBcc: victim@example.test` }, 'invalid_request', 'from'],
    ['CR/LF in a header value', { to: 'a@example.test', headers: { 'X-Note': 'a\r\nBcc: victim@example.test' } }, 'invalid_request', 'headers'],
    ['a header sentral writes', { to: 'a@example.test', headers: { 'DKIM-Signature': 'v=1' } }, 'header_not_allowed', 'headers.DKIM-Signature'],
    ['a recipient with a line break', { to: 'a@example.test\r\nRCPT TO:<b@example.test>' }, 'invalid_request', 'to'],
    ['a lone surrogate in the text', { to: 'a@example.test', text: 'Hei \ud800 der' }, 'invalid_request', 'text'],
    ['no body', { to: 'a@example.test', text: undefined }, 'email_body_required', 'text'],
    ['51 recipients', { to: Array.from({ length: 26 }, (_, i) => `t${i}@example.test`), cc: Array.from({ length: 25 }, (_, i) => `c${i}@example.test`) }, 'invalid_request', 'to'],
    ['a From at another domain', { to: 'a@example.test', from: 'ceo@bank.example' }, 'sender_domain_not_verified', 'from'],
  ];
  for (const [what, body, code, param] of cases) {
    it(`${what} → 400/422 ${code} naming ${param}; nothing stored`, async () => {
      const before = await api.sql<{ n: number }[]>`select count(*)::int as n from messages where channel = 'email'`;
      const res = await send(company.testKey, body);
      expect(res.statusCode, JSON.stringify(res.data)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.data.error.code).toBe(code);
      expect(String(res.data.error.param)).toContain(param);
      const after = await api.sql<{ n: number }[]>`select count(*)::int as n from messages where channel = 'email'`;
      expect(after[0]!.n).toBe(before[0]!.n);
    });
  }

  it('attachments over 10 MB together → 400 attachments_too_large naming attachments', async () => {
    const six = Buffer.alloc(5.5 * 1024 * 1024, 7).toString('base64');
    const res = await send(company.testKey, { to: 'a@example.test', attachments: [{ filename: 'a.bin', contentType: 'application/octet-stream', content: six }, { filename: 'b.bin', contentType: 'application/octet-stream', content: six }] });
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toMatchObject({ code: 'attachments_too_large', param: 'attachments' });
  });
});

describe('money and scheduling (live)', () => {
  it('a scheduled email reserves one price per recipient and costs nothing once canceled', async () => {
    const before = await balance();
    const res = await send(company.liveKey, { to: ['a@example.test', 'b@example.test'], sendAt: new Date(clock.now() + 3_600_000).toISOString() });
    expect(res.data).toMatchObject({ state: 'scheduled', priceOre: 2 });
    expect(await balance()).toBe(before - 2);
    const canceled = await call(api.app, { method: 'POST', url: `/v1/email/${res.data.id}/cancel`, headers: bearer(company.liveKey) });
    expect(canceled.data.state).toBe('canceled');
    expect(await balance()).toBe(before);
    await settle(3_600_000);
    expect(await waits.statesOf(res.data.id)).toEqual(['scheduled', 'canceled']);
    const again = await call(api.app, { method: 'POST', url: `/v1/email/${res.data.id}/cancel`, headers: bearer(company.liveKey) });
    expect(again.data.state).toBe('canceled');
  });

  it('a recipient the relay refuses for good: bounced, the relay\'s SMTP reply as its reason, signed as it went out', async () => {
    const relay = new SmtpUpstream();
    relay.rule('ingen@example.test', { code: 550 });
    await relay.start(relayPort);
    try {
      const res = await send(company.liveKey, { to: 'ingen@example.test' });
      await waits.state(res.data.id, 'bounced');
      const got = await call(api.app, { method: 'GET', url: `/v1/email/${res.data.id}`, headers: bearer(company.liveKey) });
      expect(got.data).toMatchObject({ state: 'bounced', errorCode: 'email_bounced', dkim: { domain: DOMAIN } });
      expect(got.data.errorDesc).toMatch(/^550 5\.1\.1 No such user here/);
    } finally {
      await messaging.stop();
      await relay.stop();
      messaging = await startMessaging(api.services, { pollIntervalMs: 1_000 });
    }
  });

  it('each email\'s last email.status carries what the ledger drew for it (fast-check picks taken, refused, partly refused, canceled and test emails)', async () => {
    const relay = new SmtpUpstream();
    await relay.start(relayPort);
    try {
      const outcomes = ['taken', 'refused', 'partly', 'canceled', 'test'] as const;
      // Every outcome once with two recipients, then eight more picked.
      const picked = fc.sample(fc.array(fc.record({ outcome: fc.constantFrom(...outcomes), recipients: fc.integer({ min: 1, max: 3 }) }), { minLength: 8, maxLength: 8 }), { seed: 41, numRuns: 1 })[0]!;
      const picks = [...outcomes.map((outcome) => ({ outcome, recipients: 2 })), ...picked];
      const ids: string[] = [];
      for (const [i, { outcome, recipients }] of picks.entries()) {
        const to = Array.from({ length: recipients }, (_, j) => `ledger-${i}-${j}-${randomUUID().slice(0, 6)}@example.test`);
        for (const [j, address] of to.entries()) if (outcome === 'refused' || (outcome === 'partly' && j === 0)) relay.rule(address, { code: 550 });
        const later = outcome === 'canceled' ? { sendAt: new Date(clock.now() + 3_600_000).toISOString() } : {};
        const res = await send(outcome === 'test' ? company.testKey : company.liveKey, { to, ...later });
        expect(res.statusCode, res.body).toBe(201);
        if (outcome === 'canceled') await call(api.app, { method: 'POST', url: `/v1/email/${res.data.id}/cancel`, headers: bearer(company.liveKey) });
        ids.push(res.data.id);
      }
      for (const id of ids) {
        await waits.until(async () => ['sent', 'delivered', 'bounced', 'failed', 'canceled'].includes((await waits.statesOf(id)).at(-1) ?? ''), `${id} ended`, async () => (await waits.statesOf(id)).join(' → '));
      }
      const captured = await capturedByReference(api.sql, ids);
      const last = await lastStatusPrices(api.sql, 'email.status', ids);
      for (const [i, id] of ids.entries()) expect([picks[i]!.outcome, last.get(id)]).toEqual([picks[i]!.outcome, captured.get(id)]);
      expect([...captured.values()].some((ore) => ore > 0)).toBe(true);
    } finally {
      await messaging.stop();
      await relay.stop();
      messaging = await startMessaging(api.services, { pollIntervalMs: 1_000 });
    }
  });

  it('the relay down: the email waits (its money held) and goes once when the relay is back', async () => {
    const before = await balance();
    const res = await send(company.liveKey, { to: 'vent@example.test' });
    await waits.states(res.data.id, ['accepted', 'sending', 'accepted']);
    expect(await balance()).toBe(before - 1);
    const relay = new SmtpUpstream();
    await relay.start(relayPort);
    try {
      // The retry is due after 30 s; the outbox's safety poll (1 s here) is what picks it up.
      await settle(30_000);
      await clock.advance(1_000);
      await waits.state(res.data.id, 'sent');
      expect(relay.received.filter((m) => m.rcptTo.includes('vent@example.test'))).toHaveLength(1);
      await settle(60_000);
      expect(relay.received.filter((m) => m.rcptTo.includes('vent@example.test'))).toHaveLength(1);
      expect(await waits.statesOf(res.data.id)).toEqual(['accepted', 'sending', 'accepted', 'sending', 'sent']);
      expect(await balance()).toBe(before - 1);
    } finally {
      await messaging.stop();
      await relay.stop();
      messaging = await startMessaging(api.services, { pollIntervalMs: 1_000 });
    }
  });
});
