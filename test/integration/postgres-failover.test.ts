import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badAnswers, startFailoverCluster, type FailoverCluster } from '../ha/postgres-failover-cluster.js';
import { eventually } from '../support/eventually.js';

// The short PostgreSQL failover (the whole scenario is test/ha/cluster-scenario.test.ts, `npm run test:ha`): an
// api, a worker and a media node on a primary with a synchronous standby, one multi-host DATABASE_URL; the
// primary is killed while a customer writes contacts, sends SMS (test key: the simulated network delivers
// them a second later) and tells a call to `say`, then the standby promoted.
describe('PostgreSQL failover: the primary dies, the standby is promoted', () => {
  let c: FailoverCluster;

  beforeAll(async () => {
    c = await startFailoverCluster({ synchronous: true });
  }, 90_000);

  afterAll(async () => {
    await c?.close();
  }, 30_000);

  it('answers 503 with Retry-After in between (never 500, never past 5 s), works again after the promotion, and loses nothing it acknowledged', async () => {
    const callId = await c.placeCall('failover-call');
    const acknowledged: string[] = [];
    const accepted: string[] = [];
    let running = true;
    let n = 0;
    const writes = (async () => {
      while (running) {
        const i = ++n;
        const answer = await c.request('POST', '/v1/contacts', { profileId: c.customer.profileId, name: `Failover ${i}`, email: `failover${i}@example.com` }, { 'idempotency-key': `failover-contact-${i}` }, 'contact');
        if (answer.status === 201) acknowledged.push(answer.body.id);
      }
    })();
    const sms = (async () => {
      while (running) {
        const body = { profileId: c.customer.profileId, from: c.customer.number, to: '+442079460101', text: `Failover ${++n}` };
        const answer = await c.request('POST', '/v1/sms', body, { 'idempotency-key': `failover-sms-${n}` }, 'sms', c.customer.testKey);
        if (answer.status === 201) accepted.push(answer.body.id);
      }
    })();
    const says = (async () => {
      while (running) await c.request('POST', `/v1/calls/${callId}/say`, { text: 'Still here.' }, { 'idempotency-key': `failover-say-${++n}` }, 'say');
    })();
    const after = (at: number, what: string, ok: (status: number) => boolean) => () => c.answers.some((a) => a.at >= at && a.what === what && ok(a.status));

    try {
      await eventually(after(0, 'contact', (s) => s === 201), 10_000);
      await eventually(after(0, 'say', (s) => s === 201), 10_000);
      await eventually(after(0, 'sms', (s) => s === 201), 10_000);
      const killedAt = Date.now();
      await c.pair.killPrimary();
      // Both kinds of request have met the outage before the standby takes over.
      await eventually(after(killedAt, 'contact', (s) => s === 503), 10_000);
      await eventually(after(killedAt, 'say', (s) => s === 503), 10_000);
      const promotedAt = Date.now();
      await c.pair.promoteStandby();
      await eventually(after(promotedAt, 'contact', (s) => s === 201), 15_000);
      await eventually(after(promotedAt, 'say', (s) => s === 201), 15_000);
      await eventually(after(promotedAt, 'sms', (s) => s === 201), 15_000);
    } finally {
      running = false;
      await Promise.all([writes, sms, says]);
    }

    expect(badAnswers(c.answers)).toEqual([]);
    expect(c.answers.filter((a) => a.ms > 5_000).map((a) => `${a.what} ${a.status} ${Math.round(a.ms)} ms`)).toEqual([]);
    expect(c.answers.some((a) => a.status === 503 && a.retryAfter !== null)).toBe(true);
    // Every contact acknowledged with 201, before or after the promotion, is on the new primary.
    for (const id of acknowledged) expect((await c.request('GET', `/v1/contacts/${id}`)).status).toBe(200);
    // Every SMS accepted is delivered: a carrier's answer or receipt that came while nothing took writes
    // was recorded once the new primary did, not dropped (nor left to end as outcome_unknown).
    const state = async (id: string) => (await c.request('GET', `/v1/sms/${id}`, undefined, {}, 'read sms', c.customer.testKey)).body?.state;
    for (const id of accepted) await eventually(async () => (await state(id)) === 'delivered', 15_000);
    // The call goes on under the new primary and ends when told to.
    const hangup = await c.request('POST', `/v1/calls/${callId}/hangup`, {}, { 'idempotency-key': 'failover-hangup' });
    expect(hangup.status).toBeLessThan(300);
    await eventually(async () => (await c.request('GET', `/v1/calls/${callId}`)).body?.state === 'ended', 10_000);
  }, 90_000);
});
