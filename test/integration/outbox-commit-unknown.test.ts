/**
 * The messaging outbox's claim whose COMMIT goes unanswered (issue #38: the PostgreSQL primary killed while
 * a claim commits; with synchronous replication the promoted standby holds the claim): the claim moved its
 * messages to `sending` under a lease, the sender never heard so and handed none to the carrier, and the
 * lease then ended them as outcome_unknown, though no carrier had seen them (an accepted SMS never sent, as
 * the HA scenario saw once). The messaging role's database connection goes through a proxy that cuts the
 * connection as the claim's COMMIT passes: after forwarding it (the claim lands, its answer is lost) or
 * instead of forwarding it (the claim does not land). Either way the SMS is handed to the SMSC once.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { smsSender } from './sms-sender.js';
import { ownDatabase } from '../support/services.js';
import { eventually } from '../support/eventually.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { startSmscSim, type SmscSim } from '../../carriers/sms/smsc-sim.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';

const FROM = '+4790000481';
const TO = '+442079460101';

let sim: SmscSim;
let api: ApiHarness;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let proxy: CommitCutter;
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
  proxy = await startCommitCutter(Number(new URL(database.url).port));
  const url = new URL(database.url);
  url.port = String(proxy.port);
  // One connection: the claim's COMMIT is the next thing written on it after the claim's update.
  proxied = openDatabase({ url: url.toString(), max: 1, onQuery: (text) => proxy.saw(text) });
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
  proxy.arm(mode);
  const sent = await call(api.app, { method: 'POST', url: '/v1/sms', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }), payload: { profileId: profile.id, from: FROM, to: TO, text } });
  expect(sent.statusCode, sent.body).toBe(201);
  const id = sent.data.id as string;
  const read = async () => (await database.sql<{ state: string; attempts: number }[]>`select state, attempts from messages where id = ${id}`)[0]!;
  await eventually(async () => !['accepted', 'sending'].includes((await read()).state), 30_000, 100);
  expect(proxy.cuts).toContain(mode);
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

/** Cut the connection after forwarding the COMMIT (it lands, its answer is lost) or instead of forwarding it. */
type CutMode = 'after' | 'before';

/** A TCP proxy to PostgreSQL that, armed, cuts its connection at the first COMMIT after an outbox claim's update. */
interface CommitCutter {
  readonly port: number;
  /** The cuts made, in order. */
  readonly cuts: CutMode[];
  arm(mode: CutMode): void;
  /** Told each statement the pool sends (openDatabase's onQuery). */
  saw(text: string): void;
  close(): Promise<void>;
}

async function startCommitCutter(targetPort: number): Promise<CommitCutter> {
  let armed: CutMode | null = null;
  let claimed = false;
  let cutNext: CutMode | null = null;
  const cuts: CutMode[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s)).on('error', () => s.destroy());
    }
    client.on('data', (chunk: Buffer) => {
      const mode = cutNext;
      if (mode === null) return void upstream.write(chunk);
      cutNext = null;
      cuts.push(mode);
      // FIN after the data: the server reads the COMMIT, commits, and finds no one to answer.
      if (mode === 'after') upstream.end(chunk);
      else upstream.destroy();
      client.destroy();
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cuts,
    arm(mode) {
      armed = mode;
      claimed = false;
    },
    saw(text) {
      if (armed === null) return;
      if (text.includes('update messages m set state = v.state')) claimed = true;
      else if (claimed && text === 'commit') {
        cutNext = armed;
        armed = null;
      }
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
