import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundOffered } from '../../protocol/carrier/inbound-offer.js';
import { takeInboundOffer } from '../../control/calls/requests/inbound-calls.js';
import { MediaNodePicker } from '../../control/calls/requests/media-node-picker.js';
import { SHAPES, startCallsSystem, type CallsSystem, type Customer, type ReceivedEvent } from './calls-harness.js';

let sys: CallsSystem;
let customer: Customer;
let numberId: string;
let seq = 0;

const key = (): Record<string, string> => ({ 'idempotency-key': `inbound-${++seq}` });
const ended = (callId: string) => customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === callId);

/** Sets the number's inbound settings. */
async function settings(body: Record<string, unknown>): Promise<void> {
  const res = await sys.admin('PATCH', `/admin/v1/numbers/${numberId}`, { assignedTo: 'seller-7', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Defines a simulated caller and has it call the customer's number; resolves with call.incoming (or null for routing numbers). */
async function simCall(script: unknown[], from: string): Promise<void> {
  const phone = await sys.admin('POST', '/admin/v1/sim/phones', { number: from, script });
  expect(phone.status, JSON.stringify(phone.body)).toBe(201);
  const offered = await sys.admin('POST', '/admin/v1/sim/calls', { from, to: customer.number });
  expect(offered.status, JSON.stringify(offered.body)).toBe(202);
}

async function incoming(from: string): Promise<ReceivedEvent> {
  return customer.nextEvent((e) => e.type === 'call.incoming' && e.data.from === from);
}

const post = (callId: string, action: string, body?: unknown) => sys.request(customer.key, 'POST', `/v1/calls/${callId}/${action}`, body, key());

// Every test runs in both shapes: standalone (in-process bus) and cluster (NATS JetStream and Redis).
describe.each(SHAPES)('%s', (shape) => {
  beforeAll(async () => {
    sys = await startCallsSystem({ cluster: shape === 'cluster' });
    customer = await sys.customer({ balanceOre: 10_000 });
    const numbers = await sys.admin('GET', `/admin/v1/numbers?companyId=${customer.companyId}`);
    numberId = numbers.body.data[0].id;
  });
  afterAll(async () => sys?.close());

  describe('inbound calls on an inboundMode: api number', () => {
    it('decision before decideBy: call.incoming, answer, the caller hears the waiting tone (and hangs up on hearing it); billed at the inbound price', async () => {
      await settings({ inboundMode: 'api', decideWithinSeconds: 30, routing: null });
      const before = await customer.balance();
      // The caller waits for audio once answered, then hangs up: it only does so if the waiting tone reaches it.
      await simCall([{ step: 'waitForAudio' }, { step: 'wait', ms: 500 }, { step: 'hangup' }], '+442079460501');
      const inc = await incoming('+442079460501');
      expect(inc.data).toMatchObject({ to: customer.number, numberId, assignedTo: 'seller-7' });
      expect(Date.parse(inc.data.decideBy)).toBeGreaterThan(Date.now() + 20_000);
      const callId = inc.data.callId as string;
      const read = await sys.request(customer.key, 'GET', `/v1/calls/${callId}`);
      expect(read.body).toMatchObject({ direction: 'inbound', state: 'ringing', from: '+442079460501', to: customer.number, numberId, assignedTo: 'seller-7', decideBy: inc.data.decideBy });
      const answered = await post(callId, 'answer');
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      const end = await ended(callId);
      expect(end.data).toMatchObject({ reason: 'hangup_phone', countedMinutes: 1, priceOre: 15, assignedTo: 'seller-7' });
      expect(customer.callEvents(callId).map((e) => e.type)).toEqual(['call.incoming', 'call.answered', 'call.participant.joined', 'call.participant.left', 'call.ended']);
      expect(await customer.balance()).toBe(before - 15);
      // A decision after the end is call_ended.
      expect((await post(callId, 'reject')).body.error.code).toBe('call_ended');
    });

    it('answer then say: the waiting tone ends and the text is read to the caller', async () => {
      await settings({ inboundMode: 'api', decideWithinSeconds: 30, routing: null });
      await simCall([{ step: 'echo' }], '+442079460502');
      const callId = (await incoming('+442079460502')).data.callId as string;
      expect((await post(callId, 'answer')).status).toBe(200);
      await customer.nextEvent((e) => e.type === 'call.answered' && e.data.callId === callId);
      const said = await post(callId, 'say', { text: 'Thanks for waiting.' });
      expect(said.status, JSON.stringify(said.body)).toBe(201);
      await customer.nextEvent((e) => e.type === 'call.command.completed' && e.data.commandId === said.body.id);
      expect((await post(callId, 'answer')).body.error.code).toBe('call_already_decided');
      expect((await post(callId, 'hangup')).body).toMatchObject({ state: 'ended', endReason: 'hangup_api' });
      await ended(callId);
    });

    it('reject: the call ends unanswered and nothing is charged, to the øre', async () => {
      await settings({ inboundMode: 'api', decideWithinSeconds: 30, routing: null });
      const before = await customer.balance();
      await simCall([{ step: 'say', text: 'Hello?' }], '+442079460503');
      const callId = (await incoming('+442079460503')).data.callId as string;
      const rejected = await post(callId, 'reject');
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      expect(rejected.body).toMatchObject({ state: 'ended', endReason: 'rejected', priceOre: 0 });
      expect((await ended(callId)).data).toMatchObject({ reason: 'rejected', priceOre: 0, countedMinutes: 0, duration: 0 });
      expect(await customer.balance()).toBe(before);
    });

    it('no decision: the routing (a message) runs once at decideBy, a later action is call_already_routed', async () => {
      await settings({ inboundMode: 'api', decideWithinSeconds: 1, routing: { type: 'message', text: 'We are closed.' } });
      await simCall([{ step: 'wait', ms: 60_000 }], '+442079460504');
      const callId = (await incoming('+442079460504')).data.callId as string;
      await customer.nextEvent((e) => e.type === 'call.answered' && e.data.callId === callId);
      const late = await post(callId, 'answer');
      expect(late.status).toBe(409);
      expect(late.body.error.code).toBe('call_already_routed');
      const end = await ended(callId);
      expect(end.data).toMatchObject({ reason: 'routing_ended', countedMinutes: 1, priceOre: 15 });
      const types = customer.callEvents(callId).map((e) => e.type);
      expect(types.filter((t) => t === 'call.answered')).toHaveLength(1);
      expect(types.filter((t) => t === 'call.playback.ended')).toHaveLength(1);
    });

    it('a decision after the routing ran is call_already_routed even once the routed call has ended', async () => {
      await settings({ inboundMode: 'api', decideWithinSeconds: 1, routing: { type: 'message', text: 'We are closed.' } });
      await simCall([{ step: 'wait', ms: 60_000 }], '+442079460541');
      const callId = (await incoming('+442079460541')).data.callId as string;
      expect((await ended(callId)).data).toMatchObject({ reason: 'routing_ended' });
      for (const [action, body] of [['answer'], ['reject'], ['participants', { participant: { kind: 'app' } }], ['offers', { targets: [{ kind: 'app' }] }], ['move', { queue: 'support' }]] as const) {
        const late = await post(callId, action, body);
        expect([action, late.status, late.body.error?.code]).toEqual([action, 409, 'call_already_routed']);
      }
      // Not a decision: other actions on the ended call are call_ended as before.
      expect((await post(callId, 'say', { text: 'Hi' })).body.error.code).toBe('call_ended');
    });

    it('two decisions racing: exactly one wins', async () => {
      await settings({ inboundMode: 'api', decideWithinSeconds: 30, routing: null });
      await simCall([{ step: 'wait', ms: 60_000 }], '+442079460505');
      const callId = (await incoming('+442079460505')).data.callId as string;
      const [a, b] = await Promise.all([post(callId, 'answer'), post(callId, 'reject')]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(['call_already_decided', 'call_ended']).toContain(loser.body.error.code);
      if (b.status === 200) expect((await ended(callId)).data).toMatchObject({ reason: 'rejected', priceOre: 0 });
      else await post(callId, 'hangup');
      await ended(callId);
    });

    it('a redelivered offer is the same call: one actor, one call.incoming', async () => {
      await settings({ inboundMode: 'api', decideWithinSeconds: 30, routing: null });
      expect((await sys.admin('POST', '/admin/v1/sim/phones', { number: '+442079460506', script: [{ step: 'wait', ms: 60_000 }] })).status).toBe(201);
      const { bus, sql, clock, log, config } = sys.services;
      const deps = { sql, clock, log, actors: { bus, clock, partitions: config.partitions }, picker: new MediaNodePicker(bus, clock) };
      const offer: InboundOffered = {
        id: 'sim_redelivered0000000000000', carrier: 'sim', from: '+442079460506', to: customer.number, numberId, companyId: customer.companyId, profileId: customer.profileId, offeredAt: new Date().toISOString(),
      };
      const first = await takeInboundOffer(deps, offer);
      const again = await takeInboundOffer(deps, offer);
      expect(again).toEqual(first);
      const callId = (first as { callId: string }).callId;
      await incoming('+442079460506');
      expect((await post(callId, 'reject')).status).toBe(200);
      await ended(callId);
      expect(customer.callEvents(callId).filter((e) => e.type === 'call.incoming')).toHaveLength(1);
    });

    it('an outbound call takes no inbound decision', async () => {
      const outbound = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 1 }, key());
      expect(outbound.body.direction).toBe('outbound');
      expect((await post(outbound.body.id, 'answer')).body.error.code).toBe('call_not_inbound');
      await post(outbound.body.id, 'hangup');
    });
  });

  describe('a test number', () => {
    it('rented with a test key, it receives calls from the simulated network as test calls: free, with what live would cost', async () => {
      const tester = await sys.customer({ mode: 'test' });
      const rented = await sys.request(tester.key, 'POST', '/v1/numbers', { profileId: tester.profileId, type: 'phone', inboundMode: 'api', decideWithinSeconds: 30 }, key());
      expect(rented.status, JSON.stringify(rented.body)).toBe(201);
      expect(rented.body).toMatchObject({ mode: 'test', number: expect.stringMatching(/^\+441632960/) });
      const before = await tester.balance();
      const offered = await sys.admin('POST', '/admin/v1/sim/calls', { from: '+442079460001', to: rented.body.number });
      expect(offered.status, JSON.stringify(offered.body)).toBe(202);
      const inc = await tester.nextEvent((e) => e.type === 'call.incoming' && e.data.to === rented.body.number);
      expect(inc.data).toMatchObject({ mode: 'test', numberId: rented.body.id });
      const callId = inc.data.callId as string;
      expect((await sys.request(customer.key, 'GET', `/v1/calls/${callId}`)).status).toBe(404);
      expect((await sys.request(tester.key, 'POST', `/v1/calls/${callId}/answer`, undefined, key())).status).toBe(200);
      await tester.nextEvent((e) => e.type === 'call.answered' && e.data.callId === callId);
      await sys.request(tester.key, 'POST', `/v1/calls/${callId}/hangup`, undefined, key());
      const end = await tester.nextEvent((e) => e.type === 'call.ended' && e.data.callId === callId);
      expect(end.data).toMatchObject({ mode: 'test', countedMinutes: 1, priceOre: 0, wouldCostOre: 15 });
      expect(await tester.balance()).toBe(before);
      // A live key of the same company (made by its test key) may not call from the test number.
      const liveKey = await sys.request(tester.key, 'POST', '/v1/api-keys', { name: 'live', mode: 'live', scopes: ['calls:write'] });
      expect(liveKey.status, JSON.stringify(liveKey.body)).toBe(201);
      const live = await sys.request(liveKey.body.key, 'POST', '/v1/calls', { profileId: tester.profileId, to: '+442079460001', from: rented.body.number }, key());
      expect([live.status, live.body.error?.code, live.body.error?.param]).toEqual([403, 'live_number_required', 'from']);
    });
  });

  describe('hostile input on the decision routes', () => {
    it('answer and reject refuse bodies they do not take, and unknown calls are not found', async () => {
      const nope = await post('call_00000000000000000000000000', 'answer');
      expect(nope.status).toBe(404);
      const nul = await sys.request(customer.key, 'POST', '/v1/calls/call_\u0000/reject', undefined, key());
      expect(nul.status).toBeGreaterThanOrEqual(400);
      expect(nul.status).toBeLessThan(500);
      const deep = await sys.request(customer.key, 'POST', '/v1/calls/call_x/answer', JSON.parse('['.repeat(500) + ']'.repeat(500)), key());
      expect(deep.status).toBe(400);
      const staff = await sys.request(customer.key, 'POST', '/v1/calls/call_x/participants', { participant: { kind: 'staff', externalRef: '\ud800' } }, key());
      expect(staff.status).toBe(400);
      const agent = await sys.request(customer.key, 'POST', '/v1/calls/call_x/participants', { participant: { kind: 'ai_agent', maxMinutes: 1e9 } }, key());
      expect(agent.status).toBe(400);
    });
  });
});
