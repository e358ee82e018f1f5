/**
 * Campaigns end to end in one process: the API, the messaging role (outbox and the simulated SMS network,
 * used for live keys too so money moves) and the campaign runner, on real PostgreSQL and the injected
 * clock, on a database of its own. The simulated network counts every submit per message: "at the SMSC".
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { ChannelRegistry } from '../../control/messaging/channels/channel-registry.js';
import type { MessageChannel } from '../../control/messaging/message-channel.js';
import { smsChannel } from '../../control/messaging/sms/sms-channel.js';
import { addSuppression } from '../../control/messaging/suppressions.js';
import { startCampaignRunner, type CampaignRunner } from '../../control/messaging/campaigns/campaign-runner.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { OUTAGE_RETRY_MAX_MS } from '../../shared/work/outage-retry.js';
import { emailChannel } from '../../control/messaging/email/email-channel.js';
import { LETTER_EVENTS_POLL_MS, letterChannel } from '../../control/messaging/letters/letter-channel.js';
import { nationalIds } from '../support/national-ids.js';
import { pdfText } from '../support/pdf-text.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { freshDatabase } from '../support/services.js';
import type { ScratchDatabase } from '../support/scratch-database.js';

// Sunday 15 March 2026, 12:00 Oslo (UTC+1).
const clock = new ManualClock(Date.UTC(2026, 2, 15, 11));
const FROM = '+4790000201';
let db: ScratchDatabase;
let sql: Sql;
let api: ApiHarness;
let messaging: Messaging;
let runner: CampaignRunner;
let co: TestCompany;
let profileId = '';
let profileSlug = '';
/** Submits the simulated network took, per message id. */
const submits = new Map<string, number>();

// The simulated network for both modes, counting what it is handed.
const countingSms: MessageChannel = {
  ...smsChannel,
  async startCarriers(services, reports) {
    const carriers = await smsChannel.startCarriers(services, reports);
    const counted = {
      submit: async (m: Parameters<typeof carriers.test.submit>[0]) => {
        submits.set(m.id, (submits.get(m.id) ?? 0) + 1);
        return carriers.test.submit(m);
      },
    };
    return { live: counted, test: counted, stop: () => carriers.stop() };
  },
};

beforeAll(async () => {
  // A database of its own: the outbox claims every due message of its database, and other test files run
  // senders of their own on the run's database.
  db = await freshDatabase();
  sql = openDatabase({ url: db.url, max: 10 });
  api = await startApi({ clock, sql, env: { SENTRAL_DATA_DIR: mkdtempSync(join(tmpdir(), 'sentral-campaigns-')) } });
  co = await createTestCompany(api.app, 10_000_000);
  const profile = await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'Klinikk', slug: `klinikk-${randomUUID().slice(0, 8)}`, services: { sms: true, email: true, letters: true } } });
  profileId = profile.data.id;
  profileSlug = profile.data.slug;
  const number = await call(api.app, { method: 'POST', url: '/admin/v1/numbers', headers: admin(), payload: { number: FROM, companyId: co.id, profileId } });
  expect(number.statusCode, number.body).toBe(201);
  messaging = await startMessaging(api.services, { registry: new ChannelRegistry([countingSms, emailChannel, letterChannel]), pollIntervalMs: 1_000, concurrency: 128 });
  runner = await startCampaignRunner(api.services, { pollIntervalMs: 1_000, outbox: messaging.outbox });
});
afterAll(async () => {
  // Stopping waits for the sends in flight, and a write retried through a transient database refusal (too
  // many connections or a deadlock on a loaded machine: retryThroughOutage) waits on this clock, which no
  // test moves any more: it keeps moving, one retry step at a time, until both have stopped.
  let stopped = false;
  const stopping = (async () => {
    await runner?.stop();
    await messaging?.stop();
  })().finally(() => (stopped = true));
  while (!stopped) {
    await clock.advance(OUTAGE_RETRY_MAX_MS);
    await Promise.race([stopping, new Promise((resolve) => setImmediate(resolve))]);
  }
  await stopping;
  await api?.close();
  await sql?.end({ timeout: 5 });
  await db?.drop();
});

let keys = 0;
const post = (url: string, payload?: object, key = co.liveKey) =>
  call(api.app, { method: 'POST', url, headers: bearer(key, { 'idempotency-key': `k${++keys}-${randomUUID()}` }), ...(payload === undefined ? {} : { payload }) });
const get = (url: string, key = co.liveKey) => call(api.app, { method: 'GET', url, headers: bearer(key) });

