/**
 * Live SMS over SMPP 3.4 to the simulated SMSC running as a process of its own (`sentral smsc-sim`, real
 * TCP): the directory numbers' outcomes and sms.status (+442079460103 expiring when its validity ends), a multi-part message arriving as parts with UDH
 * that reassemble to the text (counted at the SMSC), money captured or released, an inbound SMS with STOP,
 * and a hostile SMPP peer that never stops the sender.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import smpp, { type PDU } from 'smpp';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from '../integration/api-harness.js';
import { ownDatabase } from '../support/services.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { runSentral, type SentralProcess } from '../support/sentral-process.js';
import { eventually } from '../support/eventually.js';
import type { SmscTrace } from '../../carriers/sms/smsc-sim.js';
import { SmppClient } from '../../carriers/sms/smpp-client.js';

const FROM = '+4790000201';
let smsc: SentralProcess;
let api: ApiHarness;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let messaging: Messaging;
let company: TestCompany;
let profileId = '';
/** A message to +442079460103 (never delivered: EXPIRED at the validity's end), sent first so the minute it takes overlaps the rest. */
let expiring: Promise<{ id: string; sentAtMs: number }>;

function traces(): SmscTrace[] {
  return smsc.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as SmscTrace);
}

beforeAll(async () => {
  smsc = runSentral(['smsc-sim'], { SENTRAL_SMPP_PORT: '0', SENTRAL_SMPP_SYSTEM_ID: 'esme', SENTRAL_SMPP_PASSWORD: 'secret12' });
  const port = Number((await smsc.printed(/smsc-sim listening on port (\d+)/))[1]);
  database = await ownDatabase('sms_smpp');
  api = await startApi({ clock: realClock, sql: database.sql, env: { SENTRAL_SMPP_HOST: '127.0.0.1', SENTRAL_SMPP_PORT: String(port), SENTRAL_SMPP_SYSTEM_ID: 'esme', SENTRAL_SMPP_PASSWORD: 'secret12' } });
  company = await createTestCompany(api.app, 100_000);
  const profile = await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey), payload: { name: 'Live', slug: `live-${randomUUID().slice(0, 8)}`, services: { sms: true } } });
  profileId = profile.data.id;
  await call(api.app, { method: 'POST', url: '/admin/v1/numbers', headers: admin(), payload: { number: FROM, companyId: company.id, profileId } });
  messaging = await startMessaging(api.services, { pollIntervalMs: 500 });
  expiring = send({ to: '+442079460103', text: 'Utløper', validitySeconds: 60 }).then((m) => ({ id: m.id, sentAtMs: Date.now() }));
}, 60_000);
afterAll(async () => {
  await messaging?.stop();
  await api?.close();
  await database?.drop();
  await smsc?.stop();
});

