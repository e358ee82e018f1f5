/**
 * What comes back and what a profile registers: inbound SMS on the simulated network (sms.received, the
 * inbound list), STOP/START keywords on the suppression list, the suppression list API shared by SMS and
 * email, and alphanumeric sender ids. Real PostgreSQL, the in-process bus, the injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { smsSender } from './sms-sender.js';
import { keywordOf } from '../../control/messaging/sms/sms-inbound.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';

const clock = new ManualClock(Date.UTC(2026, 10, 3, 9));
const OUR_NUMBER = '+4790000301';
let api: ApiHarness;
let company: TestCompany;
let profileId = '';
let slug = '';

beforeAll(async () => {
  api = await startApi({ clock });
  company = await createTestCompany(api.app, 10_000);
  ({ id: profileId, slug } = await smsSender(api.app, company, OUR_NUMBER, 'Inbound'));
});
afterAll(async () => {
  await api?.close();
});

const texted = (from: string, text: string, to = OUR_NUMBER) => call(api.app, { method: 'POST', url: '/admin/v1/sim/sms', headers: admin(), payload: { from, to, text } });
const send = (key: string, body: Record<string, unknown>) => call(api.app, {
  method: 'POST', url: '/v1/sms', headers: bearer(key, { 'idempotency-key': randomUUID() }), payload: { profileId, from: OUR_NUMBER, text: 'hei', ...body },
});

describe('opt-out keywords', () => {
  it('reads STOP, STOPP, AVSLUTT and UNSUBSCRIBE as the first word in any case with punctuation after it, and START', () => {
    for (const t of ['STOP', 'stop', 'Stop.', 'STOPP!', 'stopp please', 'Avslutt', ' unsubscribe, thanks', 'STOP\nnow']) expect(keywordOf(t), t).toBe('stop');
    for (const t of ['START', 'start!', 'Start please']) expect(keywordOf(t), t).toBe('start');
    for (const t of ['STOPPED', 'please stop', 'stopwatch', '', '!!', 'STARTS', 'unsubscribed']) expect(keywordOf(t), t).toBeNull();
  });
});

describe('inbound SMS', () => {
  it('is sms.received and readable in the inbound list; STOP suppresses the sender, START lifts it', async () => {
    const phone = '+4798000001';
    const hello = await texted(phone, 'Hei, når åpner dere?');
    expect(hello.statusCode).toBe(201);
    expect(hello.data).toMatchObject({ direction: 'inbound', state: 'received', from: phone, to: OUR_NUMBER, text: 'Hei, når åpner dere?', mode: 'live' });
    const [event] = await api.sql<{ body: string }[]>`select body from events where object_id = ${hello.data.id} and type = 'sms.received'`;
    const numberId = (await api.sql<{ id: string }[]>`select id from phone_numbers where number = ${OUR_NUMBER} and status = 'active'`)[0]!.id;
    expect(JSON.parse(event!.body).data).toMatchObject({ messageId: hello.data.id, from: phone, to: OUR_NUMBER, text: 'Hei, når åpner dere?', numberId, receivedAt: new Date(clock.now()).toISOString(), profileId });

    const inbound = await call(api.app, { method: 'GET', url: `/v1/sms?direction=inbound&profileId=${profileId}`, headers: bearer(company.liveKey) });
    expect(inbound.data.data.map((m: { id: string }) => m.id)).toContain(hello.data.id);
    expect(inbound.data.data.every((m: { direction: string }) => m.direction === 'inbound')).toBe(true);

    expect((await send(company.testKey, { to: phone })).statusCode).toBe(201);
    await texted(phone, 'Stopp.');
    const refused = await send(company.testKey, { to: phone });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.error).toMatchObject({ code: 'recipient_opted_out', param: 'to' });
    const list = await call(api.app, { method: 'GET', url: `/v1/profiles/${slug}/suppressions`, headers: bearer(company.liveKey) });
    expect(list.data.data).toEqual([expect.objectContaining({ address: phone, source: 'keyword', reason: 'Stopp.' })]);

    await texted(phone, 'start');
    expect((await send(company.testKey, { to: phone })).statusCode).toBe(201);
  });

  it('answers 404 naming `to` for a number that is not provisioned, and 400 for a malformed one', async () => {
    const unknown = await texted('+4798000002', 'hello', '+4790009999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data.error.param).toBe('to');
    const bad = await texted('+4798000002', 'hello', 'not-a-number');
    expect(bad.statusCode).toBe(400);
    expect(bad.data.error.param).toBe('to');
  });
});

describe('the suppression list API', () => {
  it('adds, lists in pages, refuses sends to the address, and removes; email addresses are kept lower-cased', async () => {
    const base = `/v1/profiles/${slug}/suppressions`;
    const added = await call(api.app, { method: 'POST', url: base, headers: bearer(company.liveKey), payload: { address: '+4798111111', reason: 'asked by phone' } });
    expect(added.statusCode).toBe(201);
    expect(added.data).toMatchObject({ object: 'suppression', address: '+4798111111', source: 'api', reason: 'asked by phone' });
    await call(api.app, { method: 'POST', url: base, headers: bearer(company.liveKey), payload: { address: 'Kari.Nordmann@Example.NO' } });
    const page1 = await call(api.app, { method: 'GET', url: `${base}?limit=1`, headers: bearer(company.liveKey) });
    expect(page1.data.hasMore).toBe(true);
    const page2 = await call(api.app, { method: 'GET', url: `${base}?limit=10&after=${encodeURIComponent(page1.data.nextCursor)}`, headers: bearer(company.liveKey) });
    const all = [...page1.data.data, ...page2.data.data].map((e: { address: string }) => e.address);
    expect(all).toContain('kari.nordmann@example.no');
    expect((await send(company.testKey, { to: '+4798111111' })).data.error.code).toBe('recipient_opted_out');
    const removed = await call(api.app, { method: 'DELETE', url: `${base}/${encodeURIComponent('+4798111111')}`, headers: bearer(company.liveKey) });
    expect(removed.data).toEqual({ object: 'suppression', id: '+4798111111', deleted: true });
    expect((await send(company.testKey, { to: '+4798111111' })).statusCode).toBe(201);
    const again = await call(api.app, { method: 'DELETE', url: `${base}/${encodeURIComponent('+4798111111')}`, headers: bearer(company.liveKey) });
    expect(again.statusCode).toBe(404);
    const bad = await call(api.app, { method: 'POST', url: base, headers: bearer(company.liveKey), payload: { address: 'nobody' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.data.error.param).toBe('address');
  });
});

describe('alphanumeric sender ids', () => {
  it('registers one (1-11 letters, digits, space, one letter at least), sends from it, and refuses it once removed', async () => {
    const base = `/v1/profiles/${slug}/senders`;
    const made = await call(api.app, { method: 'POST', url: base, headers: bearer(company.liveKey), payload: { sender: 'Frisør 1' } });
    expect(made.statusCode).toBe(400);
    const ok = await call(api.app, { method: 'POST', url: base, headers: bearer(company.liveKey), payload: { sender: 'Salong 1' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.data).toMatchObject({ object: 'sms_sender', sender: 'Salong 1', profileId });
    expect((await call(api.app, { method: 'POST', url: base, headers: bearer(company.liveKey), payload: { sender: 'Salong 1' } })).data.error.code).toBe('sender_taken');
    for (const sender of ['ABCDEFGHIJKL', '12345', '', 'a_b']) {
      const res = await call(api.app, { method: 'POST', url: base, headers: bearer(company.liveKey), payload: { sender } });
      expect({ status: res.statusCode, param: res.data.error?.param }, sender).toEqual({ status: 400, param: 'sender' });
    }
    const list = await call(api.app, { method: 'GET', url: base, headers: bearer(company.liveKey) });
    expect(list.data.data.map((s: { sender: string }) => s.sender)).toEqual(['Salong 1']);
    const sent = await send(company.testKey, { from: 'Salong 1', to: '+4798222222' });
    expect(sent.statusCode).toBe(201);
    expect(sent.data.from).toBe('Salong 1');
    await call(api.app, { method: 'DELETE', url: `${base}/${encodeURIComponent('Salong 1')}`, headers: bearer(company.liveKey) });
    expect((await send(company.testKey, { from: 'Salong 1', to: '+4798222222' })).data.error).toMatchObject({ code: 'sender_not_allowed', param: 'from' });
  });
});
