/**
 * The receipts of a long message's parts often arrive together: each is recorded in its own transaction,
 * and the message must end delivered whatever their interleaving (found by the 10,000-recipient campaign,
 * where 3-part messages stayed `sent`).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, call, createTestCompany, startApi, type ApiHarness } from './api-harness.js';
import { acceptMessage, applyMessageEventNow, applyReceipt } from '../../control/messaging/message-store.js';
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