/**
 * Moves the clock in steps of at most `stepMs`, letting the runner, the outbox and the receipts finish
 * what became due after each (a campaign's bucket holds one second's worth: one big jump would lose the rest).
 */
async function run(ms: number, stepMs = 100): Promise<void> {
  for (let left = ms; left > 0; left -= stepMs) {
    await clock.advance(Math.min(stepMs, left));
    await idle();
  }
}
async function idle(): Promise<void> {
  await runner.whenIdle();
  await messaging.whenIdle();
  await runner.whenIdle();
}
/** The counts of a campaign add up to its recipients, at every moment (each recipient in exactly one bucket). */
function expectCountsAddUp(c: { id: string; state: string; counts: Record<string, number> }): void {
  const { recipients, pending, sent, delivered, failed, skipped, canceled } = c.counts;
  expect(pending! + sent! + delivered! + failed! + skipped! + canceled!, `${c.id} (${c.state}): ${JSON.stringify(c.counts)}`).toBe(recipients);
}

async function runUntil(id: string, state: string, stepMs: number, key = co.liveKey, maxSteps = 10_000): Promise<any> {
  for (let i = 0; i < maxSteps; i++) {
    const c = (await get(`/v1/campaigns/${id}`, key)).data;
    // Read while the runner and the sender work: the counts add up in every state the campaign passes.
    expectCountsAddUp(c);
    if (c.state === state && (state !== 'completed' && state !== 'canceled' ? true : c.settledAt !== null)) return c;
    // And read again while the step's transactions commit.
    const [during] = await Promise.all([get(`/v1/campaigns/${id}`, key), run(stepMs, stepMs)]);
    expectCountsAddUp(during.data);
  }
  throw new Error(`campaign ${id} did not reach ${state}`);
}
async function balance(): Promise<number> {
  const [row] = await api.sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${co.id}`;
  return Number(row!.balance_ore);
}
async function eventsOf(type: string, objectId: string): Promise<any[]> {
  const rows = await api.sql<{ body: string }[]>`select body from events where type = ${type} and object_id = ${objectId} order by seq`;
  return rows.map((r) => JSON.parse(r.body));
}

/** A list of contacts imported from CSV: `rows` rows, phones +4741<6 digits>. */
async function importList(name: string, csv: string): Promise<{ listId: string; report: any }> {
  const list = await post('/v1/contact-lists', { profileId, name });
  const res = await call(api.app, { method: 'POST', url: `/v1/contacts/imports?profileId=${profileId}&listId=${list.data.id}`, headers: bearer(co.liveKey, { 'content-type': 'text/csv' }), payload: csv });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { listId: list.data.id, report: res.data };
}
async function smsTemplate(body: string): Promise<string> {
  const t = await post('/v1/templates', { profileId, channel: 'sms', name: 'Påminnelse', body });
  expect(t.statusCode, t.body).toBe(201);
  return t.data.id;
}
let phoneBase = 41_000_000;
function phones(n: number): string[] {
  const out = Array.from({ length: n }, (_, i) => `+47${phoneBase + i}`);
  phoneBase += n;
  return out;
}

// Units of a text by the published rule, independent of the library: GSM-7 160, then 153 per unit;
// UCS-2 (any character outside GSM-7; here only the check mark) 70, then 67.
function expectedUnits(text: string): number {
  const ucs2 = text.includes('✓');
  const n = [...text].length;
  if (ucs2) return n <= 70 ? 1 : Math.ceil(n / 67);
  return n <= 160 ? 1 : Math.ceil(n / 153);
}

// The slowest test of the file: 9,600 messages through the whole pipeline (accept, claim, submit, receipt, each
// batched into transactions with their status events) take about 15–20 s on the shared 2-core machine.
describe('a 10,000-contact campaign', () => {
  it('imports 1 % invalid rows as refused, skips 3 % suppressed, sends every other contact exactly once, and the money is exact to the øre', async () => {
    const numbers = phones(10_000);
    const lines = ['phone,name,note'];
    const expected = new Map<string, number>(); // phone -> price in øre
    const suppressed: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      if (i % 100 === 50) {
        lines.push(`+4712345${String(i).padStart(3, '0')},Ugyldig ${i},`); // not in the number plan
        continue;
      }
      const name = i % 7 === 0 ? `Kunde ${i} ✓` : `Kunde ${i}`;
      const note = i % 10 === 0 ? 'Husk å ta med timekortet ditt og møt opp ti minutter før avtalt tid, slik at vi rekker å registrere deg i god tid før timen din. Velkommen!' : 'Velkommen';
      lines.push(`${numbers[i]},${name},"${note}"`);
      if (i % 33 === 0) suppressed.push(numbers[i]!);
      else expected.set(numbers[i]!, expectedUnits(`Hei ${name}! ${note}`) * 75);
    }
    const { listId, report } = await importList('Alle kunder', lines.join('\n'));
    expect(report).toMatchObject({ rows: 10_000, created: 9_900, refused: 100 });
    expect(report.refusedRows.every((r: { code: string }) => r.code === 'contact_phone_invalid')).toBe(true);
    for (const address of suppressed) await addSuppression(api.sql, clock, { profileId, address, reason: 'STOP', source: 'keyword' });

    const templateId = await smsTemplate('Hei {{ contact.name }}! {{ contact.attributes.note }}');
    const created = await post('/v1/campaigns', { profileId, name: 'Vårkampanje', channel: 'sms', sender: FROM, templateId, listId, rate: 1000 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.data).toMatchObject({ state: 'draft', rate: 1000, counts: { recipients: 0 } });
    const id = created.data.id as string;
    const totalOre = [...expected.values()].reduce((a, b) => a + b, 0);
    const before = await balance();

    const started = await post(`/v1/campaigns/${id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.data.state).toBe('running');
    expect(started.data.counts).toMatchObject({ recipients: 9_900, pending: expected.size, skipped: suppressed.length, skippedByReason: { recipient_opted_out: suppressed.length } });
    expect(started.data.money).toEqual({ reservedOre: totalOre, spentOre: 0, releasedOre: 0 });
    expect(await balance()).toBe(before - totalOre);

    await runUntil(id, 'completed', 250);
    // Completed once every message was taken by the network; the last receipts come 200 ms later.
    await run(1_000, 500);
    const done = (await get(`/v1/campaigns/${id}`)).data;
    expect(done.counts).toEqual({
      recipients: 9_900, pending: 0, sent: 0, delivered: expected.size, failed: 0, skipped: suppressed.length, canceled: 0,
      skippedByReason: { recipient_opted_out: suppressed.length },
    });
    expect(done.money).toEqual({ reservedOre: totalOre, spentOre: totalOre, releasedOre: 0 });
    expect(await balance()).toBe(before - totalOre);

    // At the SMSC: every expected recipient once, nobody else.
    const messages = await api.sql<{ id: string; to_address: string; price_ore: number }[]>`select id, to_address, price_ore from messages where campaign_id = ${id}`;
    expect(messages).toHaveLength(expected.size);
    for (const m of messages) {
      expect(submits.get(m.id), m.to_address).toBe(1);
      expect(Number(m.price_ore), m.to_address).toBe(expected.get(m.to_address));
    }
    expect(new Set(messages.map((m) => m.to_address)).size).toBe(expected.size);

    const startedEvents = await eventsOf('campaign.started', id);
    const completedEvents = await eventsOf('campaign.completed', id);
    expect(startedEvents).toHaveLength(1);
    expect(completedEvents).toHaveLength(1);
    expect(completedEvents[0].data).toMatchObject({ campaignId: id, state: 'completed', money: { reservedOre: totalOre, spentOre: totalOre, releasedOre: 0 } });
    const [statusEvents] = await api.sql<{ n: number; with_campaign: number }[]>`
      select count(*)::int as n, count(*) filter (where body::jsonb -> 'data' ->> 'campaignId' = ${id})::int as with_campaign
      from events where type = 'sms.status' and object_id in (select id from messages where campaign_id = ${id})`;
    // accepted, sending, sent, delivered for each.
    expect(statusEvents).toEqual({ n: expected.size * 4, with_campaign: expected.size * 4 });
  }, 600_000);
});

