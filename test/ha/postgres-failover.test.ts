import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badAnswers, startFailoverCluster, type FailoverCluster } from './postgres-failover-cluster.js';
import { eventually } from '../support/eventually.js';

// The long PostgreSQL failover (`npm run test:ha`; the short one runs in `npm test`): an api, two workers,
// a media node and messaging on a primary with a synchronous standby; calls told to `say`, contacts written
// and SMS sent (test key) all along; the primary crashes, stays away OUTAGE_MS, then the standby is promoted. Judged by what the load
// saw, and by what the new primary holds afterwards. The figures are printed (docs/reliability.md).
const CALLS = 4;
/** How long nothing takes writes: the primary is dead and the standby not yet promoted (an operator's or Patroni's reaction time). */
const OUTAGE_MS = 5_000;
const DEADLINE_MS = 5_000;
const RECOVERY_MS = 15_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL failover under load', () => {
  let c: FailoverCluster;

  beforeAll(async () => {
    c = await startFailoverCluster({ synchronous: true, workers: 2 });
  }, 120_000);

  afterAll(async () => {
    await c?.close();
  }, 60_000);

  it(`the primary crashes, ${OUTAGE_MS / 1000} s later the standby is promoted: no 500, no answer past ${DEADLINE_MS / 1000} s, calls answer within ${RECOVERY_MS / 1000} s of the promotion, nothing acknowledged lost, money exact`, async () => {
    const initialBalance = (await c.admin('GET', `/admin/v1/companies/${c.customer.companyId}`)).body.balanceOre as number;
    const calls: string[] = [];
    for (let i = 0; i < CALLS; i++) calls.push(await c.placeCall(`ha-call-${i}`));
    const acknowledged: string[] = [];
    const accepted: string[] = [];
    let running = true;
    let n = 0;
    const loops = [
      (async () => {
        while (running) {
          const i = ++n;
          const answer = await c.request('POST', '/v1/contacts', { profileId: c.customer.profileId, name: `HA ${i}`, email: `ha${i}@example.com` }, { 'idempotency-key': `ha-contact-${i}` }, 'contact');
          if (answer.status === 201) acknowledged.push(answer.body.id);
        }
      })(),
      (async () => {
        while (running) {
          const body = { profileId: c.customer.profileId, from: c.customer.number, to: '+442079460101', text: `HA ${++n}` };
          const answer = await c.request('POST', '/v1/sms', body, { 'idempotency-key': `ha-sms-${n}` }, 'sms', c.customer.testKey);
          if (answer.status === 201) accepted.push(answer.body.id);
        }
      })(),
      ...calls.map((callId) =>
        (async () => {
          while (running) {
            const tick = pause(500);
            await c.request('POST', `/v1/calls/${callId}/say`, { text: 'Still here.' }, { 'idempotency-key': `ha-say-${++n}` }, `say ${callId}`);
            await tick;
          }
        })(),
      ),
    ];
    const okAfter = (at: number, what: string) => () => c.answers.some((a) => a.at >= at && a.what === what && a.status >= 200 && a.status < 300);
    let killedAt = 0;
    let promotedAt = 0;
    const recovered = new Map<string, number>();
    try {
      for (const callId of calls) await eventually(okAfter(0, `say ${callId}`), 15_000);
      killedAt = Date.now();
      await c.pair.killPrimary();
      await pause(OUTAGE_MS);
      promotedAt = Date.now();
      await c.pair.promoteStandby();
      for (const what of ['contact', 'sms', ...calls.map((id) => `say ${id}`)]) {
        await eventually(okAfter(promotedAt, what), RECOVERY_MS + 5_000);
        recovered.set(what, c.answers.find((a) => a.at >= promotedAt && a.what === what && a.status < 300)!.at);
      }
      await pause(3_000);
    } finally {
      running = false;
      await Promise.all(loops);
    }

    const window = c.answers.filter((a) => a.at >= killedAt);
    const recoveryMs = Math.max(...[...recovered.values()].map((at) => at - promotedAt));
    console.table([{
      requests: window.length,
      answered503: window.filter((a) => a.status === 503).length,
      answered500: window.filter((a) => a.status >= 500 && a.status !== 503).length,
      unanswered: window.filter((a) => a.status === 0).length,
      slowestMs: Math.round(Math.max(...window.map((a) => a.ms))),
      outageMs: promotedAt - killedAt,
      recoveryAfterPromotionMs: recoveryMs,
      acknowledgedContacts: acknowledged.length,
      acceptedSms: accepted.length,
    }]);
    expect(badAnswers(c.answers)).toEqual([]);
    expect(c.answers.filter((a) => a.ms > DEADLINE_MS).map((a) => `${a.what} ${a.status} ${Math.round(a.ms)} ms`)).toEqual([]);
    expect(recoveryMs).toBeLessThan(RECOVERY_MS);
    for (const id of acknowledged) expect((await c.request('GET', `/v1/contacts/${id}`)).status).toBe(200);
    const smsState = async (id: string) => (await c.request('GET', `/v1/sms/${id}`, undefined, {}, 'read sms', c.customer.testKey)).body?.state;
    for (const id of accepted) await eventually(async () => (await smsState(id)) === 'delivered', 15_000);

    // Every call ends when told to, and the balance drawn is exactly what the calls cost.
    for (const callId of calls) {
      const hangup = await c.request('POST', `/v1/calls/${callId}/hangup`, {}, { 'idempotency-key': `ha-hangup-${callId}` });
      expect(hangup.status).toBeLessThan(300);
    }
    const prices: number[] = [];
    for (const callId of calls) {
      await eventually(async () => (await c.request('GET', `/v1/calls/${callId}`)).body?.state === 'ended', 15_000);
      prices.push((await c.request('GET', `/v1/calls/${callId}`)).body.priceOre as number);
    }
    const balance = (await c.admin('GET', `/admin/v1/companies/${c.customer.companyId}`)).body.balanceOre as number;
    expect(initialBalance - balance).toBe(prices.reduce((sum, p) => sum + p, 0));
  }, 180_000);
});
