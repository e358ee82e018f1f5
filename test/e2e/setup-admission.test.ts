/**
 * Setup admission through the real API (control/calls/requests/setup-admission.ts), with small limits
 * (SENTRAL_SETUPS_IN_FLIGHT 4, SENTRAL_SETUPS_PER_COMPANY 2) and no worker: an admitted setup holds its slot
 * until its actor answers, which here is never (it ends 503 actor_unavailable after the actor wait), so
 * exactly the admitted requests stay in flight and the refusals are decided by the limits, not by timing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCallsSystem, type CallsSystem, type Customer } from './calls-harness.js';

let sys: CallsSystem;
beforeAll(async () => {
  sys = await startCallsSystem({ inProcessWorker: false, env: { SENTRAL_SETUPS_IN_FLIGHT: '4', SENTRAL_SETUPS_PER_COMPANY: '2' } });
});
afterAll(async () => sys?.close());

interface Answer {
  key: string;
  status: number;
  code: string | undefined;
  retryAfter: string | null;
}

/** POST /v1/calls with a live key (so an admitted setup reserves money), answered as status, error code and Retry-After. */
async function setup(customer: Customer, key: string): Promise<Answer> {
  const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 3 }, { 'idempotency-key': key });
  return { key, status: res.status, code: res.body?.error?.code, retryAfter: res.headers.get('retry-after') };
}

/** The first `n` of `answers` to arrive, in arrival order. */
function firstArrivals<T>(answers: Promise<T>[], n: number): Promise<T[]> {
  const arrived: T[] = [];
  return new Promise((resolve, reject) => {
    for (const answer of answers) {
      answer.then((a) => {
        arrived.push(a);
        if (arrived.length === n) resolve([...arrived]);
      }, reject);
    }
  });
}

describe('call setup admission through the API', () => {
  it('a burst beyond the company limit is refused 503 overloaded with Retry-After at once, another company still gets in, and a refusal leaves nothing behind', async () => {
    const burst = await sys.customer();
    const other = await sys.customer();
    // Sent in the same moment: six of one company's, two of another's.
    const burstAnswers = Array.from({ length: 6 }, (_, i) => setup(burst, `burst-${i}`));
    const otherAnswers = [setup(other, 'other-0'), setup(other, 'other-1')];
    const all = [...burstAnswers, ...otherAnswers];

    // The four beyond the burst's two slots are the first answers, before any admitted setup ends.
    const refused = await firstArrivals(all, 4);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 503, code: 'overloaded', retryAfter: '1' });
      expect(answer.key).toMatch(/^burst-/);
    }

    // The admitted ones (two of the burst, both of the other company) reached the actor: the 503 they end
    // with is the actor's (no worker here), never a refusal.
    const answers = await Promise.all(all);
    const admitted = answers.filter((a) => !refused.includes(a));
    expect(admitted.map((a) => a.key).filter((k) => k.startsWith('burst-'))).toHaveLength(2);
    expect(admitted.map((a) => a.key).filter((k) => k.startsWith('other-')).sort()).toEqual(['other-0', 'other-1']);
    for (const answer of admitted) expect(answer).toMatchObject({ status: 503, code: 'actor_unavailable' });

    // Nothing half-made: a call row and a reservation for each admitted setup, none for a refused one.
    const { sql } = sys.services;
    for (const [customer, expected] of [[burst, 2], [other, 2]] as const) {
      const calls = await sql<{ id: string }[]>`select id from calls where company_id = ${customer.companyId}`;
      expect(calls, customer.companyId).toHaveLength(expected);
      const reserved = await sql<{ reference: string }[]>`select distinct reference from reservations where company_id = ${customer.companyId}`;
      expect(reserved.map((r) => r.reference).sort()).toEqual(calls.map((c) => c.id).sort());
    }

    // The slots are given back: a refused request sent again is admitted (and ends as the admitted ones did).
    expect(await setup(burst, refused[0]!.key)).toMatchObject({ status: 503, code: 'actor_unavailable' });
    const calls = await sql`select id from calls where company_id = ${burst.companyId}`;
    expect(calls).toHaveLength(3);
  });
});