describe('start', () => {
  it('refuses with the shortfall when the balance cannot cover the whole audience, reserving nothing', async () => {
    const poor = await createTestCompany(api.app, 1_000);
    const p = await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(poor.liveKey), payload: { name: 'P', slug: `poor-${randomUUID().slice(0, 8)}`, services: { sms: true } } });
    const sender = '+4790000202';
    await call(api.app, { method: 'POST', url: '/admin/v1/numbers', headers: admin(), payload: { number: sender, companyId: poor.id, profileId: p.data.id } });
    const send = (url: string, payload?: object) => post(url, payload, poor.liveKey);
    const list = await send('/v1/contact-lists', { profileId: p.data.id, name: 'L' });
    const ids: string[] = [];
    for (const phone of phones(20)) ids.push((await send('/v1/contacts', { profileId: p.data.id, phone })).data.id);
    await send(`/v1/contact-lists/${list.data.id}/members`, { contactIds: ids });
    const tpl = await send('/v1/templates', { profileId: p.data.id, channel: 'sms', name: 't', body: 'Hei' });
    const c = await send('/v1/campaigns', { profileId: p.data.id, name: 'c', channel: 'sms', sender, templateId: tpl.data.id, listId: list.data.id });
    const res = await send(`/v1/campaigns/${c.data.id}/start`);
    expect(res.statusCode).toBe(402);
    expect(res.data.error.code).toBe('insufficient_balance');
    expect(res.data.error.message).toBe('The campaign costs 1500 øre for 20 messages; the balance is 1000 øre, 500 øre short. Nothing was reserved.');
    const after = (await call(api.app, { method: 'GET', url: `/v1/campaigns/${c.data.id}`, headers: bearer(poor.liveKey) })).data;
    expect(after).toMatchObject({ state: 'draft', counts: { recipients: 0 }, money: { reservedOre: 0 } });
  });

  it('refuses a sender that is not the profile\'s, a template of another channel, and a start twice', async () => {
    const { listId } = await importList('Liten', `phone\n${phones(3).join('\n')}\n`);
    const templateId = await smsTemplate('Hei');
    const bad = await post('/v1/campaigns', { profileId, name: 'c', channel: 'sms', sender: '+4799999999', templateId, listId });
    expect(bad.data.error).toMatchObject({ code: 'sender_not_allowed' });
    const email = await post('/v1/templates', { profileId, channel: 'email', name: 'e', subject: 's', body: 'b' });
    const wrong = await post('/v1/campaigns', { profileId, name: 'c', channel: 'sms', sender: FROM, templateId: email.data.id, listId });
    expect(wrong.data.error).toMatchObject({ code: 'invalid_request', param: 'templateId' });
    const noKey = await call(api.app, { method: 'POST', url: '/v1/campaigns', headers: bearer(co.liveKey), payload: { profileId, name: 'c', channel: 'sms', sender: FROM, templateId, listId } });
    expect(noKey.data.error.code).toBe('idempotency_key_required');

    const c = await post('/v1/campaigns', { profileId, name: 'c', channel: 'sms', sender: FROM, templateId, listId, rate: 100 });
    expect((await post(`/v1/campaigns/${c.data.id}/start`)).statusCode).toBe(200);
    const again = await post(`/v1/campaigns/${c.data.id}/start`);
    expect(again.statusCode).toBe(409);
    expect(again.data.error.code).toBe('campaign_state_invalid');
    expect((await call(api.app, { method: 'PATCH', url: `/v1/campaigns/${c.data.id}`, headers: bearer(co.liveKey), payload: { name: 'x' } })).data.error.code).toBe('campaign_not_draft');
    await runUntil(c.data.id, 'completed', 100);
  });
  it('a plain SMS template, rendered and priced by the database at the start, stores for every contact what liquidjs renders and the same skips and prices', async () => {
    // Values a template may meet: basic GSM-7, its extension table, UCS-2, emoji, whitespace only, numbers,
    // booleans, null, and texts long enough for several units or too many.
    const texts = ['Kari', 'Ærlig Øyvind Åsen', 'Zoë {curly} [sq] €', 'Łukasz', '😀', ' ', '', '\n\r', 'a'.repeat(160), 'b'.repeat(161), 'c'.repeat(500), 'd'.repeat(69), 'é'.repeat(71), '-^', 'x\ty'];
    const values = fc.oneof(fc.constantFrom(...texts), fc.integer({ min: -1000, max: 1000 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
    const contacts = fc.sample(fc.record({
      name: fc.oneof(fc.constantFrom(...texts), fc.constant(undefined)),
      phone: fc.boolean(),
      externalRef: fc.oneof(fc.constantFrom('kunde-1', 'ŁŁ'), fc.constant(undefined)),
      attributes: fc.record({ a: values, b: values, c: values }, { requiredKeys: [] }),
    }), { numRuns: 80, seed: 25 });
    const list = await post('/v1/contact-lists', { profileId, name: 'Blandet' });
    const numbers = phones(contacts.length);
    const ids: string[] = [];
    for (const [i, c] of contacts.entries()) {
      const contact = { profileId, ...(c.phone || i === 0 ? { phone: numbers[i] } : { email: `k${i}@example.com` }), ...(c.name === undefined || c.name.trim() === '' ? {} : { name: c.name }), ...(c.externalRef === undefined ? {} : { externalRef: `${c.externalRef}-${i}` }), attributes: c.attributes };
      const res = await post('/v1/contacts', contact);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.data.id);
    }
    await post(`/v1/contact-lists/${list.data.id}/members`, { contactIds: ids });
    await addSuppression(api.sql, clock, { profileId, address: numbers[0]!, reason: 'STOP', source: 'keyword' });

    const bodies = [
      'Hei {{ contact.name }}! {{ contact.attributes.a }}{{contact.attributes.b}}',
      '{{ contact.attributes.c }}',
      '{{ contact.attributes.a }}{{ contact.attributes.a }}{{ contact.attributes.a }}{{ contact.attributes.a }}',
      'Til {{ contact.phone }} ({{ contact.externalRef }}, {{ contact.email }}): {{ contact.attributes.a.b }}{{ contact.name.x }}{{ nothing.here }}{{ contact.constructor }}{{ contact.missing }}.',
    ];
    const stored = async (body: string) => {
      const templateId = await smsTemplate(body);
      // Sent tomorrow: the runner hands nobody over while the recipients are read.
      const c = await post('/v1/campaigns', { profileId, name: 'c', channel: 'sms', sender: FROM, templateId, listId: list.data.id, sendAt: new Date(clock.now() + 86_400_000).toISOString() });
      const started = await post(`/v1/campaigns/${c.data.id}/start`);
      const rows = await api.sql`select position, contact_id, address, state, skip_reason, content, price_ore from campaign_recipients where campaign_id = ${c.data.id} order by position`;
      if (started.statusCode === 200) expect((await post(`/v1/campaigns/${c.data.id}/cancel`)).statusCode).toBe(200);
      return { status: started.statusCode, error: started.data.error?.code, money: started.data.money, counts: started.data.counts, rows };
    };
    for (const body of bodies) {
      // The same template with an empty comment is no longer plain: liquidjs renders it in JavaScript.
      const inSql = await stored(body);
      expect(inSql.rows.length + (inSql.error === undefined ? 0 : contacts.length), body).toBe(contacts.length);
      expect(inSql, body).toEqual(await stored(`${body}{% comment %}{% endcomment %}`));
    }
  });
});

