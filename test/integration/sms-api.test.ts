/**
 * SMS through the API and the messaging role under test keys (the simulated network's directory, no SMSC)
 * and live keys (money): real PostgreSQL, the in-process bus, the injected clock. Each directory number's
 * outcome and its sms.status events, units and price, the refusals a customer can meet, scheduling and
 * cancel, and paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { THROTTLE_RETRY_MS } from '../../carriers/sms/simulated-sms.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { messageChannels } from '../../control/messaging/channels/channel-registry.js';
import { applyMessageEvent, applyReceipt } from '../../control/messaging/message-moves.js';
import { ownDatabase } from '../support/services.js';
import { smsSender } from './sms-sender.js';

const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
const FROM = '+4790000101';
let api: ApiHarness;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let messaging: Messaging;
let company: TestCompany;
let profileId = '';

beforeAll(async () => {
  // A database of its own: this file's outbox, on a clock of its own, must never claim another file's messages.
  database = await ownDatabase('sms_api');
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

let keyCount = 0;
async function send(key: string, body: Record<string, unknown>) {
  return call(api.app, {
    method: 'POST', url: '/v1/sms', headers: bearer(key, { 'idempotency-key': `k-${++keyCount}-${randomUUID()}` }),
    payload: { profileId, from: FROM, ...body },
  });
}

async function states(id: string): Promise<string[]> {
  const rows = await api.sql<{ body: string }[]>`select body from events where object_id = ${id} and type = 'sms.status' order by seq`;
  return rows.map((r) => (JSON.parse(r.body) as { data: { state: string } }).data.state);
}

async function message(key: string, id: string) {
  return (await call(api.app, { method: 'GET', url: `/v1/sms/${id}`, headers: bearer(key) })).data;
}

/** Lets the outbox hand over what is due and the receipts due by then be recorded. */
async function settle(ms = 0): Promise<void> {
  await messaging.whenIdle();
  if (ms > 0) await clock.advance(ms);
  await messaging.whenIdle();
}

