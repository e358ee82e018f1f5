import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSentral, type SentralProcess } from '../support/sentral-process.js';
import { startCallsSystem, type CallsSystem, type Customer } from './calls-harness.js';

let sys: CallsSystem;
let customer: Customer;
const workers: SentralProcess[] = [];

beforeAll(async () => {
  sys = await startCallsSystem({ cluster: true, inProcessWorker: false });
  customer = await sys.customer({ balanceOre: 5_000 });
});
afterAll(async () => {
  for (const w of workers) await w.stop('SIGKILL');
  await sys?.close();
});

/** Starts `sentral worker` joining the installation; resolves once it has started `partitions` partitions. */
async function startWorker(name: string, partitions: number): Promise<SentralProcess> {
  const proc = runSentral(['worker'], { ...sys.env, SENTRAL_NODE_ID: name, SENTRAL_LOG_LEVEL: 'info' });
  workers.push(proc);
  if (partitions > 0) {
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if ((proc.output().match(/"msg":"partition started"/g) ?? []).length >= partitions) resolve();
      };
      proc.child.stdout!.on('data', check);
      void proc.exited.then(() => reject(new Error(`worker ${name} exited:\n${proc.output().slice(-2000)}`)));
      check();
    });
  }
  return proc;
}

describe('a worker killed with kill -9 in the middle of a call', () => {
  it('another worker takes the call over: the call goes on, hangs up, and is charged once, to the øre', async () => {
    const first = await startWorker('worker_a', 8);
    const before = await customer.balance();
    const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+447700900001', from: customer.number, maxMinutes: 3 }, { 'idempotency-key': 'failover-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === res.body.id);

    await startWorker('worker_b', 0);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    // The survivor gains the partitions once the dead worker's leases expire (10 s); until then the
    // call cannot answer, and a retry with the same Idempotency-Key is what a client does.
    let hung = await sys.request(customer.key, 'POST', `/v1/calls/${res.body.id}/hangup`, undefined, { 'idempotency-key': 'failover-hangup' });
    for (let i = 0; hung.status === 503 && i < 5; i++) {
      hung = await sys.request(customer.key, 'POST', `/v1/calls/${res.body.id}/hangup`, undefined, { 'idempotency-key': 'failover-hangup' });
    }
    expect(hung.status, JSON.stringify(hung.body)).toBe(200);
    expect(hung.body).toMatchObject({ state: 'ended', endReason: 'hangup_api' });
    const ended = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === res.body.id, 30_000);
    expect(customer.callEvents(res.body.id).filter((e) => e.type === 'call.ended')).toHaveLength(1);
    expect(ended.data.duration).toBeGreaterThanOrEqual(9);
    expect(ended.data).toMatchObject({ reason: 'hangup_api', countedMinutes: 1, priceOre: 25 });
    expect(await customer.balance()).toBe(before - 25);
  }, 60_000);
});