describe('pause, resume and cancel', () => {
  async function campaign(n: number, rate: number, extra: object = {}): Promise<{ id: string; numbers: string[] }> {
    const numbers = phones(n);
    const { listId } = await importList(`L${n}`, `phone,name\n${numbers.map((p, i) => `${p},N${i}`).join('\n')}\n`);
    const templateId = await smsTemplate('Hei {{ contact.name }}');
    const c = await post('/v1/campaigns', { profileId, name: 'c', channel: 'sms', sender: FROM, templateId, listId, rate, ...extra });
    expect(c.statusCode, c.body).toBe(201);
    return { id: c.data.id, numbers };
  }
  const handedOver = async (id: string) => Number((await api.sql<{ n: number }[]>`select count(*)::int as n from messages where campaign_id = ${id}`)[0]!.n);

  it('a paused campaign hands nothing more to the sender until resumed, then completes with every recipient once', async () => {
    const { id } = await campaign(100, 10);
    await post(`/v1/campaigns/${id}/start`);
    await run(3_000);
    const beforePause = await handedOver(id);
    expect(beforePause).toBeGreaterThanOrEqual(30);
    expect(beforePause).toBeLessThanOrEqual(41);
    expect((await post(`/v1/campaigns/${id}/pause`)).data.state).toBe('paused');
    const atPause = await handedOver(id);
    for (let i = 0; i < 10; i++) await run(1_000);
    expect(await handedOver(id)).toBe(atPause);
    expect((await post(`/v1/campaigns/${id}/pause`)).data.error.code).toBe('campaign_state_invalid');
    expect((await post(`/v1/campaigns/${id}/resume`)).data.state).toBe('running');
    const done = await runUntil(id, 'completed', 500);
    expect(done.counts).toMatchObject({ recipients: 100, delivered: 100, pending: 0 });
    const ids = await api.sql<{ id: string }[]>`select id from messages where campaign_id = ${id}`;
    expect(ids.every((m) => submits.get(m.id) === 1)).toBe(true);
  });

  it('hands each step\'s messages to the outbox in the step itself: accepted and claimed (`sending`) in one transaction, each sent once', async () => {
    const { id } = await campaign(40, 20);
    await post(`/v1/campaigns/${id}/start`);
    const done = await runUntil(id, 'completed', 250);
    expect(done.counts).toMatchObject({ recipients: 40, delivered: 40, pending: 0 });
    // The transaction that wrote a status event is its row's xmin: one for `accepted` and `sending`.
    const rows = await api.sql<{ id: string; accepted: string; sending: string }[]>`
      select m.id,
        (select e.xmin::text from events e where e.object_id = m.id and e.body::jsonb->'data'->>'state' = 'accepted') as accepted,
        (select e.xmin::text from events e where e.object_id = m.id and e.body::jsonb->'data'->>'state' = 'sending') as sending
      from messages m where m.campaign_id = ${id}`;
    expect(rows).toHaveLength(40);
    expect(rows.filter((r) => r.accepted === null || r.accepted !== r.sending)).toEqual([]);
    expect(rows.every((m) => submits.get(m.id) === 1)).toBe(true);
  });

  it('cancel halfway: the rest is never sent and exactly what was not spent goes back', async () => {
    const before = await balance();
    const { id } = await campaign(100, 10);
    const started = await post(`/v1/campaigns/${id}/start`);
    const reserved = started.data.money.reservedOre as number;
    expect(reserved).toBe(100 * 75);
    await run(5_000);
    const canceled = await post(`/v1/campaigns/${id}/cancel`);
    expect(canceled.data.state).toBe('canceled');
    const done = await runUntil(id, 'canceled', 500);
    const sent = Number((await api.sql<{ n: number }[]>`select count(*)::int as n from messages where campaign_id = ${id} and state in ('sent', 'delivered')`)[0]!.n);
    expect(sent).toBeGreaterThan(30);
    expect(sent).toBeLessThan(70);
    expect(done.money).toEqual({ reservedOre: reserved, spentOre: sent * 75, releasedOre: reserved - sent * 75 });
    expect(await balance()).toBe(before - sent * 75);
    expect(done.counts.sent + done.counts.delivered).toBe(sent);
    expect(done.counts.canceled).toBe(100 - sent);
    for (let i = 0; i < 5; i++) await run(1_000);
    expect(Number((await api.sql<{ n: number }[]>`select count(*)::int as n from messages where campaign_id = ${id} and state in ('sent', 'delivered')`)[0]!.n)).toBe(sent);
    expect(await eventsOf('campaign.canceled', id)).toHaveLength(1);
    expect((await post(`/v1/campaigns/${id}/resume`)).data.error.code).toBe('campaign_state_invalid');
  });

  it('sends nothing in quiet hours (Europe/Oslo) and resumes when they end', async () => {
    // 20:59:55 Oslo: five messages at 1/s, then quiet until 08:00.
    await clock.advanceTo(Date.UTC(2026, 2, 15, 19, 59, 55));
    const { id } = await campaign(20, 1, { quietHours: { start: '21:00', end: '08:00' } });
    await post(`/v1/campaigns/${id}/start`);
    await run(5_000);
    const evening = await handedOver(id);
    expect(evening).toBeGreaterThanOrEqual(5);
    expect(evening).toBeLessThanOrEqual(6);
    // Through the night in hour steps: nothing more.
    await run(10 * 60 * 60_000, 60 * 60_000);
    expect(await handedOver(id)).toBe(evening);
    // 08:00 Oslo is 07:00 UTC.
    await clock.advanceTo(Date.UTC(2026, 2, 16, 7, 0, 0));
    await idle();
    const done = await runUntil(id, 'completed', 1_000);
    expect(done.counts.delivered).toBe(20);
    const firstMorning = await api.sql<{ created_at_ms: number }[]>`
      select created_at_ms from messages where campaign_id = ${id} order by created_at_ms offset ${evening} limit 1`;
    expect(Number(firstMorning[0]!.created_at_ms)).toBeGreaterThanOrEqual(Date.UTC(2026, 2, 16, 7, 0, 0));
  });
});

