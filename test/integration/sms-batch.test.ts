/**
 * POST /v1/sms/batches on real PostgreSQL: one text to many recipients with per-recipient parameters, each
 * an ordinary SMS with its own reservation and sms.status; all or nothing (a malformed request, a refused
 * recipient or too little money stores nothing); exact money; a retry with the same key sends nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { ownDatabase } from '../support/services.js';
import { smsSender } from './sms-sender.js';

const clock = new ManualClock(Date.UTC(2026, 10, 27, 12));
const FROM = '+4790000201';
let api: ApiHarness;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let messaging: Messaging;
let company: TestCompany;
let profileId = '';

beforeAll(async () => {
  database = await ownDatabase('sms_batch');
  api = await startApi({ clock, sql: database.sql });
  company = await createTestCompany(api.app, 10_000);
  profileId = (await smsSender(api.app, company, FROM)).id;
  messaging = await startMessaging(api.services, { pollIntervalMs: 1_000 });
});
afterAll(async () => {
  await messaging?.stop();
  await api?.close();
  await database?.drop();
});

function batch(key: string, body: Record<string, unknown>, idempotencyKey = `b-${randomUUID()}`) {
  return call(api.app, { method: 'POST', url: '/v1/sms/batches', headers: bearer(key, { 'idempotency-key': idempotencyKey }), payload: { profileId, from: FROM, ...body } });
}

async function stored(): Promise<{ messages: number; balance: number }> {
  const [m] = await api.sql<{ n: number }[]>`select count(*)::int as n from messages where company_id = ${company.id}`;
  const [c] = await api.sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${company.id}`;
  return { messages: m!.n, balance: Number(c!.balance_ore) };
}

describe('a batch', () => {
  it('sends each recipient its own SMS, parameters filled in, priced and reserved exactly; a retry answers the same batch', async () => {
    const before = await stored();
    const key = `same-${randomUUID()}`;
    const body = {
      to: ['+4791000001', '+4791000002', '+4791000003'],
      text: 'Hei ${name}, ordren din er klar. ${unknown}',
      parameters: { name: { '+4791000001': 'Kari', '+4791000003': 'æ'.repeat(140), default: 'kunde' } },
      externalRef: 'campaign-7', metadata: { week: 48 },
    };
    const res = await batch(company.liveKey, body, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data).toMatchObject({ object: 'sms_batch' });
    expect(res.data.id).toMatch(/^smb_/);
    // The third recipient's text passes 160 characters once filled in: two units.
    expect(res.data.messages.map((m: { to: string; state: string; units: number; priceOre: number }) => [m.to, m.state, m.units, m.priceOre])).toEqual([
      ['+4791000001', 'accepted', 1, 75], ['+4791000002', 'accepted', 1, 75], ['+4791000003', 'accepted', 2, 150],
    ]);
    expect(res.data.priceOre).toBe(300);
    const after = await stored();
    expect(after).toEqual({ messages: before.messages + 3, balance: before.balance - 300 });

    const texts = await Promise.all(res.data.messages.map(async (m: { id: string }) => (await call(api.app, { method: 'GET', url: `/v1/sms/${m.id}`, headers: bearer(company.liveKey) })).data));
    expect(texts.map((m) => m.text)).toEqual([
      'Hei Kari, ordren din er klar. ${unknown}', 'Hei kunde, ordren din er klar. ${unknown}', `Hei ${'æ'.repeat(140)}, ordren din er klar. \${unknown}`,
    ]);
    expect(texts.every((m) => m.externalRef === 'campaign-7' && m.metadata.week === 48)).toBe(true);
    for (const m of res.data.messages) {
      const events = await api.sql<{ body: string }[]>`select body from events where object_id = ${m.id} and type = 'sms.status' order by seq`;
      expect(JSON.parse(events[0]!.body).data).toMatchObject({ messageId: m.id, state: 'accepted', externalRef: 'campaign-7' });
    }

    const again = await batch(company.liveKey, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.data).toEqual(res.data);
    expect(await stored()).toEqual(after);
  });

  it('takes 1,000 recipients in one request, each with its own parameter value', async () => {
    const to = Array.from({ length: 1_000 }, (_, i) => `+4793${String(i).padStart(6, '0')}`);
    const names = Object.fromEntries(to.map((n, i) => [n, `kunde ${i}`]));
    const res = await batch(company.testKey, { to, text: 'Hei ${name}', parameters: { name: names } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.messages).toHaveLength(1_000);
    expect(new Set(res.data.messages.map((m: { id: string }) => m.id)).size).toBe(1_000);
    expect([res.data.priceOre, res.data.wouldCostOre]).toEqual([0, 75_000]);
    const last = await call(api.app, { method: 'GET', url: `/v1/sms/${res.data.messages[999].id}`, headers: bearer(company.testKey) });
    expect([last.data.to, last.data.text]).toEqual([to[999], 'Hei kunde 999']);
  });

  it('under a test key goes through the same pipeline to delivered, free', async () => {
    const before = await stored();
    const res = await batch(company.testKey, { to: ['+4798000001', '+442079460102'], text: 'test' });
    expect(res.statusCode, res.body).toBe(201);
    await messaging.whenIdle();
    await clock.advance(1_000);
    await messaging.whenIdle();
    const states = await Promise.all(res.data.messages.map(async (m: { id: string }) => (await call(api.app, { method: 'GET', url: `/v1/sms/${m.id}`, headers: bearer(company.testKey) })).data.state));
    expect(states).toEqual(['delivered', 'undelivered']);
    expect((await stored()).balance).toBe(before.balance);
  });
});

describe('all or nothing', () => {
  async function refused(key: string, body: Record<string, unknown>, expected: { status: number; code: string; param: string }) {
    const before = await stored();
    const res = await batch(key, body);
    expect([res.statusCode, res.data.error?.code, res.data.error?.param], res.body).toEqual([expected.status, expected.code, expected.param]);
    expect(await stored()).toEqual(before);
    return res;
  }

  it('refuses malformed input with 400 naming the parameter, storing nothing', async () => {
    const many = Array.from({ length: 1_001 }, (_, i) => `+479${String(i).padStart(7, '0')}`);
    await refused(company.liveKey, { to: many, text: 'x' }, { status: 400, code: 'invalid_request', param: 'to' });
    await refused(company.liveKey, { to: [], text: 'x' }, { status: 400, code: 'invalid_request', param: 'to' });
    await refused(company.liveKey, { to: ['+4791000001', '4791000002'], text: 'x' }, { status: 400, code: 'invalid_request', param: 'to.1' });
    await refused(company.liveKey, { to: ['+4791000001', '+4791000002', '+4791000001'], text: 'x' }, { status: 400, code: 'invalid_request', param: 'to.2' });
    await refused(company.liveKey, { to: ['+4791000001'], text: 'Hei ${name}', parameters: { name: { '+4791000009': 'Ola' } } }, { status: 400, code: 'invalid_request', param: 'parameters.name' });
    await refused(company.liveKey, { to: ['+4791000001', '+4791000002'], text: 'Hei ${name}', parameters: { name: { '+4791000001': 'Ola' } } }, { status: 400, code: 'invalid_request', param: 'parameters.name' });
    await refused(company.liveKey, { to: ['+4791000001'], text: 'x', parameters: { 'bad name': { default: 'y' } } }, { status: 400, code: 'invalid_request', param: 'parameters.bad name' });
    await refused(company.liveKey, { to: ['+4791000001'], text: 'x\u0000' }, { status: 400, code: 'invalid_request', param: 'text' });
    await refused(company.liveKey, { to: ['+4791000001', '+4791000002'], text: '${long}', parameters: { long: { '+4791000002': 'a'.repeat(1_600), default: 'ok' } } }, { status: 400, code: 'too_many_units', param: 'to.1' });
    const none = await call(api.app, { method: 'POST', url: '/v1/sms/batches', headers: bearer(company.liveKey), payload: { profileId, from: FROM, to: ['+4791000001'], text: 'x' } });
    expect([none.statusCode, none.data.error.code]).toEqual([400, 'idempotency_key_required']);
  });

  it('refuses the whole batch for one opted-out recipient, naming it', async () => {
    await api.sql`insert into suppressions (profile_id, address, reason, source, created_at_ms) values (${profileId}, '+4791111112', 'STOP', 'keyword', ${clock.now()})`;
    const res = await refused(company.liveKey, { to: ['+4791000001', '+4791111112'], text: 'x' }, { status: 422, code: 'recipient_opted_out', param: 'to.1' });
    expect(res.data.error.message).toContain('+4791111112');
  });

  it('refuses the whole batch when the balance does not cover every recipient', async () => {
    const { balance } = await stored();
    const count = Math.floor(balance / 75) + 1;
    const to = Array.from({ length: count }, (_, i) => `+4792${String(i).padStart(6, '0')}`);
    await refused(company.liveKey, { to, text: 'x' }, { status: 402, code: 'insufficient_balance', param: undefined as unknown as string });
  });
});
