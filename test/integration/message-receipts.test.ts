/**
 * The receipts of a long message's parts often arrive together: each is recorded in its own transaction,
 * and the message must end delivered whatever their interleaving (found by the 10,000-recipient campaign,
 * where 3-part messages stayed `sent`). The messaging role records receipts (and carriers' answers) that come
 * in together in one transaction: the batch must settle each message as one receipt at a time would.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, call, createTestCompany, startApi, type ApiHarness } from './api-harness.js';
import { acceptMessage } from '../../control/messaging/message-accept.js';
import { applyMessageEventNow, applyMessageEvents, applyReceipt, applyReceipts } from '../../control/messaging/message-moves.js';
import { smsChannel } from '../../control/messaging/sms/sms-channel.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { freshDatabase } from '../support/services.js';
import type { ScratchDatabase } from '../support/scratch-database.js';

let db: ScratchDatabase;
let sql: Sql;
let api: ApiHarness;
let companyId = '';
let profileId = '';

beforeAll(async () => {
  // A database of its own: no other test file's outbox may claim the message this test moves by hand.
  db = await freshDatabase();
  sql = openDatabase({ url: db.url, max: 5 });
  api = await startApi({ sql });
  const co = await createTestCompany(api.app);
  companyId = co.id;
  profileId = (await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'R', slug: `r-${randomUUID().slice(0, 8)}` } })).data.id;
});
afterAll(async () => {
  await api?.close();
  await sql?.end({ timeout: 5 });
  await db?.drop();
});

it('a three-part SMS whose three receipts are recorded at once ends delivered', async () => {
  for (let round = 0; round < 10; round++) {
    const id = `msg_receipts${round}${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await api.sql.begin((tx) => acceptMessage(tx, api.clock, smsChannel, {
      id, companyId, profileId, mode: 'test', from: 'Sentral', to: '+4741234567', content: { text: 'x'.repeat(400), encoding: 'gsm7', units: 3 },
      priceOre: 225, sendAtMs: null, validUntilMs: null, externalRef: null, metadata: null,
    }));
    await applyMessageEventNow(api.sql, api.clock, smsChannel, id, { type: 'claim' });
    const refs = [1, 2, 3].map((n) => `${id}-${n}`);
    await applyMessageEventNow(api.sql, api.clock, smsChannel, id, { type: 'submitted', carrierRefs: refs });
    await Promise.all(refs.map((ref) => api.sql.begin((tx) => applyReceipt(tx, api.clock, smsChannel, ref, 'delivered', null))));
    const [row] = await api.sql<{ state: string }[]>`select state from messages where id = ${id}`;
    expect(row!.state, `round ${round}`).toBe('delivered');
  }
});

// A test-key SMS of `parts` parts, claimed and submitted: its carrier refs.
async function submitted(label: string, parts: number): Promise<{ id: string; refs: string[] }> {
  const id = `msg_${label}${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await api.sql.begin((tx) => acceptMessage(tx, api.clock, smsChannel, {
    id, companyId, profileId, mode: 'test', from: 'Sentral', to: '+4741234567', content: { text: 'x'.repeat(153 * parts), encoding: 'gsm7', units: parts },
    priceOre: 75 * parts, sendAtMs: null, validUntilMs: null, externalRef: null, metadata: null,
  }));
  await applyMessageEventNow(api.sql, api.clock, smsChannel, id, { type: 'claim' });
  const refs = Array.from({ length: parts }, (_, n) => `${id}-${n + 1}`);
  await applyMessageEventNow(api.sql, api.clock, smsChannel, id, { type: 'submitted', carrierRefs: refs });
  return { id, refs };
}

async function stateOf(id: string): Promise<string> {
  return (await api.sql<{ state: string }[]>`select state from messages where id = ${id}`)[0]!.state;
}

async function statuses(id: string): Promise<string[]> {
  const rows = await api.sql<{ state: string }[]>`select body::jsonb->'data'->>'state' as state from events where object_id = ${id} order by seq`;
  return rows.map((r) => r.state);
}

it('one batch of receipts settles each message as one receipt at a time would, with one status event per move', async () => {
  const whole = await submitted('whole', 3);
  const failed = await submitted('failed', 2);
  const late = await submitted('late', 1);
  await api.sql.begin((tx) => applyReceipt(tx, api.clock, smsChannel, late.refs[0]!, 'undelivered', 'first'));
  const moved = await api.sql.begin((tx) => applyReceipts(tx, api.clock, [
    ...whole.refs.map((ref) => ({ channel: smsChannel, carrierRef: ref, outcome: 'delivered' as const, desc: null })),
    { channel: smsChannel, carrierRef: failed.refs[0]!, outcome: 'delivered', desc: null },
    { channel: smsChannel, carrierRef: failed.refs[1]!, outcome: 'undelivered', desc: 'absent subscriber' },
    { channel: smsChannel, carrierRef: whole.refs[0]!, outcome: 'undelivered', desc: 'repeated, too late' },
    { channel: smsChannel, carrierRef: late.refs[0]!, outcome: 'delivered', desc: 'after the end' },
    { channel: smsChannel, carrierRef: 'never-ours', outcome: 'delivered', desc: null },
  ]));
  expect(moved.map((row) => row?.state ?? null)).toEqual([null, null, 'delivered', null, 'undelivered', null, null, null]);
  expect([await stateOf(whole.id), await stateOf(failed.id), await stateOf(late.id)]).toEqual(['delivered', 'undelivered', 'undelivered']);
  expect(await statuses(whole.id)).toEqual(['accepted', 'sending', 'sent', 'delivered']);
  expect(await statuses(failed.id)).toEqual(['accepted', 'sending', 'sent', 'undelivered']);
});

it('one batch of answers moves each message once, and a receipt that came before its answer settles it in the same batch', async () => {
  const ids = await Promise.all([1, 2, 3].map(async (n) => {
    const id = `msg_answer${n}${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await api.sql.begin((tx) => acceptMessage(tx, api.clock, smsChannel, {
      id, companyId, profileId, mode: 'test', from: 'Sentral', to: '+4741234567', content: { text: 'hei', encoding: 'gsm7', units: 1 },
      priceOre: 75, sendAtMs: null, validUntilMs: null, externalRef: null, metadata: null,
    }));
    await applyMessageEventNow(api.sql, api.clock, smsChannel, id, { type: 'claim' });
    return id;
  }));
  // The SMSC's receipt for the first came before its answer was recorded: kept for the answer.
  expect(await api.sql.begin((tx) => applyReceipt(tx, api.clock, smsChannel, `${ids[0]}-early`, 'delivered', null))).toBeNull();
  const moved = await api.sql.begin((tx) => applyMessageEvents(tx, api.clock, [
    { channel: smsChannel, messageId: ids[0]!, event: { type: 'submitted', carrierRefs: [`${ids[0]}-early`] } },
    { channel: smsChannel, messageId: ids[1]!, event: { type: 'refused', code: 'invalid_destination', desc: 'ESME_RINVDSTADR' } },
    { channel: smsChannel, messageId: ids[2]!, event: { type: 'submitted', carrierRefs: [`${ids[2]}-1`] } },
    { channel: smsChannel, messageId: ids[2]!, event: { type: 'submitted', carrierRefs: [`${ids[2]}-again`] } },
  ]));
  expect(moved.map((row) => row?.state ?? null)).toEqual(['delivered', 'rejected', 'sent', null]);
  expect(await statuses(ids[0]!)).toEqual(['accepted', 'sending', 'sent', 'delivered']);
  expect(await statuses(ids[1]!)).toEqual(['accepted', 'sending', 'rejected']);
  expect(await statuses(ids[2]!)).toEqual(['accepted', 'sending', 'sent']);
});
