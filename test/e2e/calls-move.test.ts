import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sine } from '../../shared/audio/tones.js';
import { RoomClient, hears } from '../integration/media-harness.js';
import { SHAPES, startCallsSystem, type CallsSystem, type Customer } from './calls-harness.js';

let sys: CallsSystem;
let customer: Customer;
let seq = 0;

const key = (): Record<string, string> => ({ 'idempotency-key': `move-${++seq}` });
const ended = (callId: string) => customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === callId);
const post = (path: string, body?: unknown) => sys.request(customer.key, 'POST', path, body, key());
const get = (path: string) => sys.request(customer.key, 'GET', path);

/** A simulated caller that repeats what it hears calls the customer's number; resolves with its call's id. */
async function echoCaller(from: string): Promise<string> {
  expect((await sys.admin('POST', '/admin/v1/sim/phones', { number: from, script: [{ step: 'echo' }] })).status).toBe(201);
  expect((await sys.admin('POST', '/admin/v1/sim/calls', { from, to: customer.number })).status).toBe(202);
  return (await customer.nextEvent((e) => e.type === 'call.incoming' && e.data.from === from)).data.callId as string;
}

/** An app-only call of two app users (connected) talking tones of `hz[0]` and `hz[1]`. */
async function roomOfTwo(hz: [number, number]): Promise<{ id: string; clients: RoomClient[] }> {
  const res = await post('/v1/calls', { profileId: customer.profileId, maxMinutes: 5, participants: [{ kind: 'app', externalRef: 'alice' }, { kind: 'app', externalRef: 'bob' }] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const clients = res.body.participants.map((p: any) => new RoomClient(`${p.connection.url}?token=${p.connection.token}`)) as RoomClient[];
  await Promise.all(clients.map((c) => c.message('joined')));
  clients.forEach((c, i) => c.talk(sine(hz[i]!, 30_000, 16000, 8000)));
  // Each hears the other's tone: frames flow both ways.
  await Promise.all([clients[0]!.until(() => hears(clients[0]!, hz[1])), clients[1]!.until(() => hears(clients[1]!, hz[0]))]);
  return { id: res.body.id as string, clients };
}

// Every test runs in both shapes: standalone (in-process bus) and cluster (NATS JetStream and Redis).
describe.each(SHAPES)('%s', (shape) => {
  beforeAll(async () => {
    sys = await startCallsSystem({ cluster: shape === 'cluster' });
    customer = await sys.customer({ balanceOre: 10_000 });
    const numbers = await sys.admin('GET', `/admin/v1/numbers?companyId=${customer.companyId}`);
    const res = await sys.admin('PATCH', `/admin/v1/numbers/${numbers.body.data[0].id}`, { inboundMode: 'api', decideWithinSeconds: 60, routing: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
  afterAll(async () => sys?.close());

  describe('move', () => {
    it('moves a ringing caller into a conference: the two in it hear the caller and the caller hears them; the conference ending ends the caller\'s call', async () => {
      const before = await customer.balance();
      const room = await roomOfTwo([440, 700]);
      const [alice, bob] = room.clients as [RoomClient, RoomClient];
      // Nobody repeats alice's tone back to her yet: she hears only bob.
      expect(hears(alice, 440)).toBe(false);
      const callId = await echoCaller('+442079460601');
      const moved = await post(`/v1/calls/${callId}/move`, { callId: room.id });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body).toMatchObject({ id: callId, movedInto: room.id, queue: null });
      // The caller repeats what it hears from the conference: alice and bob each hear their own tone again,
      // which only the caller's audio can carry.
      await Promise.all([alice.until(() => hears(alice, 440)), bob.until(() => hears(bob, 700))]);
      // The room tells its clients a caller joined (kind call), not a bot.
      await alice.until(() => alice.messages.some((m) => m.type === 'participant' && m.kind === 'call' && m.event === 'joined'));
      // The media plane may tell the room before the call's record changes: the event says it is recorded.
      await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === room.id && e.data.kind === 'call');
      const target = await get(`/v1/calls/${room.id}`);
      const mover = target.body.participants.find((p: any) => p.kind === 'call');
      expect(mover).toMatchObject({ kind: 'call', state: 'joined', to: '+442079460601', linkedCallId: callId, connection: null });
      // The caller's call hears of its link's connection on its own (the audio may come first).
      await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === callId && e.data.kind === 'call');
      expect((await get(`/v1/calls/${callId}`)).body.participants.find((p: any) => p.kind === 'call')).toMatchObject({ linkedCallId: room.id, state: 'joined' });
      // A second decision on the moved call is refused; moving it again would be allowed (move is also an action after one).
      expect((await post(`/v1/calls/${callId}/answer`)).body.error.code).toBe('call_already_decided');
      expect((await post(`/v1/calls/${room.id}/hangup`)).status).toBe(200);
      const end = await ended(callId);
      expect(end.data).toMatchObject({ reason: 'moved_call_ended', countedMinutes: 1, priceOre: 15 });
      const roomEnd = await ended(room.id);
      // The moved caller is free in the conference: its own call pays its minutes.
      expect(roomEnd.data.priceItems.map((i: any) => i.item)).toEqual(['call']);
      expect(await customer.balance()).toBe(before - 15 - roomEnd.data.priceOre);
      alice.close();
      bob.close();
    });

    it('refuses a move into the caller\'s own call, into a call that does not exist, and of an outbound call', async () => {
      const callId = await echoCaller('+442079460602');
      const self = await post(`/v1/calls/${callId}/move`, { callId });
      expect([self.status, self.body.error.code]).toEqual([422, 'move_target_invalid']);
      const missing = await post(`/v1/calls/${callId}/move`, { callId: 'call_doesnotexist' });
      expect([missing.status, missing.body.error.code, missing.body.error.param]).toEqual([404, 'not_found', 'callId']);
      const bad = await post(`/v1/calls/${callId}/move`, { queue: 'no spaces' });
      expect(bad.status).toBe(400);
      const room = await roomOfTwo([500, 900]);
      const outbound = await post(`/v1/calls/${room.id}/move`, { queue: 'support' });
      expect([outbound.status, outbound.body.error.code]).toEqual([409, 'call_not_inbound']);
      // The refusals decided nothing: the caller still rings, free.
      expect((await get(`/v1/calls/${callId}`)).body).toMatchObject({ state: 'ringing', answeredAt: null });
      expect((await post(`/v1/calls/${callId}/reject`)).body).toMatchObject({ endReason: 'rejected', priceOre: 0 });
      await post(`/v1/calls/${room.id}/hangup`);
      await Promise.all([ended(callId), ended(room.id)]);
      room.clients.forEach((c) => c.close());
    });
  });

  describe('queues', () => {
    it('a queued caller hears the hold audio: one that hangs up on hearing it leaves the queue, its call ended as a hang-up', async () => {
      const from = '+442079460615';
      expect((await sys.admin('POST', '/admin/v1/sim/phones', { number: from, script: [{ step: 'waitForAudio' }, { step: 'wait', ms: 200 }, { step: 'hangup' }] })).status).toBe(201);
      expect((await sys.admin('POST', '/admin/v1/sim/calls', { from, to: customer.number })).status).toBe(202);
      const callId = (await customer.nextEvent((e) => e.type === 'call.incoming' && e.data.from === from)).data.callId as string;
      expect((await post(`/v1/calls/${callId}/move`, { queue: 'lobby' })).status).toBe(200);
      expect((await ended(callId)).data).toMatchObject({ reason: 'hangup_phone', countedMinutes: 1 });
      expect((await get(`/v1/queues/lobby?profileId=${customer.profileId}`)).body).toMatchObject({ size: 0 });
    });

    it('queues two callers in arrival order on hold; dequeue takes the first into a conference, then the next; an empty queue is queue_empty', async () => {
      const first = await echoCaller('+442079460611');
      const second = await echoCaller('+442079460612');
      const q1 = await post(`/v1/calls/${first}/move`, { queue: 'support' });
      expect(q1.status, JSON.stringify(q1.body)).toBe(200);
      expect(q1.body).toMatchObject({ movedInto: null, queue: { name: 'support' } });
      expect(q1.body.participants[0]).toMatchObject({ kind: 'phone', held: true });
      expect((await post(`/v1/calls/${second}/move`, { queue: 'support' })).status).toBe(200);
      const queue = await get(`/v1/queues/support?profileId=${customer.profileId}`);
      expect(queue.status, JSON.stringify(queue.body)).toBe(200);
      expect(queue.body).toMatchObject({ object: 'queue', name: 'support', size: 2 });
      expect(queue.body.callers.map((c: any) => [c.callId, c.position, c.from])).toEqual([[first, 1, '+442079460611'], [second, 2, '+442079460612']]);
      expect((await get(`/v1/queues/sales?profileId=${customer.profileId}`)).body).toMatchObject({ size: 0, callers: [] });

      const room = await roomOfTwo([440, 700]);
      const [alice] = room.clients as [RoomClient, RoomClient];
      const taken = await post('/v1/queues/support/dequeue', { callId: room.id });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      expect(taken.body).toMatchObject({ id: first, movedInto: room.id, queue: null });
      expect(taken.body.participants[0]).toMatchObject({ kind: 'phone', held: false });
      // The first caller is off hold and in the conference: it repeats alice's tone back to her.
      await alice.until(() => hears(alice, 440));
      expect((await get(`/v1/queues/support?profileId=${customer.profileId}`)).body.callers.map((c: any) => [c.callId, c.position])).toEqual([[second, 1]]);

      const other = await roomOfTwo([500, 900]);
      const next = await post('/v1/queues/support/dequeue', { callId: other.id });
      expect(next.body).toMatchObject({ id: second, movedInto: other.id });
      await other.clients[0]!.until(() => hears(other.clients[0]!, 500));
      const empty = await post('/v1/queues/support/dequeue', { callId: other.id });
      expect([empty.status, empty.body.error.code]).toEqual([409, 'queue_empty']);

      // A caller hanging up leaves the conference it was moved into (which goes on).
      expect((await post(`/v1/calls/${second}/hangup`)).status).toBe(200);
      await customer.nextEvent((e) => e.type === 'call.participant.left' && e.data.callId === other.id && e.data.kind === 'call');
      expect((await get(`/v1/calls/${other.id}`)).body.state).toBe('in_progress');
      for (const id of [room.id, other.id]) await post(`/v1/calls/${id}/hangup`);
      expect((await ended(first)).data.reason).toBe('moved_call_ended');
      await Promise.all([ended(second), ended(room.id), ended(other.id)]);
      [...room.clients, ...other.clients].forEach((c) => c.close());
    });
  });
});
