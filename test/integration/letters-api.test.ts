/**
 * Letters through the API and the messaging role to the simulated mailbox service (its own HTTP server):
 * delivered, read and print-fallback paths with their letter.status events, the rendered PDF read back
 * with pdftotext, the money (500 øre per delivered letter, nothing for a failed one), the refusals with
 * hostile input, and the mailbox service down until it is not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { admin, bearer, call, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { startMailboxSim } from '../../carriers/mailbox/mailbox-sim.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { LETTER_EVENTS_POLL_MS } from '../../control/messaging/letters/letter-channel.js';
import { renderLetterPdf } from '../../control/messaging/letters/letter-pdf.js';
import { sqlMailboxStore } from '../../control/messaging/letters/sim-mailboxes.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { MessageWaits } from '../support/message-waits.js';
import { ownDatabase } from '../support/services.js';
import { freePort } from '../support/private-services.js';
import { nationalIds } from '../support/national-ids.js';
import { pdfText } from '../support/pdf-text.js';
import { capturedByReference, lastStatusPrices } from '../support/ledger-draws.js';

const clock = new ManualClock(Date.UTC(2026, 10, 2, 9));
const dataDir = mkdtempSync(join(tmpdir(), 'sentral-letters-'));
let api: ApiHarness;
let messaging: Messaging;
let company: TestCompany;
let profileId = '';
let waits: MessageWaits;
let database: Awaited<ReturnType<typeof ownDatabase>>;

const newNationalId = nationalIds('150385');

beforeAll(async () => {
  database = await ownDatabase('letters');
  api = await startApi({ sql: database.sql, clock, env: { SENTRAL_DATA_DIR: dataDir } });
  waits = new MessageWaits(api.sql);
  await waits.listen(api.services.bus);
  const res = await api.app.inject({ method: 'POST', url: '/admin/v1/companies', headers: admin(), payload: { name: 'Fjordkraft Handel AS', balanceOre: 10_000 } });
  const body = res.json() as TestCompany;
  company = { id: body.id, liveKey: body.liveKey, testKey: body.testKey };
  const profile = await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey), payload: { name: 'Kundeservice', slug: `brev-${randomUUID().slice(0, 8)}`, services: { letters: true } } });
  profileId = profile.data.id;
  messaging = await startMessaging(api.services, { pollIntervalMs: 1_000 });
});
afterAll(async () => {
  await messaging?.stop();
  await api?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function send(body: Record<string, unknown>, key = company.liveKey, app = api.app) {
  return call(app, { method: 'POST', url: '/v1/letters', headers: bearer(key, { 'idempotency-key': randomUUID() }), payload: { profileId, subject: 'Årsoppgjør', document: { text: 'Hei!' }, ...body } });
}

async function register(id: string) {
  const res = await call(api.app, { method: 'POST', url: '/admin/v1/sim/mailboxes', headers: admin(), payload: { nationalId: id } });
  expect(res.statusCode).toBe(201);
}

async function events(id: string): Promise<{ state: string; to: string }[]> {
  const rows = await api.sql<{ body: string }[]>`select body from events where object_id = ${id} and type = 'letter.status' order by seq`;
  return rows.map((r) => (JSON.parse(r.body) as { data: { state: string; to: string } }).data);
}

async function balance(): Promise<number> {
  const [row] = await api.sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${company.id}`;
  return Number(row!.balance_ore);
}


describe('letters to the simulated mailbox service', () => {
  it('a registered recipient gets the rendered letter (delivered, 500 øre), then reads it (read)', async () => {
    const id = newNationalId();
    await register(id);
    const before = await balance();
    const res = await send({
      recipient: { nationalId: id, name: 'Åse Ødegård' }, subject: 'Årsoppgjør for strømavtalen',
      document: { text: 'Hei Åse!\nForbruket ditt i år: 4 200 kWh. Blåbærsyltetøy følger ikke med.' }, externalRef: 'kunde-7',
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ object: 'letter', state: 'accepted', priceOre: 500, pages: 1, recipient: { nationalId: `${id.slice(0, 6)}*****` } });
    expect(res.data.id).toMatch(/^ltr_[0-9a-z]{26}$/);
    await waits.state(res.data.id, 'delivered');
    expect(await balance()).toBe(before - 500);

    const box = await call(api.app, { method: 'GET', url: `/admin/v1/sim/mailboxes/${id}/letters`, headers: admin() });
    const letter = box.data.data.find((l: { messageId: string }) => l.messageId === res.data.id);
    expect(letter).toMatchObject({ subject: 'Årsoppgjør for strømavtalen', channel: 'digital', readAt: null });
    const text = pdfText(letter.pdf);
    for (const part of ['Fjordkraft Handel AS', 'Kundeservice', 'Åse Ødegård', 'Årsoppgjør for strømavtalen', 'Hei Åse!', 'Blåbærsyltetøy følger ikke med.', '2. november 2026', 'Side 1 av 1']) expect(text).toContain(part);

    const open = await api.app.inject({ method: 'POST', url: `/admin/v1/sim/mailboxes/${id}/letters/${res.data.id}/open`, headers: admin() });
    expect(open.statusCode).toBe(200);
    await clock.advance(LETTER_EVENTS_POLL_MS);
    await waits.state(res.data.id, 'read');
    const seen = await events(res.data.id);
    expect(seen.map((e) => e.state)).toEqual(['accepted', 'sending', 'delivered', 'read']);
    expect(seen.every((e) => e.to === `nid:${id.slice(0, 6)}*****`)).toBe(true);
    expect(await balance()).toBe(before - 500);
    // The whole national identity number is in no event and no log line.
    const [leak] = await api.sql<{ n: number }[]>`select count(*)::int as n from events where body like ${`%${id}%`}`;
    expect(leak!.n).toBe(0);
    expect(api.logs()).not.toContain(id);
  });

  it('an unregistered recipient with an address and printFallback is delivered_to_print (500 øre)', async () => {
    const before = await balance();
    const res = await send({ recipient: { nationalId: newNationalId(), name: 'Per Hansen', address: { lines: ['Storgata 1'], postalCode: '0155', city: 'Oslo' } }, printFallback: true });
    await waits.state(res.data.id, 'delivered_to_print');
    expect((await events(res.data.id)).map((e) => e.state)).toEqual(['accepted', 'sending', 'delivered_to_print']);
    expect(await balance()).toBe(before - 500);
  });

  it('an unregistered recipient without print fallback fails with recipient_has_no_mailbox and costs nothing', async () => {
    const before = await balance();
    const res = await send({ recipient: { organisationNumber: '974760673' } });
    expect(await balance()).toBe(before - 500);
    await waits.state(res.data.id, 'failed');
    const got = await call(api.app, { method: 'GET', url: `/v1/letters/${res.data.id}`, headers: bearer(company.liveKey) });
    // Nothing was drawn, and the letter and its status events say so.
    expect(got.data).toMatchObject({ state: 'failed', errorCode: 'recipient_has_no_mailbox', priceOre: 0 });
    expect(await balance()).toBe(before);
    expect((await events(res.data.id)).map((e) => [e.state, (e as { priceOre?: number }).priceOre])).toEqual([['accepted', 500], ['sending', 500], ['failed', 0]]);
  });

  it('renders a letter template with its data into the PDF; a template of another channel or another company is refused', async () => {
    const template = await call(api.app, {
      method: 'POST', url: '/v1/templates', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }),
      payload: { profileId, channel: 'letter', name: 'Faktura', subject: 'Faktura', body: 'Hei {{ contact.name }}!\nBeløp: {{ contact.attributes.belop }} kr{% if contact.attributes.purring %}, purring{% endif %}.\nHilsen Ærlige Øvrebø' },
    });
    expect(template.statusCode, template.body).toBe(201);
    const id = newNationalId();
    await register(id);
    const res = await send({ recipient: { nationalId: id, name: 'Åsmund' }, subject: 'Faktura for mars', document: { templateId: template.data.id, data: { belop: '1 250', purring: 'ja' } } });
    expect(res.statusCode, res.body).toBe(201);
    await waits.state(res.data.id, 'delivered');
    const box = await call(api.app, { method: 'GET', url: `/admin/v1/sim/mailboxes/${id}/letters`, headers: admin() });
    const text = pdfText(box.data.data.find((l: { messageId: string }) => l.messageId === res.data.id).pdf);
    for (const part of ['Faktura for mars', 'Hei Åsmund!', 'Beløp: 1 250 kr, purring.', 'Hilsen Ærlige Øvrebø']) expect(text).toContain(part);
    expect(text).not.toContain('{{');

    const sms = await call(api.app, { method: 'POST', url: '/v1/templates', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }), payload: { profileId, channel: 'sms', name: 's', body: 'Hei' } });
    const wrongChannel = await send({ recipient: { nationalId: id }, document: { templateId: sms.data.id } });
    expect(wrongChannel.data.error).toMatchObject({ code: 'invalid_request', param: 'document.templateId' });
    const unknown = await send({ recipient: { nationalId: id }, document: { templateId: 'tpl_00000000000000000000000000' } });
    expect([unknown.statusCode, unknown.data.error.param]).toEqual([404, 'document.templateId']);
    const other = await api.app.inject({ method: 'POST', url: '/admin/v1/companies', headers: admin(), payload: { name: 'Andre AS', balanceOre: 0 } });
    const otherKey = (other.json() as TestCompany).liveKey;
    const otherProfile = await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(otherKey), payload: { name: 'A', slug: `andre-${randomUUID().slice(0, 8)}`, services: { letters: true } } });
    const theirs = await call(api.app, {
      method: 'POST', url: '/v1/letters', headers: bearer(otherKey, { 'idempotency-key': randomUUID() }),
      payload: { profileId: otherProfile.data.id, recipient: { nationalId: id }, subject: 'x', document: { templateId: template.data.id } },
    });
    expect([theirs.statusCode, theirs.data.error.param]).toEqual([404, 'document.templateId']);
  });

  it('takes an uploaded PDF, counting its pages; test keys draw nothing', async () => {
    const id = newNationalId();
    await register(id);
    const pdf = await renderLetterPdf({ sender: ['X'], recipient: [], dateMs: clock.now(), subject: 'Vedlegg', body: Array.from({ length: 120 }, (_, i) => `Linje ${i}`).join('\n') });
    const before = await balance();
    const res = await send({ recipient: { nationalId: id }, document: { pdf: pdf.toString('base64') } }, company.testKey);
    expect(res.data).toMatchObject({ mode: 'test', pages: 3, priceOre: 0, wouldCostOre: 500 });
    await waits.state(res.data.id, 'delivered');
    expect(await balance()).toBe(before);
    const list = await call(api.app, { method: 'GET', url: '/v1/letters?state=delivered', headers: bearer(company.testKey) });
    expect(list.data.data.map((l: { id: string }) => l.id)).toEqual([res.data.id]);
  });

  it('gives the letter\'s PDF to the key that sees the letter, and to no other (404 as for a letter that does not exist)', async () => {
    const res = await send({ recipient: { organisationNumber: '974760673', name: 'Statens vegvesen' }, subject: 'Søknad om skilt', document: { text: 'Vi søker om skilt ved Ørsta.' } });
    const pdf = await api.app.inject({ method: 'GET', url: `/v1/letters/${res.data.id}/pdf`, headers: bearer(company.liveKey) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload.toString('base64'));
    for (const part of ['Statens vegvesen', 'Søknad om skilt', 'Vi søker om skilt ved Ørsta.']) expect(text).toContain(part);

    const other = await api.app.inject({ method: 'POST', url: '/admin/v1/companies', headers: admin(), payload: { name: 'Nysgjerrig AS', balanceOre: 0 } });
    const others = other.json() as TestCompany;
    for (const key of [company.testKey, others.liveKey]) {
      const refused = await call(api.app, { method: 'GET', url: `/v1/letters/${res.data.id}/pdf`, headers: bearer(key) });
      expect([refused.statusCode, refused.data.error.code]).toEqual([404, 'not_found']);
    }
    const missing = await call(api.app, { method: 'GET', url: '/v1/letters/ltr_00000000000000000000000000/pdf', headers: bearer(company.liveKey) });
    expect([missing.statusCode, missing.data.error.code]).toEqual([404, 'not_found']);
  });
});

describe('a letter\'s price is what the ledger drew', () => {
  it('each letter\'s last letter.status carries what the ledger drew for it (fast-check picks delivered, printed, failed and test letters)', async () => {
    const outcomes = ['delivered', 'printed', 'failed', 'test'] as const;
    // Every outcome once, then six more picked.
    const picks = [...outcomes, ...fc.sample(fc.array(fc.constantFrom(...outcomes), { minLength: 6, maxLength: 6 }), { seed: 41, numRuns: 1 })[0]!];
    const ids: string[] = [];
    for (const outcome of picks) {
      const id = newNationalId();
      if (outcome === 'delivered' || outcome === 'test') await register(id);
      const body = outcome === 'failed' ? { recipient: { organisationNumber: '974760673' } }
        : outcome === 'printed' ? { recipient: { nationalId: id, name: 'Per Hansen', address: { lines: ['Storgata 1'], postalCode: '0155', city: 'Oslo' } }, printFallback: true }
          : { recipient: { nationalId: id } };
      const res = await send(body, outcome === 'test' ? company.testKey : company.liveKey);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.data.id);
    }
    for (const [i, id] of ids.entries()) await waits.state(id, { delivered: 'delivered', printed: 'delivered_to_print', failed: 'failed', test: 'delivered' }[picks[i]!]);
    const captured = await capturedByReference(api.sql, ids);
    const last = await lastStatusPrices(api.sql, 'letter.status', ids);
    for (const [i, id] of ids.entries()) expect([picks[i], last.get(id)]).toEqual([picks[i], captured.get(id)]);
    expect([...captured.values()].some((ore) => ore > 0)).toBe(true);
  });
});

describe('hostile input', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a national id with a wrong check digit', { recipient: { nationalId: '15038510001' } }, 'contact_national_id_invalid', 'recipient.nationalId'],
    ['an organisation number with a wrong check digit', { recipient: { organisationNumber: '974760674' } }, 'organisation_number_invalid', 'recipient.organisationNumber'],
    ['a non-PDF upload', { recipient: { organisationNumber: '974760673' }, document: { pdf: Buffer.from('<html>not a pdf</html>').toString('base64') } }, 'pdf_invalid', 'document.pdf'],
    ['CR/LF in the subject', { recipient: { organisationNumber: '974760673' }, subject: 'Hei\r\nX: y' }, 'invalid_request', 'subject'],
    ['a lone surrogate in the text', { recipient: { organisationNumber: '974760673' }, document: { text: 'Hei \udc00' } }, 'invalid_request', 'document'],
    ['an emoji the letter font cannot print', { recipient: { organisationNumber: '974760673' }, document: { text: 'Hei 😀' } }, 'invalid_request', 'document.text'],
    ['print fallback without an address', { recipient: { nationalId: newNationalId() }, printFallback: true }, 'invalid_request', 'recipient'],
  ];
  for (const [what, body, code, param] of cases) {
    it(`${what} → 400 ${code} naming ${param}; nothing stored`, async () => {
      const before = await api.sql<{ n: number }[]>`select count(*)::int as n from messages where channel = 'letter'`;
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(res.data)).toBe(400);
      expect(res.data.error.code).toBe(code);
      expect(String(res.data.error.param)).toContain(param);
      expect(api.logs()).not.toContain('15038510001');
      const after = await api.sql<{ n: number }[]>`select count(*)::int as n from messages where channel = 'letter'`;
      expect(after[0]!.n).toBe(before[0]!.n);
    });
  }

  it('a PDF over 50 pages → 400 pdf_too_many_pages', async () => {
    const pdf = await renderLetterPdf({ sender: ['X'], recipient: [], dateMs: clock.now(), subject: 'Lang', body: Array.from({ length: 2600 }, (_, i) => `Linje ${i}`).join('\n') });
    const res = await send({ recipient: { organisationNumber: '974760673' }, document: { pdf: pdf.toString('base64') } });
    expect(res.data.error).toMatchObject({ code: 'pdf_too_many_pages', param: 'document.pdf' });
  });
});

describe('the mailbox service down', () => {
  it('letters wait (their money held) and are delivered once when it is back', async () => {
    const port = await freePort();
    await messaging.stop();
    const down = await startApi({ sql: api.sql, clock, env: { SENTRAL_DATA_DIR: dataDir, SENTRAL_MAILBOX_URL: `http://127.0.0.1:${port}/` } });
    await waits.listen(down.services.bus);
    const role = await startMessaging(down.services, { pollIntervalMs: 1_000 });
    try {
      const id = newNationalId();
      await register(id);
      const before = await balance();
      const res = await send({ recipient: { nationalId: id } }, company.liveKey, down.app);
      await waits.states(res.data.id, ['accepted', 'sending', 'accepted']);
      expect(await balance()).toBe(before - 500);
      const service = await startMailboxSim({ port, store: sqlMailboxStore(api.sql, clock) });
      try {
        // The retry is due after 30 s; the outbox's safety poll (1 s here) is what picks it up.
        await clock.advance(30_000);
        await role.whenIdle();
        await clock.advance(1_000);
        await waits.state(res.data.id, 'delivered');
        await clock.advance(60_000);
        await role.whenIdle();
        const [n] = await api.sql<{ n: number }[]>`select count(*)::int as n from sim_mailbox_letters where message_id = ${res.data.id}`;
        expect(n!.n).toBe(1);
        expect((await events(res.data.id)).map((e) => e.state)).toEqual(['accepted', 'sending', 'accepted', 'sending', 'delivered']);
        expect(await balance()).toBe(before - 500);
      } finally {
        await service.close();
      }
    } finally {
      await role.stop();
      await down.close();
      messaging = await startMessaging(api.services, { pollIntervalMs: 1_000 });
    }
  });
});