async function balance(): Promise<number> {
  const [row] = await api.sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${company.id}`;
  return Number(row!.balance_ore);
}

describe('test keys: the simulated directory', () => {
  it('+442079460101 is delivered after 1 s, with sms.status for each state and exact fields', async () => {
    const res = await send(company.testKey, { to: '+442079460101', text: 'Hei på deg', externalRef: 'order-1', metadata: { shop: 'a' } });
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toBe(`/v1/sms/${res.data.id}`);
    expect(res.data).toMatchObject({ object: 'sms', direction: 'outbound', state: 'accepted', encoding: 'gsm7', units: 1, priceOre: 0, wouldCostOre: 75, mode: 'test', from: FROM, to: '+442079460101' });
    expect(res.data.id).toMatch(/^msg_/);
    await settle();
    expect((await message(company.testKey, res.data.id)).state).toBe('sent');
    await settle(999);
    expect((await message(company.testKey, res.data.id)).state).toBe('sent');
    await settle(1);
    expect((await message(company.testKey, res.data.id)).state).toBe('delivered');
    expect(await states(res.data.id)).toEqual(['accepted', 'sending', 'sent', 'delivered']);
    const [last] = await api.sql<{ body: string; id: string }[]>`select id, body from events where object_id = ${res.data.id} order by seq desc limit 1`;
    const data = (JSON.parse(last!.body) as { data: Record<string, unknown> }).data;
    expect(data).toEqual({
      eventId: last!.id, mode: 'test', profileId, messageId: res.data.id, to: '+442079460101', state: 'delivered', units: 1, priceOre: 0, wouldCostOre: 75,
      errorCode: null, errorDesc: null, externalRef: 'order-1', metadata: { shop: 'a' }, campaignId: null,
    });
  });

  it('+442079460102 ends undelivered, +442079460104 is rejected at submit, +442079460105 is throttled once then delivered', async () => {
    const undeliv = await send(company.testKey, { to: '+442079460102', text: 'a' });
    const refused = await send(company.testKey, { to: '+442079460104', text: 'b' });
    const throttled = await send(company.testKey, { to: '+442079460105', text: 'c' });
    await settle();
    expect((await message(company.testKey, refused.data.id))).toMatchObject({ state: 'rejected', errorCode: 'invalid_destination' });
    expect((await message(company.testKey, throttled.data.id)).state).toBe('accepted');
    await settle(THROTTLE_RETRY_MS);
    await settle(1_000);
    expect(await message(company.testKey, undeliv.data.id)).toMatchObject({ state: 'undelivered', errorCode: 'undeliverable' });
    expect(await states(undeliv.data.id)).toEqual(['accepted', 'sending', 'sent', 'undelivered']);
    const [failed] = await api.sql<{ body: string }[]>`select body from events where object_id = ${undeliv.data.id} order by seq desc limit 1`;
    expect(JSON.parse(failed!.body).data).toMatchObject({ state: 'undelivered', errorCode: 'undeliverable', errorDesc: expect.any(String) });
    expect(await states(refused.data.id)).toEqual(['accepted', 'sending', 'rejected']);
    expect(await states(throttled.data.id)).toEqual(['accepted', 'sending', 'accepted', 'sending', 'sent', 'delivered']);
  });

  it('a test SMS to a test number arrives on it as inbound test traffic (sms.received on its profile), and is delivered; to a test number nobody holds it is rejected', async () => {
    const rent = async () => (await call(api.app, {
      method: 'POST', url: '/v1/numbers', headers: bearer(company.testKey, { 'idempotency-key': randomUUID() }), payload: { profileId, type: 'sms' },
    })).data.number as string;
    const [a, b] = [await rent(), await rent()];
    const other = await createTestCompany(api.app, 0);
    const otherProfile = (await smsSender(api.app, other, '+4790000102')).id;
    const theirs = (await call(api.app, {
      method: 'POST', url: '/v1/numbers', headers: bearer(other.testKey, { 'idempotency-key': randomUUID() }), payload: { profileId: otherProfile, type: 'sms' },
    })).data.number as string;
    const toB = await send(company.testKey, { from: a, to: b, text: 'Hei B, dette er A' });
    const toTheirs = await send(company.testKey, { from: a, to: theirs, text: 'Hei nabo' });
    const unheld = [...Array(100).keys()].map((i) => `+441632960${900 + i}`).find((n) => ![a, b, theirs].includes(n))!;
    const toNobody = await send(company.testKey, { from: a, to: unheld, text: 'Hallo?' });
    await settle();
    await settle(1);
    expect(await message(company.testKey, toB.data.id)).toMatchObject({ state: 'delivered', priceOre: 0 });
    expect(await message(company.testKey, toTheirs.data.id)).toMatchObject({ state: 'delivered', priceOre: 0 });
    expect(await message(company.testKey, toNobody.data.id)).toMatchObject({ state: 'rejected', errorCode: 'invalid_destination' });
    const received = async (key: string) => (await call(api.app, { method: 'GET', url: '/v1/events?type=sms.received', headers: bearer(key) })).data.data
      .map((e: { data: { from: string; to: string; text: string } }) => [e.data.from, e.data.to, e.data.text]);
    expect(await received(company.testKey)).toEqual([[a, b, 'Hei B, dette er A']]);
    expect(await received(other.testKey)).toEqual([[a, theirs, 'Hei nabo']]);
    expect(await received(company.liveKey)).toEqual([]);
    const inbound = (await call(api.app, { method: 'GET', url: `/v1/sms?direction=inbound`, headers: bearer(company.testKey) })).data.data;
    expect(inbound.map((m: { from: string; to: string; mode: string }) => [m.from, m.to, m.mode])).toEqual([[a, b, 'test']]);
  });

  it('a number that cannot exist is refused at submit (ESME_RINVDSTADR) as a real SMSC answers it: rejected with invalid_destination, nothing drawn', async () => {
    const refused = await send(company.testKey, { to: '+4712345678', text: 'x' });
    expect(refused.statusCode, refused.body).toBe(201);
    await settle();
    expect(await message(company.testKey, refused.data.id)).toMatchObject({ state: 'rejected', errorCode: 'invalid_destination', priceOre: 0, wouldCostOre: 0 });
  });

  it('+442079460103 expires at the end of its validity', async () => {
    const res = await send(company.testKey, { to: '+442079460103', text: 'never', validitySeconds: 60 });
    await settle(59_000);
    expect((await message(company.testKey, res.data.id)).state).toBe('sent');
    await settle(1_000);
    expect(await message(company.testKey, res.data.id)).toMatchObject({ state: 'expired', errorCode: 'validity_expired' });
  });

  it('counts units: 160 å is one unit, 161 two; € counts double; an emoji makes UCS-2', async () => {
    const quote = async (text: string) => (await call(api.app, { method: 'POST', url: '/v1/sms/quote', headers: bearer(company.testKey), payload: { text } })).data;
    expect(await quote('å'.repeat(160))).toMatchObject({ encoding: 'gsm7', units: 1, priceOre: 75, nonGsmCharacters: [] });
    expect(await quote('å'.repeat(161))).toMatchObject({ encoding: 'gsm7', units: 2, priceOre: 150 });
    expect(await quote('€'.repeat(80))).toMatchObject({ encoding: 'gsm7', units: 1 });
    expect(await quote('€'.repeat(81))).toMatchObject({ encoding: 'gsm7', units: 2 });
    expect(await quote(`${'a'.repeat(152)}${'€'.repeat(77)}`)).toMatchObject({ encoding: 'gsm7', units: 3, priceOre: 225 });
    expect(await quote('Hi 😀 “quoted”')).toMatchObject({ encoding: 'ucs2', units: 1, nonGsmCharacters: ['😀', '“', '”'] });
    expect(await quote('😀'.repeat(70))).toMatchObject({ encoding: 'ucs2', units: 3 });
    const sent = await send(company.testKey, { to: '+4798765432', text: 'å'.repeat(161) });
    expect(sent.data).toMatchObject({ units: 2, priceOre: 0, wouldCostOre: 150, encoding: 'gsm7' });
  });
});

describe('refusals', () => {
  it('requires an Idempotency-Key, and a retry with the same key names the same message', async () => {
    const none = await call(api.app, { method: 'POST', url: '/v1/sms', headers: bearer(company.testKey), payload: { profileId, from: FROM, to: '+4798765432', text: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(none.data.error.code).toBe('idempotency_key_required');
    const headers = bearer(company.testKey, { 'idempotency-key': `same-${randomUUID()}` });
    const payload = { profileId, from: FROM, to: '+4798765432', text: 'once' };
    const first = await call(api.app, { method: 'POST', url: '/v1/sms', headers, payload });
    const again = await call(api.app, { method: 'POST', url: '/v1/sms', headers, payload });
    expect(again.data.id).toBe(first.data.id);
    const [n] = await api.sql<{ n: number }[]>`select count(*)::int as n from messages where id = ${first.data.id}`;
    expect(n!.n).toBe(1);
  });

  it('refuses a sender that is not the profile\'s, more than 10 units, a bad number, a 12-character sender, NUL and lone surrogates, naming the parameter', async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ from: '+4790000999', to: '+4798765432', text: 'x' }, 422, 'sender_not_allowed', 'from'],
      [{ from: 'Unregistrd', to: '+4798765432', text: 'x' }, 422, 'sender_not_allowed', 'from'],
      [{ to: '+4798765432', text: 'x'.repeat(1531) }, 400, 'too_many_units', 'text'],
      [{ to: '+4798765432', text: '😀'.repeat(336) }, 400, 'too_many_units', 'text'],
      [{ to: '98765432', text: 'x' }, 400, 'invalid_request', 'to'],
      [{ from: 'ABCDEFGHIJKL', to: '+4798765432', text: 'x' }, 400, 'invalid_request', 'from'],
      [{ to: '+4798765432', text: 'a\u0000b' }, 400, 'invalid_request', 'text'],
      [{ to: '+4798765432', text: 'a\ud800b' }, 400, 'invalid_request', 'text'],
      [{ to: '+4798765432', text: 'x'.repeat(100_000) }, 400, 'invalid_request', 'text'],
      [{ to: '+4798765432', text: 'x', validitySeconds: 59 }, 400, 'invalid_request', 'validitySeconds'],
      [{ to: '+4798765432', text: 'x', sendAt: new Date(clock.now() + 8 * 86_400_000).toISOString() }, 400, 'invalid_request', 'sendAt'],
    ];
    for (const [body, status, code, param] of cases) {
      const res = await send(company.testKey, body);
      expect({ status: res.statusCode, code: res.data.error?.code, param: res.data.error?.param }, JSON.stringify(body).slice(0, 80)).toEqual({ status, code, param });
    }
  });

  it('refuses a profile whose SMS service is off with service_disabled', async () => {
    const other = await call(api.app, {
      method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey),
      payload: { name: 'No SMS', slug: `nosms-${randomUUID().slice(0, 8)}` },
    });
    const res = await send(company.testKey, { profileId: other.data.id, to: '+4798765432', text: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.data.error).toMatchObject({ code: 'service_disabled', param: 'profileId' });
  });

  it('refuses a number that is suspended or has SMS off', async () => {
    await api.sql`update phone_numbers set sms_enabled = false where number = ${FROM}`;
    const off = await send(company.testKey, { to: '+4798765432', text: 'x' });
    await api.sql`update phone_numbers set sms_enabled = true, status = 'suspended' where number = ${FROM}`;
    const suspended = await send(company.testKey, { to: '+4798765432', text: 'x' });
    await api.sql`update phone_numbers set status = 'active' where number = ${FROM}`;
    expect([off.data.error.code, suspended.data.error.code]).toEqual(['sender_not_allowed', 'sender_not_allowed']);
  });

  it('refuses a recipient on the profile\'s suppression list with recipient_opted_out', async () => {
    await api.sql`insert into suppressions (profile_id, address, reason, source, created_at_ms) values (${profileId}, '+4791111111', 'STOP', 'keyword', ${clock.now()})`;
    const res = await send(company.testKey, { to: '+4791111111', text: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.data.error).toMatchObject({ code: 'recipient_opted_out', param: 'to' });
  });
});

describe('live keys: money', () => {
  it('reserves at accept; with no SMSC configured a live message waits, its money held', async () => {
    const before = await balance();
    const ok = await send(company.liveKey, { to: '+442079460101', text: 'x'.repeat(161) });
    const refused = await send(company.liveKey, { to: '+442079460104', text: 'y' });
    expect(ok.data.priceOre).toBe(150);
    expect(await balance()).toBe(before - 150 - 75);
    // No SMSC is configured in this test: the live message waits (accepted), its reservation held.
    await settle();
    expect((await message(company.liveKey, ok.data.id)).state).toBe('accepted');
    expect((await message(company.liveKey, refused.data.id)).state).toBe('accepted');
  });
});

describe('live keys: numbers that cannot exist', () => {
  it('are refused with 400 invalid_phone_number naming to and what is wrong, before anything is stored or drawn', async () => {
    const before = await balance();
    for (const [to, why] of [['+4712345678', /no range \+47 has allocated/], ['+999999999999999', /country code is not one in use/], ['+479123456789', /too long/], ['+447700900101', /no range \+44/]] as const) {
      const res = await send(company.liveKey, { to, text: 'x' });
      expect([res.statusCode, res.data.error.code, res.data.error.param], to).toEqual([400, 'invalid_phone_number', 'to']);
      expect(res.data.error.message).toMatch(why);
    }
    const batch = await call(api.app, {
      method: 'POST', url: '/v1/sms/batches', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }),
      payload: { profileId, from: FROM, to: ['+4791234567', '+4712345678'], text: 'x' },
    });
    expect([batch.statusCode, batch.data.error?.code, batch.data.error?.param]).toEqual([400, 'invalid_phone_number', 'to.1']);
    expect(await balance()).toBe(before);
    // A test key keeps the simulated network's directory, whose SMSC refuses such a number at submit.
    expect((await send(company.testKey, { to: '+4712345678', text: 'x' })).statusCode).toBe(201);
  });
});

describe('scheduled sends', () => {
  it('waits until sendAt, can be canceled until then, and a canceled one is never sent', async () => {
    const later = await send(company.testKey, { to: '+4798765432', text: 'later', sendAt: new Date(clock.now() + 3_600_000).toISOString() });
    const canceled = await send(company.testKey, { to: '+4798765432', text: 'never', sendAt: new Date(clock.now() + 3_600_000).toISOString() });
    expect(later.data).toMatchObject({ state: 'scheduled', sendAt: new Date(clock.now() + 3_600_000).toISOString() });
    const cancel = await call(api.app, { method: 'POST', url: `/v1/sms/${canceled.data.id}/cancel`, headers: bearer(company.testKey) });
    expect(cancel.data.state).toBe('canceled');
    await settle(3_600_000);
    // The outbox's next look (its poll or its timer at the due time) takes it, then the receipt after 200 ms.
    await settle(1_000);
    await settle(200);
    expect((await message(company.testKey, later.data.id)).state).toBe('delivered');
    expect(await states(later.data.id)).toEqual(['scheduled', 'accepted', 'sending', 'sent', 'delivered']);
    expect(await states(canceled.data.id)).toEqual(['scheduled', 'canceled']);
    const again = await call(api.app, { method: 'POST', url: `/v1/sms/${later.data.id}/cancel`, headers: bearer(company.testKey) });
    expect(again.statusCode).toBe(409);
    expect(again.data.error.code).toBe('message_not_cancelable');
  });
});

describe('a scheduled send across a restart', () => {
  it('survives the messaging role stopping and a new one starting: sent once, at its time, not before', async () => {
    const sendAt = clock.now() + 2 * 3_600_000;
    const live = await send(company.liveKey, { to: '+4798765433', text: 'Påminnelse om timen din', sendAt: new Date(sendAt).toISOString() });
    const test = await send(company.testKey, { to: '+4798765434', text: 'Påminnelse', sendAt: new Date(sendAt).toISOString() });
    expect([live.data.state, test.data.state]).toEqual(['scheduled', 'scheduled']);
    const before = await balance();

    // The role stops (its process gone with its timers and bus); a new API and role start on the same database.
    await messaging.stop();
    const restarted = await startApi({ clock, sql: api.sql });
    const role = await startMessaging(restarted.services, { pollIntervalMs: 1_000 });
    try {
      await clock.advance(sendAt - 1_000 - clock.now());
      await role.whenIdle();
      expect(await states(test.data.id)).toEqual(['scheduled']);
      expect(await states(live.data.id)).toEqual(['scheduled']);
      // Its time comes: the new role's timer or poll takes it, then the receipt 200 ms later.
      for (const ms of [1_000, 1_000, 200, 1_000]) {
        await clock.advance(ms);
        await role.whenIdle();
      }
      expect(await states(test.data.id)).toEqual(['scheduled', 'accepted', 'sending', 'sent', 'delivered']);
      const [sent] = await api.sql<{ occurred_at_ms: number }[]>`
        select occurred_at_ms from events where object_id = ${test.data.id} and type = 'sms.status' and body::jsonb -> 'data' ->> 'state' = 'sending'`;
      expect(Number(sent!.occurred_at_ms)).toBeGreaterThanOrEqual(sendAt);
      // A live message (no SMSC is configured here) became due at the same time and waits, its money held across the restart.
      expect((await states(live.data.id)).slice(0, 3)).toEqual(['scheduled', 'accepted', 'sending']);
      expect(await states(live.data.id)).not.toContain('sent');
      expect(await balance()).toBe(before);
      // More time on the clock hands neither over again.
      for (let i = 0; i < 3; i++) {
        await clock.advance(60_000);
        await role.whenIdle();
      }
      expect((await states(test.data.id)).filter((s) => s === 'sending')).toHaveLength(1);
    } finally {
      await role.stop();
      await restarted.close();
      messaging = await startMessaging(api.services, { pollIntervalMs: 1_000 });
    }
  });
});

describe('reading', () => {
  it('lists newest first with filters and cursor paging, and another company sees none of it', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await send(company.testKey, { to: '+4795555555', text: `page ${i}` })).data.id);
    const first = await call(api.app, { method: 'GET', url: '/v1/sms?to=%2B4795555555&limit=2', headers: bearer(company.testKey) });
    expect(first.data.data.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
    expect(first.data.hasMore).toBe(true);
    const second = await call(api.app, { method: 'GET', url: `/v1/sms?to=%2B4795555555&limit=2&before=${first.data.nextCursor}`, headers: bearer(company.testKey) });
    expect(second.data.data.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
    expect(second.data.hasMore).toBe(false);
    const live = await call(api.app, { method: 'GET', url: '/v1/sms?to=%2B4795555555', headers: bearer(company.liveKey) });
    expect(live.data.data).toEqual([]);
    const stranger = await createTestCompany(api.app, 0);
    const foreign = await call(api.app, { method: 'GET', url: `/v1/sms/${ids[0]}`, headers: bearer(stranger.testKey) });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('receipts', () => {
  it('a receipt that comes before the submit is recorded waits for it, and a repeated one moves nothing', async () => {
    const res = await send(company.testKey, { to: '+4797000001', text: 'early', sendAt: new Date(clock.now() + 60_000).toISOString() });
    const sms = messageChannels.get('sms');
    const ref = `early-${randomUUID()}`;
    await api.sql`update messages set state = 'sending' where id = ${res.data.id}`;
    expect(await api.sql.begin((tx) => applyReceipt(tx, clock, sms, ref, 'delivered', 'stat:DELIVRD'))).toBeNull();
    const moved = await api.sql.begin((tx) => applyMessageEvent(tx, clock, sms, res.data.id, { type: 'submitted', carrierRefs: [ref] }));
    expect(moved?.state).toBe('delivered');
    expect(await api.sql.begin((tx) => applyReceipt(tx, clock, sms, ref, 'undelivered', 'stat:UNDELIV'))).toBeNull();
    expect((await message(company.testKey, res.data.id)).state).toBe('delivered');
    expect((await states(res.data.id)).slice(-2)).toEqual(['sent', 'delivered']);
  });
});