describe('an email campaign', () => {
  it('sends one email per contact from the profile\'s domain (test key: to the embedded sink), skipping the suppressed address', async () => {
    const key = co.testKey;
    const domain = await call(api.app, { method: 'POST', url: `/v1/profiles/${profileSlug}/email-domains`, headers: bearer(key), payload: { domain: 'klinikk.test' } });
    expect(domain.statusCode, domain.body).toBe(201);
    const list = await post('/v1/contact-lists', { profileId, name: 'E-post' }, key);
    const csv = `email,name\n${['kari', 'ola', 'per', 'stopp'].map((n) => `${n}@example.test,${n}`).join('\n')}\n`;
    const imported = await call(api.app, { method: 'POST', url: `/v1/contacts/imports?profileId=${profileId}&listId=${list.data.id}`, headers: bearer(key, { 'content-type': 'text/csv' }), payload: csv });
    expect(imported.data.created).toBe(4);
    await addSuppression(api.sql, clock, { profileId, address: 'stopp@example.test', reason: 'bounce', source: 'bounce' });
    const tpl = await post('/v1/templates', { profileId, channel: 'email', name: 'Nyhetsbrev', subject: 'Hei {{ contact.name }}', html: '<p>Hei {{ contact.name }}</p>' }, key);
    const c = await post('/v1/campaigns', { profileId, name: 'Brev', channel: 'email', sender: 'Klinikken <post@klinikk.test>', templateId: tpl.data.id, listId: list.data.id, rate: 10 }, key);
    expect(c.statusCode, c.body).toBe(201);
    const unverified = await post('/v1/campaigns', { profileId, name: 'x', channel: 'email', sender: 'post@other.test', templateId: tpl.data.id, listId: list.data.id }, key);
    expect(unverified.data.error).toMatchObject({ code: 'sender_domain_not_verified', param: 'sender' });
    const started = await post(`/v1/campaigns/${c.data.id}/start`, undefined, key);
    expect(started.data.counts).toMatchObject({ recipients: 4, pending: 3, skipped: 1, skippedByReason: { recipient_opted_out: 1 } });
    expect(started.data.money).toEqual({ reservedOre: 0, spentOre: 0, releasedOre: 0 });
    const done = await runUntil(c.data.id, 'completed', 500, key);
    expect(done.counts).toMatchObject({ delivered: 3, pending: 0, failed: 0 });
    const emails = await api.sql<{ id: string; to_address: string; content: { subject: string; html: string; from: string } }[]>`
      select id, to_address, content from messages where campaign_id = ${c.data.id} order by to_address`;
    expect(emails.map((e) => [e.id.slice(0, 4), e.to_address, e.content.subject, e.content.html, e.content.from])).toEqual([
      ['eml_', 'kari@example.test', 'Hei kari', '<p>Hei kari</p>', 'Klinikken <post@klinikk.test>'],
      ['eml_', 'ola@example.test', 'Hei ola', '<p>Hei ola</p>', 'Klinikken <post@klinikk.test>'],
      ['eml_', 'per@example.test', 'Hei per', '<p>Hei per</p>', 'Klinikken <post@klinikk.test>'],
    ]);
    const status = await eventsOf('email.status', emails[0]!.id);
    expect(status.every((e) => e.data.campaignId === c.data.id)).toBe(true);
    const sink = await call(api.app, { method: 'GET', url: '/admin/v1/email-sink?limit=200', headers: admin() });
    expect(sink.data.data.filter((m: { subject?: string }) => /^Hei (kari|ola|per)$/.test(m.subject ?? '')).length).toBe(3);
  });
});

