import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, bearer, call, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { messageChannelRoutes } from '../../control/api/routes/message-channels.js';
import { ChannelRegistry } from '../../control/messaging/channels/channel-registry.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { MessageWaits } from '../support/message-waits.js';
import { ownDatabase } from '../support/services.js';
import { FLIGHT_MS, LOST_LOFT, PIGEON_PRICE_ORE, pigeonChannel } from './throwaway-channel/pigeon-channel.js';

/**
 * A new channel is one folder (test/integration/throwaway-channel/: its MessageChannel definition) and one
 * registry line (here the test's own registry): the pipeline accepts, reserves, claims, hands over, takes
 * receipts and moves money for it, and its send, list, get and cancel routes are made from its definition.
 */
const clock = new ManualClock(Date.UTC(2026, 10, 2, 9));
const registry = new ChannelRegistry([pigeonChannel]);
let api: ApiHarness;
let messaging: Messaging;
let company: TestCompany;
let profileId = '';
let waits: MessageWaits;
let database: Awaited<ReturnType<typeof ownDatabase>>;

beforeAll(async () => {
  database = await ownDatabase('pigeons');
  // Its status event is its own (a real channel adds it to the event catalogue): the catalogue check is off.
  api = await startApi({ sql: database.sql, clock, checkEvents: false, beforeReady: async (app, services) => {
    await app.register(messageChannelRoutes, { services, registry });
  } });
  waits = new MessageWaits(api.sql);
  await waits.listen(api.services.bus);
  const res = await api.app.inject({ method: 'POST', url: '/admin/v1/companies', headers: admin(), payload: { name: 'Dueslaget AS', balanceOre: 1_000 } });
  const body = res.json() as TestCompany;
  company = { id: body.id, liveKey: body.liveKey, testKey: body.testKey };
  const profile = await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey), payload: { name: 'Duer', slug: `duer-${randomUUID().slice(0, 8)}`, services: { sms: true } } });
  profileId = profile.data.id;
  messaging = await startMessaging(api.services, { registry, pollIntervalMs: 1_000 });
});
afterAll(async () => {
  await messaging?.stop();
  await api?.close();
  await database?.drop();
});

function send(body: Record<string, unknown>) {
  return call(api.app, { method: 'POST', url: '/v1/pigeons', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }), payload: { profileId, ...body } });
}

async function balance(): Promise<number> {
  const [row] = await api.sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${company.id}`;
  return Number(row!.balance_ore);
}

describe('a throwaway channel: one folder and one registry line', () => {
  it('a note is accepted and priced, handed to the loft, flies and lands on the receipt, its price drawn once', async () => {
    const before = await balance();
    const res = await send({ loft: 'bergen', note: 'Kommer i morgen.' });
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toBe(`/v1/pigeons/${res.data.id}`);
    expect(res.data).toMatchObject({ object: 'pigeon', state: 'accepted', loft: 'bergen', note: 'Kommer i morgen.', priceOre: PIGEON_PRICE_ORE });
    await waits.state(res.data.id, 'flying');
    await clock.advance(FLIGHT_MS);
    await waits.state(res.data.id, 'landed');
    expect(await waits.statesOf(res.data.id)).toEqual(['accepted', 'sending', 'flying', 'landed']);
    expect(await balance()).toBe(before - PIGEON_PRICE_ORE);
    const read = await call(api.app, { method: 'GET', url: `/v1/pigeons/${res.data.id}`, headers: bearer(company.liveKey) });
    expect(read.data).toMatchObject({ id: res.data.id, state: 'landed' });
    const list = await call(api.app, { method: 'GET', url: '/v1/pigeons?state=landed', headers: bearer(company.liveKey) });
    expect(list.data.data.map((p: { id: string }) => p.id)).toContain(res.data.id);
  });

  it('a note the loft refuses fails by the base moves and gives its reservation back', async () => {
    const before = await balance();
    const res = await send({ loft: LOST_LOFT, note: 'Hallo?' });
    await waits.state(res.data.id, 'failed');
    const read = await call(api.app, { method: 'GET', url: `/v1/pigeons/${res.data.id}`, headers: bearer(company.liveKey) });
    expect(read.data).toMatchObject({ state: 'failed', errorCode: 'invalid_destination' });
    expect(await balance()).toBe(before);
  });

  it('a scheduled note can be canceled (the generated cancel route), once flying it cannot', async () => {
    const res = await send({ loft: 'tromso', note: 'Senere.', sendAt: new Date(clock.now() + 3_600_000).toISOString() });
    expect(res.data.state).toBe('scheduled');
    const cancel = await call(api.app, { method: 'POST', url: `/v1/pigeons/${res.data.id}/cancel`, headers: bearer(company.liveKey) });
    expect(cancel.data).toMatchObject({ state: 'canceled' });
    const now = await send({ loft: 'molde', note: 'Nå.' });
    await waits.state(now.data.id, 'flying');
    const late = await call(api.app, { method: 'POST', url: `/v1/pigeons/${now.data.id}/cancel`, headers: bearer(company.liveKey) });
    expect(late.statusCode).toBe(409);
    expect(late.data.error).toMatchObject({ code: 'message_not_cancelable', message: 'The note is flying; only a scheduled note can be canceled.' });
  });

  it('its own admission refuses with its code and param, and the schema refuses hostile bodies, storing nothing', async () => {
    const [{ n: before } = { n: 0 }] = await api.sql<{ n: number }[]>`select count(*)::int as n from messages where channel = 'pigeon'`;
    const newline = await send({ loft: 'bergen', note: 'to\nlines' });
    expect(newline.statusCode).toBe(400);
    expect(newline.data.error).toMatchObject({ code: 'invalid_request', param: 'note' });
    for (const body of [{ loft: 'Bergen; drop table messages', note: 'x' }, { loft: 'bergen', note: 'x'.repeat(141) }, { loft: 'bergen', note: 'x', extra: 1 }, { loft: 'bergen' }]) {
      expect((await send(body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    const off = await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey), payload: { name: 'Av', slug: `av-${randomUUID().slice(0, 8)}`, services: { sms: false } } });
    const disabled = await call(api.app, { method: 'POST', url: '/v1/pigeons', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }), payload: { profileId: off.data.id, loft: 'bergen', note: 'x' } });
    expect(disabled.data.error).toMatchObject({ code: 'service_disabled', message: 'The profile has pigeons switched off (services.sms).' });
    const [{ n: after } = { n: 0 }] = await api.sql<{ n: number }[]>`select count(*)::int as n from messages where channel = 'pigeon'`;
    expect(after).toBe(before);
  });
});
