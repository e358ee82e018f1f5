/**
 * The messaging outbox's claim whose COMMIT goes unanswered (issue #38: the PostgreSQL primary killed while
 * a claim commits; with synchronous replication the promoted standby holds the claim): the claim moved its
 * messages to `sending` under a lease, the sender never heard so and handed none to the carrier, and the
 * lease then ended them as outcome_unknown, though no carrier had seen them (an accepted SMS never sent, as
 * the HA scenario saw once). The messaging role's database connection goes through a proxy that cuts the
 * connection as the claim's COMMIT passes: after forwarding it (the claim lands, its answer is lost) or
 * instead of forwarding it (the claim does not land). Either way the SMS is handed to the SMSC once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { smsSender } from './sms-sender.js';
import { ownDatabase } from '../support/services.js';
import { eventually } from '../support/eventually.js';
import { startDatabaseProxy, throughProxy, type CutMode, type DatabaseProxy } from '../support/database-proxy.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { startSmscSim, type SmscSim } from '../../carriers/sms/smsc-sim.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';

const FROM = '+4790000481';
const TO = '+442079460101';

let sim: SmscSim;
let api: ApiHarness;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let proxy: DatabaseProxy;
let cutter: ReturnType<typeof commitCutter>;
let proxied: Sql;
let messaging: Messaging;
let company: TestCompany;
let profile: { id: string };
const taken = new Map<string, number>();

beforeAll(async () => {
  sim = await startSmscSim({ host: '127.0.0.1', port: 0, systemId: 'cut', password: 'cut12345', onTrace: (t) => void (t.event === 'submit' && taken.set(t.text, (taken.get(t.text) ?? 0) + 1)) });
  database = await ownDatabase('outbox_commit');
  api = await startApi({ clock: realClock, sql: database.sql, env: { SENTRAL_SMPP_HOST: '127.0.0.1', SENTRAL_SMPP_PORT: String(sim.port), SENTRAL_SMPP_SYSTEM_ID: 'cut', SENTRAL_SMPP_PASSWORD: 'cut12345' } });
  company = await createTestCompany(api.app, 1_000_000);
  profile = await smsSender(api.app, company, FROM);
  proxy = await startDatabaseProxy(Number(new URL(database.url).port));
  cutter = commitCutter(proxy);
  // One connection: the claim's COMMIT is the next thing written on it after the claim's update.
  proxied = openDatabase({ url: throughProxy(database.url, proxy), max: 1, onQuery: (text) => cutter.saw(text) });
  messaging = await startMessaging({ ...api.services, sql: proxied }, { pollIntervalMs: 200, leaseMs: 10_000 });
}, 60_000);

afterAll(async () => {
  await messaging?.stop();
  await proxied?.end();
  await proxy?.close();
  await api?.close();
  await database?.drop();
  await sim?.stop();
});

async function sendAndFollow(mode: CutMode): Promise<{ state: string; attempts: number; taken: number }> {
  const text = `cut ${mode} ${randomUUID().slice(0, 8)}`;
  cutter.arm(mode);
  const sent = await call(api.app, { method: 'POST', url: '/v1/sms', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }), payload: { profileId: profile.id, from: FROM, to: TO, text } });
  expect(sent.statusCode, sent.body).toBe(201);
  const id = sent.data.id as string;
  const read = async () => (await database.sql<{ state: string; attempts: number }[]>`select state, attempts from messages where id = ${id}`)[0]!;
  await eventually(async () => !['accepted', 'sending'].includes((await read()).state), 30_000, 100);
  expect(cutter.cuts).toContain(mode);
  return { ...(await read()), taken: taken.get(text) ?? 0 };
}

describe('an outbox claim whose COMMIT goes unanswered', () => {
  it('landed: the messages it holds are handed to the carrier once the database answers, not ended as outcome_unknown', async () => {
    expect(await sendAndFollow('after')).toMatchObject({ state: expect.stringMatching(/^(sent|delivered)$/), attempts: 1, taken: 1 });
  });

  it('not landed: the messages are claimed again and handed over once', async () => {
    expect(await sendAndFollow('before')).toMatchObject({ state: expect.stringMatching(/^(sent|delivered)$/), attempts: 1, taken: 1 });
  });
});

/** The proxy, armed, cuts its connection at the first COMMIT after an outbox claim's update (told each statement the pool sends). */
function commitCutter(proxy: DatabaseProxy) {
  let armed: CutMode | null = null;
  let claimed = false;
  const cuts: CutMode[] = [];
  return {
    cuts,
    arm(mode: CutMode) {
      armed = mode;
      claimed = false;
    },
    saw(text: string) {
      if (armed === null) return;
      if (text.includes('update messages m set state = v.state')) claimed = true;
      else if (claimed && text === 'commit') {
        // One connection: the COMMIT is the next thing it sends.
        proxy.cutNextWrite(armed);
        cuts.push(armed);
        armed = null;
      }
    },
  };
}
