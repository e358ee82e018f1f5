/**
 * Processes dying in the middle of a burst of live SMS: the simulated SMSC killed (SIGKILL) and started
 * again on its port, and the sender (`sentral messaging`, a process of its own on the run's PostgreSQL,
 * NATS and Redis) killed with SIGKILL and started again. Every accepted message ends in a stated state,
 * none is submitted twice (counted at the SMSC by its unique text), none is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from '../integration/api-harness.js';
import { ownDatabase } from '../support/services.js';
import { startMessaging } from '../../control/messaging/outbox/messaging-role.js';
import { startSmscSim, type SmscTrace } from '../../carriers/sms/smsc-sim.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { runSentral, type SentralProcess } from '../support/sentral-process.js';
import { freePort } from '../support/private-services.js';
import { eventually } from '../support/eventually.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';

const CREDENTIALS = { SENTRAL_SMPP_SYSTEM_ID: 'kill', SENTRAL_SMPP_PASSWORD: 'kill1234' };
let api: ApiHarness;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let company: TestCompany;
let profileId = '';
const FROM = '+4790000501';

beforeAll(async () => {
  database = await ownDatabase('sms_kill');
  api = await startApi({ clock: realClock, sql: database.sql });
  company = await createTestCompany(api.app, 10_000_000);
  const p = await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey), payload: { name: 'Burst', slug: `burst-${randomUUID().slice(0, 6)}`, services: { sms: true } } });
  profileId = p.data.id;
  await call(api.app, { method: 'POST', url: '/admin/v1/numbers', headers: admin(), payload: { number: FROM, companyId: company.id, profileId } });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await database?.drop();
});

/** Accepts `n` live messages with unique texts; returns their ids by text. */
async function burst(n: number, label: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let i = 0; i < n; i += 25) {
    const answers = await Promise.all(Array.from({ length: Math.min(25, n - i) }, (_, j) => {
      const text = `${label} ${i + j}`;
      return call(api.app, { method: 'POST', url: '/v1/sms', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }), payload: { profileId, from: FROM, to: '+4791000002', text } })
        .then((res) => ids.set(text, res.data.id as string));
    }));
    expect(answers.length).toBeGreaterThan(0);
  }
  return ids;
}

/** Waits until none of the messages is waiting or being handed over, then checks them against the SMSC's count. */
async function settledAgainst(ids: Map<string, string>, submits: () => Map<string, number> | Promise<Map<string, number>>): Promise<Record<string, number>> {
  const list = [...ids.values()];
  await eventually(async () => {
    const [{ open } = { open: 1 }] = await api.sql<{ open: number }[]>`
      select count(*)::int as open from messages where id = any(${api.sql.array(list)}::text[]) and state in ('scheduled', 'accepted', 'sending')`;
    return open === 0;
  }, 60_000, 100);
  const counted = await submits();
  const rows = await api.sql<{ id: string; state: string; error_code: string | null; text: string }[]>`
    select id, state, error_code, content->>'text' as text from messages where id = any(${api.sql.array(list)}::text[])`;
  expect(rows).toHaveLength(ids.size);
  const byState: Record<string, number> = {};
  for (const r of rows) {
    byState[r.state] = (byState[r.state] ?? 0) + 1;
    const count = counted.get(r.text) ?? 0;
    // None twice; what the customer sees as sent was taken exactly once; an unknown outcome at most once.
    expect(count, r.text).toBeLessThanOrEqual(1);
    if (r.state === 'sent' || r.state === 'delivered') expect(count, r.text).toBe(1);
    else expect({ state: r.state, error: r.error_code }, r.text).toEqual({ state: 'failed', error: 'outcome_unknown' });
  }
  return byState;
}

function counter(): { submits: Map<string, number>; onTrace: (t: SmscTrace) => void; total: () => number } {
  const submits = new Map<string, number>();
  let total = 0;
  return {
    submits,
    total: () => total,
    onTrace: (t) => {
      if (t.event !== 'submit') return;
      total++;
      submits.set(t.text, (submits.get(t.text) ?? 0) + 1);
    },
  };
}

describe('killed in the middle of a burst', () => {
  it('the SMSC killed and started again: every message sent once or failed as outcome_unknown', async () => {
    const port = await freePort();
    const env = { SENTRAL_SMPP_PORT: String(port), ...CREDENTIALS };
    const count = counter();
    const submitLines = (proc: SentralProcess): string[] => proc.output().split('\n').filter((l) => l.startsWith('{"event":"submit"'));
    let smsc = runSentral(['smsc-sim'], env);
    await smsc.printed(/listening on port/);
    const ids = await burst(200, 'smsc-kill');
    const messaging = await startMessaging({ ...api.services, config: { ...api.services.config, smpp: { ...api.services.config.smpp, host: '127.0.0.1', port, systemId: 'kill', password: 'kill1234', ratePerSecond: 300, window: 10 } } }, { pollIntervalMs: 200 });
    try {
      await eventually(() => submitLines(smsc).length >= 40, 30_000);
      smsc.child.kill('SIGKILL');
      // 'exit' can come before the last lines in the pipe are read; the count needs them all.
      await smsc.closed;
      for (const l of submitLines(smsc)) count.onTrace(JSON.parse(l) as SmscTrace);
      const second = runSentral(['smsc-sim'], env);
      smsc = second;
      await second.printed(/listening on port/);
      const byState = await settledAgainst(ids, async () => {
        // Settled in the database can be ahead of reading the sim's pipe: stop it and read everything it printed.
        await second.stop('SIGKILL');
        await second.closed;
        for (const l of submitLines(second)) count.onTrace(JSON.parse(l) as SmscTrace);
        return count.submits;
      });
      expect((byState.sent ?? 0) + (byState.delivered ?? 0)).toBeGreaterThan(130);
      expect(count.total()).toBeLessThanOrEqual(ids.size);
    } finally {
      await messaging.stop();
      await smsc.stop('SIGKILL');
    }
  }, 120_000);

  it('the sender killed with SIGKILL and started again: nothing twice, nothing lost', async () => {
    const count = counter();
    const sim = await startSmscSim({ host: '127.0.0.1', port: 0, systemId: 'kill', password: 'kill1234', onTrace: count.onTrace });
    const env = {
      DATABASE_URL: database.url, NATS_URL: serviceUrls.nats, REDIS_URL: serviceUrls.redis, SENTRAL_PREFIX: uniquePrefix('smskill'),
      SENTRAL_SMPP_HOST: '127.0.0.1', SENTRAL_SMPP_PORT: String(sim.port), SENTRAL_SMPP_RATE: '300', SENTRAL_MESSAGING_LEASE_SECONDS: '2', ...CREDENTIALS,
    };
    const ids = await burst(200, 'sender-kill');
    let sender = runSentral(['messaging'], env);
    try {
      await eventually(() => count.total() >= 40, 30_000);
      sender.child.kill('SIGKILL');
      await sender.exited;
      const atKill = count.total();
      expect(atKill).toBeLessThan(ids.size);
      sender = runSentral(['messaging'], env);
      const byState = await settledAgainst(ids, () => count.submits);
      expect((byState.sent ?? 0) + (byState.delivered ?? 0)).toBeGreaterThan(atKill - 20);
    } finally {
      await sender.stop('SIGTERM');
      await sim.stop();
    }
  }, 120_000);
});