describe('a letter campaign', () => {
  it('renders each contact\'s letter to a PDF when it is handed over, delivers it to a digital mailbox, fails the contact without one (its 500 øre go back), and never shows a whole national identity number', async () => {
    const next = nationalIds('010190');
    const [kari, ola, per] = [next(), next(), next()];
    for (const id of [kari, ola]) {
      const box = await call(api.app, { method: 'POST', url: '/admin/v1/sim/mailboxes', headers: admin(), payload: { nationalId: id } });
      expect(box.statusCode, box.body).toBe(201);
    }
    const { listId } = await importList('Brev', `nationalId,name\n${kari},Kari Nordmann\n${ola},Ola Nordmann\n${per},Per Hansen\n`);
    const tpl = await post('/v1/templates', { profileId, channel: 'letter', name: 'Årsbrev', subject: 'Årsoppgjør for {{ contact.name }}', body: 'Hei {{ contact.name }}!\nBlåbærsyltetøy følger ikke med.' });
    expect(tpl.statusCode, tpl.body).toBe(201);
    const before = await balance();
    const c = await post('/v1/campaigns', { profileId, name: 'Årsbrev', channel: 'letter', sender: 'Fjordkraft Kundeservice', templateId: tpl.data.id, listId, rate: 10 });
    expect(c.statusCode, c.body).toBe(201);
    const started = await post(`/v1/campaigns/${c.data.id}/start`);
    expect(started.data.counts).toMatchObject({ recipients: 3, pending: 3, skipped: 0 });
    expect(started.data.money).toEqual({ reservedOre: 1_500, spentOre: 0, releasedOre: 0 });

    const done = await runUntil(c.data.id, 'completed', 500);
    expect(done.counts).toMatchObject({ delivered: 2, failed: 1, pending: 0 });
    expect(done.money).toEqual({ reservedOre: 1_500, spentOre: 1_000, releasedOre: 500 });
    expect(await balance()).toBe(before - 1_000);

    const letters = await api.sql<{ address: string; id: string; to_address: string; state: string; error_code: string | null; content: { pages: number } }[]>`
      select r.address, m.id, m.to_address, m.state, m.error_code, m.content
      from campaign_recipients r join messages m on m.id = r.message_id where r.campaign_id = ${c.data.id} order by r.position`;
    const masked = `nid:${kari.slice(0, 6)}*****`;
    expect(letters.map((l) => [l.address, l.id.slice(0, 4), l.to_address, l.state, l.error_code, l.content.pages])).toEqual([
      [kari, 'ltr_', masked, 'delivered', null, 1],
      [ola, 'ltr_', masked, 'delivered', null, 1],
      [per, 'ltr_', masked, 'failed', 'recipient_has_no_mailbox', 1],
    ]);
    const mailbox = await call(api.app, { method: 'GET', url: `/admin/v1/sim/mailboxes/${kari}/letters`, headers: admin() });
    const text = pdfText(mailbox.data.data[0].pdf);
    for (const part of ['Fjordkraft Kundeservice', 'Årsoppgjør for Kari Nordmann', 'Hei Kari Nordmann!', 'Blåbærsyltetøy følger ikke med.', 'Side 1 av 1']) expect(text).toContain(part);
    const status = await eventsOf('letter.status', letters[0]!.id);
    expect(status.every((e) => e.data.campaignId === c.data.id && !e.data.to.includes(kari.slice(6)))).toBe(true);
  });

  it('skips a contact without a national identity number and one whose letter the font cannot print; a letter read later stays delivered and costs nothing more', async () => {
    const next = nationalIds('020290');
    const [reader, emoji] = [next(), next()];
    await call(api.app, { method: 'POST', url: '/admin/v1/sim/mailboxes', headers: admin(), payload: { nationalId: reader } });
    const [phoneOnly] = phones(1);
    const { listId } = await importList('Brev 2', `nationalId,name,phone\n${reader},Liv Leser,\n${emoji},Emoji 😀,\n,Bare Telefon,${phoneOnly}\n`);
    const tpl = await post('/v1/templates', { profileId, channel: 'letter', name: 'Brev 2', subject: 'Til {{ contact.name }}', body: 'Hei {{ contact.name }}!' });
    const before = await balance();
    const c = await post('/v1/campaigns', { profileId, name: 'Brev 2', channel: 'letter', sender: 'Fjordkraft', templateId: tpl.data.id, listId, rate: 10, metadata: { batch: 'b2' } });
    const started = await post(`/v1/campaigns/${c.data.id}/start`);
    expect(started.data.counts).toMatchObject({ recipients: 3, pending: 1, skipped: 2, skippedByReason: { contact_address_missing: 1, pdf_invalid: 1 } });
    expect(started.data.money).toEqual({ reservedOre: 500, spentOre: 0, releasedOre: 0 });
    await runUntil(c.data.id, 'completed', 500);
    const [letter] = await api.sql<{ id: string }[]>`select id from messages where campaign_id = ${c.data.id}`;
    const opened = await api.app.inject({ method: 'POST', url: `/admin/v1/sim/mailboxes/${reader}/letters/${letter!.id}/open`, headers: admin() });
    expect(opened.statusCode).toBe(200);
    await run(3 * LETTER_EVENTS_POLL_MS, LETTER_EVENTS_POLL_MS);
    const status = await eventsOf('letter.status', letter!.id);
    expect(status.map((e) => e.data.state)).toEqual(['accepted', 'sending', 'delivered', 'read']);
    expect(status.every((e) => e.data.campaignId === c.data.id && e.data.metadata?.batch === 'b2')).toBe(true);
    const done = (await get(`/v1/campaigns/${c.data.id}`)).data;
    expect(done.counts).toMatchObject({ delivered: 1, failed: 0, skipped: 2 });
    expect(done.money).toEqual({ reservedOre: 500, spentOre: 500, releasedOre: 0 });
    expect(await balance()).toBe(before - 500);
    const [leak] = await api.sql<{ n: number }[]>`select count(*)::int as n from events where body like ${`%${reader}%`} or body like ${`%${emoji}%`}`;
    expect(leak!.n).toBe(0);
  });

  it('is refused on a profile with letters switched off', async () => {
    const p = await post('/v1/profiles', { name: 'Uten brev', slug: `uten-${randomUUID().slice(0, 8)}`, services: { sms: true } });
    const tpl = await post('/v1/templates', { profileId: p.data.id, channel: 'letter', name: 'B', subject: 'S', body: 'B' });
    const list = await post('/v1/contact-lists', { profileId: p.data.id, name: 'L' });
    const c = await post('/v1/campaigns', { profileId: p.data.id, name: 'B', channel: 'letter', sender: 'Avsender', templateId: tpl.data.id, listId: list.data.id });
    expect(c.statusCode).toBe(403);
    expect(c.data.error).toMatchObject({ code: 'service_disabled', param: 'channel' });
  });
});
