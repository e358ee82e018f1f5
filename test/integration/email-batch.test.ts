/**
 * POST /v1/email/batch on real PostgreSQL: up to 500 emails in one request, each an ordinary email with its
 * own reservation and email.status; all or nothing (a malformed item, a refused item or too little money
 * stores and reserves nothing, the refusal naming the item); exact money; a retry with the same key sends
 * nothing twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { emailSender } from './email-sender.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { DnsTable } from '../support/dns-table.js';
import { ownDatabase } from '../support/services.js';

const clock = new ManualClock(Date.UTC(2026, 10, 27, 12));
const dataDir = mkdtempSync(join(tmpdir(), 'sentral-email-batch-'));
const DOMAIN = `butikk-${randomUUID().slice(0, 6)}.example.no`;
const resolver = new DnsTable();
let api: ApiHarness;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let messaging: Messaging;
let company: TestCompany;
let profileId = '';
let slug = '';

beforeAll(async () => {
  database = await ownDatabase('email_batch');
  api = await startApi({ clock, sql: database.sql, dnsResolver: resolver, env: { SENTRAL_DATA_DIR: dataDir } });
  company = await createTestCompany(api.app, 10_000);
  ({ id: profileId, slug } = await emailSender(api.app, company, resolver, DOMAIN));
  messaging = await startMessaging(api.services, { pollIntervalMs: 1_000 });
}, 60_000);
afterAll(async () => {
  await messaging?.stop();
  await api?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function email(to: string | string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { profileId, from: `Butikken <post@${DOMAIN}>`, to, subject: 'Hei', text: 'Hallo', ...extra };
}

function batch(key: string, messages: unknown[], idempotencyKey = `b-${randomUUID()}`) {
  return call(api.app, { method: 'POST', url: '/v1/email/batch', headers: bearer(key, { 'idempotency-key': idempotencyKey }), payload: { messages } });
}

// What a refused batch must leave as it was: the messages and the balance (reservations included).
async function stored(): Promise<{ messages: number; balance: number }> {
  await messaging.whenIdle();
  const [m] = await api.sql<{ n: number }[]>`select count(*)::int as n from messages where company_id = ${company.id}`;
  const [c] = await api.sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${company.id}`;
  return { messages: m!.n, balance: Number(c!.balance_ore) };
}

describe('a batch', () => {
  it('accepts each item as its own email, priced per recipient and reserved exactly; a retry answers the same batch', async () => {
    const before = await stored();
    const key = `same-${randomUUID()}`;
    const messages = [
      email('kari@example.no', { externalRef: 'order-1', metadata: { order: 1 } }),
      email(['ola@example.no', 'per@example.no'], { cc: ['pal@example.no'], bcc: ['arkiv@example.no'], subject: 'Tre og en' }),
      email('kari@example.no', { html: '<p>Hei</p>', attachments: [{ filename: 'kvittering.txt', contentType: 'text/plain', content: Buffer.from('æøå').toString('base64') }] }),
    ];
    const res = await batch(company.liveKey, messages, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data).toMatchObject({ object: 'email_batch' });
    expect(res.data.id).toMatch(/^emb_/);
    expect(res.data.messages.map((m: { object: string; state: string; to: string[]; bccCount: number; priceOre: number }) => [m.object, m.state, m.to, m.bccCount, m.priceOre])).toEqual([
      ['email', 'accepted', ['kari@example.no'], 0, 1],
      ['email', 'accepted', ['ola@example.no', 'per@example.no'], 1, 4],
      ['email', 'accepted', ['kari@example.no'], 0, 1],
    ]);
    expect(res.data.messages[0]).toMatchObject({ externalRef: 'order-1', metadata: { order: 1 } });
    expect(res.data.messages[2].attachments).toEqual([{ filename: 'kvittering.txt', contentType: 'text/plain', sizeBytes: 6 }]);
    expect(new Set(res.data.messages.map((m: { id: string }) => m.id)).size).toBe(3);
    expect(res.data.priceOre).toBe(6);
    const after = await stored();
    expect(after).toEqual({ messages: before.messages + 3, balance: before.balance - 6 });
    for (const m of res.data.messages) {
      const events = await api.sql<{ body: string }[]>`select body from events where object_id = ${m.id} and type = 'email.status' order by seq`;
      expect(JSON.parse(events[0]!.body).data).toMatchObject({ messageId: m.id, state: 'accepted', priceOre: m.priceOre });
    }

    // Each item reads back as POST /v1/email would have made it (by now handed to the relay).
    const second = await call(api.app, { method: 'GET', url: `/v1/email/${res.data.messages[1].id}`, headers: bearer(company.liveKey) });
    const { state: _state, updatedAt: _updatedAt, dkim: _dkim, ...accepted } = res.data.messages[1];
    expect(second.data).toMatchObject({ ...accepted, state: 'delivered', dkim: { selector: expect.any(String) } });

    const again = await batch(company.liveKey, messages, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.data).toEqual(res.data);
    expect(await stored()).toEqual(after);
  });

  it('takes 500 items in one request and hands each to the relay', async () => {
    const messages = Array.from({ length: 500 }, (_, i) => email(`kunde${i}@example.no`, { subject: `Ordre ${i}` }));
    const res = await batch(company.testKey, messages);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.messages).toHaveLength(500);
    expect(new Set(res.data.messages.map((m: { id: string }) => m.id)).size).toBe(500);
    expect([res.data.priceOre, res.data.wouldCostOre]).toEqual([0, 500]);
    await messaging.whenIdle();
    const states = await api.sql<{ state: string; n: number }[]>`select state, count(*)::int as n from messages where id = any(${res.data.messages.map((m: { id: string }) => m.id)}::text[]) group by state`;
    expect(states.map((s) => [s.state, s.n])).toEqual([['delivered', 500]]);
    const last = await call(api.app, { method: 'GET', url: `/v1/email/${res.data.messages[499].id}`, headers: bearer(company.testKey) });
    expect([last.data.to, last.data.subject]).toEqual([['kunde499@example.no'], 'Ordre 499']);
  });
});

describe('all or nothing', () => {
  async function refused(key: string, messages: unknown[], expected: { status: number; code: string; param: string | undefined }) {
    const before = await stored();
    const res = await batch(key, messages);
    expect([res.statusCode, res.data.error?.code, res.data.error?.param], res.body).toEqual([expected.status, expected.code, expected.param]);
    expect(await stored()).toEqual(before);
    return res;
  }
  const ten = () => Array.from({ length: 10 }, (_, i) => email(`k${i}@example.no`));

  it('refuses malformed input with 400 naming the item, storing nothing', async () => {
    await refused(company.liveKey, Array.from({ length: 501 }, (_, i) => email(`k${i}@example.no`)), { status: 400, code: 'invalid_request', param: 'messages' });
    await refused(company.liveKey, [], { status: 400, code: 'invalid_request', param: 'messages' });
    const injected = ten();
    injected[7] = email('k7@example.no', { subject: 'Hei\r\nBcc: alle@example.no' });
    await refused(company.liveKey, injected, { status: 400, code: 'invalid_request', param: 'messages.7.subject' });
    const header = ten();
    header[3] = email('k3@example.no', { headers: { 'X-Tag': 'a\nb' } });
    await refused(company.liveKey, header, { status: 400, code: 'invalid_request', param: 'messages.3.headers.X-Tag' });
    const address = ten();
    address[9] = email(['k9@example.no', 'not an address']);
    expect((await batch(company.liveKey, address)).data.error.param).toMatch(/^messages\.9\.to/);
    const extra = ten();
    extra[0] = { ...email('k0@example.no'), priority: 'high' };
    await refused(company.liveKey, extra, { status: 400, code: 'invalid_request', param: 'messages.0.priority' });
    const none = await call(api.app, { method: 'POST', url: '/v1/email/batch', headers: bearer(company.liveKey), payload: { messages: ten() } });
    expect([none.statusCode, none.data.error.code]).toEqual([400, 'idempotency_key_required']);
  });

  it('refuses the whole batch for one refused item, naming it with its own code', async () => {
    await call(api.app, { method: 'POST', url: `/v1/profiles/${slug}/suppressions`, headers: bearer(company.liveKey), payload: { address: 'gone@example.no' } });
    const suppressed = ten();
    suppressed[4] = email('k4@example.no', { cc: ['GONE@example.no'] });
    const res = await refused(company.liveKey, suppressed, { status: 422, code: 'recipient_opted_out', param: 'messages.4.cc' });
    expect(res.data.error.message).toContain('gone@example.no');
    const forged = ten();
    forged[2] = email('k2@example.no', { headers: { From: 'ceo@bank.example' } });
    await refused(company.liveKey, forged, { status: 400, code: 'header_not_allowed', param: 'messages.2.headers.From' });
    const stranger = ten();
    stranger[5] = email('k5@example.no', { from: 'ceo@bank.example' });
    await refused(company.liveKey, stranger, { status: 422, code: 'sender_domain_not_verified', param: 'messages.5.from' });
    const bodiless = ten();
    bodiless[1] = { profileId, from: `post@${DOMAIN}`, to: 'k1@example.no', subject: 'Tom' };
    await refused(company.liveKey, bodiless, { status: 400, code: 'email_body_required', param: 'messages.1.text' });
  });

  it('refuses the whole batch when the balance does not cover every recipient', async () => {
    const { balance } = await stored();
    const count = Math.ceil((balance + 1) / 50);
    const messages = Array.from({ length: count }, (_, i) => email(Array.from({ length: 50 }, (_, r) => `k${i}-${r}@example.no`)));
    expect(count * 50).toBeGreaterThan(balance);
    await refused(company.liveKey, messages, { status: 402, code: 'insufficient_balance', param: undefined });
  });
});