async function send(body: Record<string, unknown>) {
  const res = await call(api.app, { method: 'POST', url: '/v1/sms', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }), payload: { profileId, from: FROM, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.data as { id: string; units: number; priceOre: number };
}

async function row(id: string) {
  const [r] = await api.sql<{ state: string; error_code: string | null }[]>`select state, error_code from messages where id = ${id}`;
  return r!;
}

async function states(id: string): Promise<string[]> {
  const rows = await api.sql<{ body: string }[]>`select body from events where object_id = ${id} and type = 'sms.status' order by seq`;
  return rows.map((r) => (JSON.parse(r.body) as { data: { state: string } }).data.state);
}

async function reservation(id: string) {
  const [r] = await api.sql<{ captured_ore: number; released_ore: number; state: string }[]>`
    select r.captured_ore, r.released_ore, r.state from reservations r join messages m on m.reservation_id = r.id where m.id = ${id}`;
  return { captured: Number(r!.captured_ore), released: Number(r!.released_ore), state: r!.state };
}

describe('live SMS to the simulated SMSC in its own process', () => {
  it('gives each directory number its outcome, with its events and money', async () => {
    const delivered = await send({ to: '+442079460101', text: 'Levert' });
    const undeliv = await send({ to: '+442079460102', text: 'Ikke levert' });
    const refused = await send({ to: '+442079460104', text: 'Avvist' });
    const throttled = await send({ to: '+442079460105', text: 'Vent litt' });
    await eventually(async () => (await row(delivered.id)).state === 'delivered' && (await row(undeliv.id)).state === 'undelivered'
      && (await row(refused.id)).state === 'rejected' && (await row(throttled.id)).state === 'delivered', 30_000);
    expect(await states(delivered.id)).toEqual(['accepted', 'sending', 'sent', 'delivered']);
    expect(await states(undeliv.id)).toEqual(['accepted', 'sending', 'sent', 'undelivered']);
    expect(await states(refused.id)).toEqual(['accepted', 'sending', 'rejected']);
    expect(await states(throttled.id)).toEqual(['accepted', 'sending', 'accepted', 'sending', 'sent', 'delivered']);
    expect(await row(refused.id)).toMatchObject({ error_code: 'invalid_destination' });
    expect(await reservation(delivered.id)).toEqual({ captured: 75, released: 0, state: 'closed' });
    expect(await reservation(undeliv.id)).toEqual({ captured: 75, released: 0, state: 'closed' });
    expect(await reservation(refused.id)).toEqual({ captured: 0, released: 75, state: 'closed' });
  });

  it('sends a long message as parts with a concatenation UDH and explicit data_coding that reassemble to the text', async () => {
    const gsm = `${'Æøå og mer tekst. '.repeat(20)}slutt`;
    const emoji = `${'Hei 😀 '.repeat(30)}`;
    const a = await send({ to: '+4791234501', text: gsm });
    const b = await send({ to: '+4791234502', text: emoji });
    expect([a.units, b.units]).toEqual([3, 4]);
    await eventually(async () => (await row(a.id)).state === 'delivered' && (await row(b.id)).state === 'delivered', 30_000);
    const t = traces();
    const whole = t.filter((l): l is Extract<SmscTrace, { event: 'message' }> => l.event === 'message');
    expect(whole.find((m) => m.to === '+4791234501')).toEqual({ event: 'message', to: '+4791234501', text: gsm, parts: 3 });
    expect(whole.find((m) => m.to === '+4791234502')).toEqual({ event: 'message', to: '+4791234502', text: emoji, parts: 4 });
    const parts = t.filter((l): l is Extract<SmscTrace, { event: 'submit' }> => l.event === 'submit' && l.to === '+4791234502');
    expect(parts.map((p) => [p.dataCoding, p.esmClass & 0x40, p.concat?.seq, p.concat?.total])).toEqual([[8, 0x40, 1, 4], [8, 0x40, 2, 4], [8, 0x40, 3, 4], [8, 0x40, 4, 4]]);
    expect(t.filter((l) => l.event === 'submit' && l.to === '+4791234501').every((l) => l.event === 'submit' && l.dataCoding === 0)).toBe(true);
    expect(await reservation(a.id)).toMatchObject({ captured: 225 });
  });
});

describe('+442079460103 over SMPP', () => {
  it('is sent, never delivered, and reported EXPIRED by the SMSC when its validity period (60 s, passed in submit_sm) ends: expired, still charged', async () => {
    const { id, sentAtMs } = await expiring;
    await eventually(async () => (await states(id)).includes('sent'), 30_000);
    await eventually(async () => (await row(id)).state !== 'sent', 90_000, 250);
    expect(Date.now() - sentAtMs).toBeGreaterThanOrEqual(59_000);
    expect(await row(id)).toEqual({ state: 'expired', error_code: 'validity_expired' });
    expect(await states(id)).toEqual(['accepted', 'sending', 'sent', 'expired']);
    // The network took it: an expired message stays charged, as the carrier charges it.
    expect(await reservation(id)).toEqual({ captured: 75, released: 0, state: 'closed' });
    expect(traces().filter((t) => t.event === 'submit' && t.to === '+442079460103')).toHaveLength(1);
  }, 120_000);
});

describe('a hostile SMPP peer', () => {
  it('garbage, an absurd command_length and a flood of deliver_sm never stop the client: it binds again and still submits', async () => {
    let binds = 0;
    let submits = 0;
    const peer = smpp.createServer({}, (session) => {
      session.on('error', () => session.destroy());
      session.on('bind_transceiver', (pdu: PDU) => {
        binds++;
        session.send(pdu.response());
        if (binds === 1) session.socket.write(Buffer.from('this is not an SMPP PDU at all, just garbage bytes'));
        else if (binds === 2) session.socket.write(Buffer.from([0xff, 0xff, 0xff, 0xf0, 0, 0, 0, 4]));
        else for (let i = 0; i < 500; i++) session.deliver_sm({ source_addr: '4799999999', destination_addr: '4700000000', short_message: { message: `flood ${i}` } });
      });
      session.on('submit_sm', (pdu: PDU) => {
        submits++;
        session.send(pdu.response({ message_id: `m${submits}` }));
      });
      session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', () => resolve()));
    const port = (peer.address() as { port: number }).port;
    let delivered = 0;
    const client = new SmppClient({ host: '127.0.0.1', port, systemId: 'x', password: 'y', window: 4, ratePerSecond: 1000, onDeliver: async () => { delivered++; } });
    client.start();
    try {
      await eventually(() => binds >= 3 && delivered === 500 && client.isBound(), 20_000);
      const answer = await client.submit({ destination_addr: '4712345678', data_coding: 0, short_message: Buffer.from('hi') });
      expect(answer).toEqual({ status: 0, messageId: `m${submits}` });
    } finally {
      await client.stop();
      await new Promise<void>((resolve) => peer.close(() => resolve()));
    }
  });
});
