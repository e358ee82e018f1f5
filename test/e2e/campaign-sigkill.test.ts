/**
 * A live SMS campaign whose sender (the campaign runner and the outbox, in a process of its own, as the
 * `messaging` role runs them) is killed with SIGKILL halfway and started again: every recipient has exactly
 * one message, nobody reaches the simulated SMSC (a real SMPP server) twice, nobody is skipped, and the
 * money is exact. Real PostgreSQL (a database of its own), real clock, real TCP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from '../integration/api-harness.js';
import { startSmscSim, type SmscSim } from '../../carriers/sms/smsc-sim.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { freshDatabase } from '../support/services.js';
import type { ScratchDatabase } from '../support/scratch-database.js';
import { eventually } from '../support/eventually.js';

const RECIPIENTS = 2_000;
const FROM = '+4790000301';
const script = fileURLToPath(new URL('../support/campaign-sender-process.ts', import.meta.url));

let db: ScratchDatabase;
let sql: Sql;
let api: ApiHarness;
let smsc: SmscSim;
let co: TestCompany;
let profileId = '';
/** Whole messages the SMSC took, per recipient number. */
const atSmsc = new Map<string, number>();
const children: ChildProcess[] = [];

beforeAll(async () => {
  db = await freshDatabase();
  sql = openDatabase({ url: db.url, max: 10 });
  api = await startApi({ clock: realClock, sql });
  smsc = await startSmscSim({
    host: '127.0.0.1', port: 0, systemId: 'esme', password: 'secret12',
    onTrace: (t) => {
      if (t.event === 'message') atSmsc.set(t.to, (atSmsc.get(t.to) ?? 0) + 1);
    },
  });
  co = await createTestCompany(api.app, 1_000_000);
  profileId = (await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'K', slug: `kill-${randomUUID().slice(0, 8)}`, services: { sms: true } } })).data.id;
  expect((await call(api.app, { method: 'POST', url: '/admin/v1/numbers', headers: admin(), payload: { number: FROM, companyId: co.id, profileId } })).statusCode).toBe(201);
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await api?.close();
  await smsc?.stop();
  await sql?.end({ timeout: 5 });
  await db?.drop();
});

function startSender(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: db.url, SMPP_PORT: String(smsc.port), LEASE_MS: '2000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sender exited early (${code})`)));
    child.stdout!.once('data', () => resolve(child));
  });
}

const post = (url: string, payload?: object) =>
  call(api.app, { method: 'POST', url, headers: bearer(co.liveKey, { 'idempotency-key': randomUUID() }), ...(payload === undefined ? {} : { payload }) });
const count = async (query: Promise<{ n: number }[]>) => Number((await query)[0]!.n);

it(`a sender killed with SIGKILL halfway and started again sends each of ${RECIPIENTS} recipients exactly once`, async () => {
  const phones = Array.from({ length: RECIPIENTS }, (_, i) => `+47${45_000_000 + i}`);
  const list = await post('/v1/contact-lists', { profileId, name: 'Alle' });
  const imported = await call(api.app, {
    method: 'POST', url: `/v1/contacts/imports?profileId=${profileId}&listId=${list.data.id}`,
    headers: bearer(co.liveKey, { 'content-type': 'text/csv' }), payload: `phone,name\n${phones.map((p, i) => `${p},Kunde ${i}`).join('\n')}\n`,
  });
  expect(imported.data).toMatchObject({ created: RECIPIENTS, refused: 0 });
  const template = await post('/v1/templates', { profileId, channel: 'sms', name: 't', body: 'Hei {{ contact.name }}, velkommen tilbake!' });
  const campaign = await post('/v1/campaigns', { profileId, name: 'Kill', channel: 'sms', sender: FROM, templateId: template.data.id, listId: list.data.id, rate: 400 });
  const id = campaign.data.id as string;
  const balance = async () => count(sql<{ n: number }[]>`select balance_ore as n from companies where id = ${co.id}`);
  const before = await balance();
  const started = await post(`/v1/campaigns/${id}/start`);
  expect(started.data.money.reservedOre).toBe(RECIPIENTS * 75);

  const first = await startSender();
  const handedOver = () => count(sql<{ n: number }[]>`select count(*)::int as n from messages where campaign_id = ${id}`);
  await eventually(async () => (await handedOver()) >= RECIPIENTS / 2, 60_000);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const atKill = { handedOver: await handedOver(), atSmsc: atSmsc.size };

  await startSender();
  await eventually(async () => {
    const [c] = await sql<{ status: string; settled_at_ms: number | null }[]>`select status, settled_at_ms from campaigns where id = ${id}`;
    return c!.status === 'completed' && c!.settled_at_ms !== null;
  }, 120_000, 100);

  // Every recipient has exactly one message, and the SMSC took nobody twice.
  const messages = await sql<{ to_address: string; state: string; error_code: string | null }[]>`
    select to_address, state, error_code from messages where campaign_id = ${id}`;
  expect(messages).toHaveLength(RECIPIENTS);
  expect(new Set(messages.map((m) => m.to_address)).size).toBe(RECIPIENTS);
  expect([...atSmsc.values()].every((n) => n === 1)).toBe(true);
  // Nobody skipped: each recipient reached the SMSC once, except a message the killed sender had handed
  // over without hearing the answer (`sending` at the kill): it is never handed over again (at most once),
  // and it ends failed with outcome_unknown whether or not the SMSC got it.
  const unknown = messages.filter((m) => m.error_code === 'outcome_unknown');
  for (const m of messages) if (m.error_code !== 'outcome_unknown') expect(atSmsc.get(m.to_address), m.to_address).toBe(1);
  const reached = messages.filter((m) => atSmsc.get(m.to_address) === 1).length;
  console.log(`sigkill: at the kill ${atKill.handedOver} handed over, ${atKill.atSmsc} at the SMSC; outcome unknown ${unknown.length} (of which at the SMSC ${unknown.filter((m) => atSmsc.has(m.to_address)).length}); reached the SMSC ${reached} of ${RECIPIENTS}`);
  expect(unknown.length).toBeLessThanOrEqual(64);

  // Money: what the network took is spent, the rest released, to the øre.
  const spentCount = messages.filter((m) => m.state === 'sent' || m.state === 'delivered').length;
  const view = (await call(api.app, { method: 'GET', url: `/v1/campaigns/${id}`, headers: bearer(co.liveKey) })).data;
  expect(view.money).toEqual({ reservedOre: RECIPIENTS * 75, spentOre: spentCount * 75, releasedOre: (RECIPIENTS - spentCount) * 75 });
  expect(before - (await balance())).toBe(spentCount * 75);
}, 240_000);
