import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerServer } from '../integration/stream-customer-server.js';
import { startCallsSystem, type CallsSystem, type Customer } from './calls-harness.js';

let sys: CallsSystem;
let customer: Customer;

beforeAll(async () => {
  sys = await startCallsSystem({ cluster: true });
  customer = await sys.customer({ balanceOre: 5_000 });
});
afterAll(async () => sys?.close());

describe('calls in cluster mode (NATS JetStream mailboxes and media control, Redis counters)', () => {
  it('an answered call hung up by the API: events in order, and the balance drawn to the øre', async () => {
    const before = await customer.balance();
    const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 2 }, { 'idempotency-key': 'cluster-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === res.body.id);
    const hung = await sys.request(customer.key, 'POST', `/v1/calls/${res.body.id}/hangup`);
    expect(hung.body).toMatchObject({ state: 'ended', endReason: 'hangup_api' });
    const ended = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === res.body.id);
    expect(customer.callEvents(res.body.id).map((e) => e.type).filter((t) => t !== 'call.ringing')).toEqual(['call.answered', 'call.participant.joined', 'call.participant.left', 'call.ended']);
    expect(ended.data).toMatchObject({ priceOre: 25, countedMinutes: 1 });
    expect(await customer.balance()).toBe(before - 25);
  });

  it('a cold transfer through the NATS mailboxes: the target (an echo phone) answers, call.transfer.completed, its leg priced as an outbound minute', async () => {
    const before = await customer.balance();
    const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 2 }, { 'idempotency-key': 'cluster-transfer' });
    await customer.nextEvent((e) => e.type === 'call.answered' && e.data.callId === res.body.id);
    const started = await sys.request(customer.key, 'POST', `/v1/calls/${res.body.id}/transfer`, { to: '+442079460008' }, { 'idempotency-key': 'cluster-transfer-1' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    await customer.nextEvent((e) => e.type === 'call.transfer.completed' && e.data.callId === res.body.id);
    await sys.request(customer.key, 'POST', `/v1/calls/${res.body.id}/hangup`);
    const ended = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === res.body.id);
    expect(ended.data.priceItems).toContainEqual(expect.objectContaining({ item: 'phone', id: started.body.target.id, minutes: 1 }));
    expect(await customer.balance()).toBe(before - ended.data.priceOre);
  });

  it('a company has at most 5 streams at once: the sixth is 429 stream_concurrency_limit, and a stopped one frees a slot', async () => {
    const options = { secret: '', now: () => Date.now() };
    const server = await CustomerServer.start(options);
    try {
      const endpoint = await sys.request(customer.key, 'POST', '/v1/webhook-endpoints', { url: server.url, events: ['sms.status'] }, { 'idempotency-key': 'stream-ep' });
      options.secret = endpoint.body.secret;
      const open = async (i: number) =>
        sys.request(customer.key, 'POST', '/v1/calls', {
          profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 1, stream: { endpointId: endpoint.body.id },
        }, { 'idempotency-key': `streamed-${i}` });
      const five = await Promise.all([1, 2, 3, 4, 5].map(open));
      expect(five.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      const sixth = await open(6);
      expect([sixth.status, sixth.body.error.code]).toEqual([429, 'stream_concurrency_limit']);
      await sys.request(customer.key, 'POST', `/v1/calls/${five[0]!.body.id}/hangup`);
      await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === five[0]!.body.id);
      // The slot comes back once the worker has handled the end (after the event was recorded).
      let seventh = await open(7);
      for (let i = 0; seventh.status === 429 && i < 20; i++) seventh = await open(7 + i + 1);
      expect(seventh.status).toBe(201);
      await Promise.all([...five.slice(1), seventh].map((r) => sys.request(customer.key, 'POST', `/v1/calls/${r.body.id}/hangup`)));
    } finally {
      await server.close();
    }
  });
});
