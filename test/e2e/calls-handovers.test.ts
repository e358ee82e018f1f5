import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sine } from '../../shared/audio/tones.js';
import { RoomClient, hears } from '../integration/media-harness.js';
import { SHAPES, startCallsSystem, type CallsSystem, type Customer } from './calls-harness.js';

// Scripted phones of the simulated network: the caller plays a 440 Hz tone once it answers; one phone
// answers only after 8 s. The built-in …008 answers after 1 s and echoes what it hears, …003 never answers.
const CALLER = '+442079460401';
const LATE = '+442079460402';
const ECHO = '+442079460008';
const NEVER = '+442079460003';

let sys: CallsSystem;
let customer: Customer;
let seq = 0;

const key = (): Record<string, string> => ({ 'idempotency-key': `handover-${++seq}` });
const event = (callId: string, type: string, extra: (e: any) => boolean = () => true) => customer.nextEvent((e) => e.type === type && e.data.callId === callId && extra(e));

/** An answered call to the caller phone with an operator in the app, connected and hearing the caller. */
async function callWithOperator(): Promise<{ call: any; operator: RoomClient; operatorId: string }> {
  const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: CALLER, from: customer.number, maxMinutes: 2, participants: [{ kind: 'app', externalRef: 'operator' }] }, key());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const op = res.body.participants.find((p: any) => p.kind === 'app');
  const operator = new RoomClient(`${op.connection.url}?token=${op.connection.token}`);
  await operator.message('joined');
  await event(res.body.id, 'call.answered');
  await operator.until(() => hears(operator, 440));
  return { call: res.body, operator, operatorId: op.id };
}

// Every test runs in both shapes: standalone (in-process bus) and cluster (NATS JetStream and Redis).
describe.each(SHAPES)('%s', (shape) => {
  beforeAll(async () => {
    sys = await startCallsSystem({ cluster: shape === 'cluster' });
    for (const [number, script] of [
      [CALLER, [{ step: 'answerAfter', ms: 300 }, { step: 'tone', hz: 440, ms: 120_000 }]],
      [LATE, [{ step: 'answerAfter', ms: 8_000 }, { step: 'tone', hz: 600, ms: 120_000 }]],
    ] as const) {
      expect((await sys.admin('POST', '/admin/v1/sim/phones', { number, script })).status).toBe(201);
    }
    customer = await sys.customer({ balanceOre: 10_000 });
  });
  afterAll(async () => sys?.close());

  describe('transfers', () => {
    it('warm: the caller is held while operator and target hear each other; transfer/complete connects caller and target and the operator leaves', async () => {
      const { call, operator, operatorId } = await callWithOperator();
      const started = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/transfer`, { to: ECHO, kind: 'warm' }, key());
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      expect(started.body).toMatchObject({ object: 'transfer', kind: 'warm', state: 'ringing', operatorIds: [operatorId], target: { kind: 'phone', to: ECHO } });
      await event(call.id, 'call.transfer.answered');
      // The target echoes what it hears: the operator hearing its own 700 Hz back means both hear each other;
      // the caller's 440 Hz is gone (held: hold audio, not heard), so the target never heard the caller either.
      operator.talk(sine(700, 20_000, 16000, 8000));
      await operator.until(() => hears(operator, 700) && !hears(operator, 440));
      const done = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/transfer/complete`);
      expect(done.body).toMatchObject({ state: 'completed', answeredAt: expect.any(String) });
      expect((await operator.closed).code).toBe(4410);
      const left = await event(call.id, 'call.participant.left', (e) => e.data.participantId === operatorId);
      expect(left.data.reason).toBe('transferred');
      const read = (await sys.request(customer.key, 'GET', `/v1/calls/${call.id}`)).body;
      expect(read.participants.find((p: any) => p.to === CALLER)).toMatchObject({ state: 'joined', held: false });
      expect(read.transfer).toMatchObject({ id: started.body.id, kind: 'warm', state: 'completed', operatorIds: [operatorId] });
      await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
      await event(call.id, 'call.ended');
      const types = customer.callEvents(call.id).map((e) => e.type).filter((t) => t.startsWith('call.transfer.'));
      expect(types).toEqual(['call.transfer.started', 'call.transfer.answered', 'call.transfer.completed']);
    });

    it('cold: the target rings while caller and operator talk; its answer connects it with the caller, the operator leaves; its leg is priced as outbound minutes', async () => {
      const before = await customer.balance();
      const { call, operator } = await callWithOperator();
      const started = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/transfer`, { to: ECHO }, key());
      expect(started.body).toMatchObject({ kind: 'cold', state: 'ringing' });
      await event(call.id, 'call.transfer.completed');
      expect((await operator.closed).code).toBe(4410);
      expect((await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/transfer/cancel`)).body.error.code).toBe('no_transfer_in_progress');
      await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
      const end = await event(call.id, 'call.ended');
      // The call's minute, the operator's app minute and the target's phone minute are all drawn.
      expect(end.data.priceOre).toBeGreaterThan(0);
      expect(await customer.balance()).toBe(before - end.data.priceOre);
    });

    it('a target that never answers fails the transfer and the caller stays with the operator; cancel hangs up a ringing target', async () => {
      const { call, operator } = await callWithOperator();
      await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/transfer`, { to: NEVER, kind: 'warm', timeoutSeconds: 5 }, key());
      const failed = await event(call.id, 'call.transfer.failed');
      expect(failed.data).toMatchObject({ reason: 'no_answer', state: 'failed' });
      await operator.until(() => hears(operator, 440));
      const again = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/transfer`, { to: NEVER }, key());
      const cancelled = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/transfer/cancel`);
      expect(cancelled.body).toMatchObject({ id: again.body.id, state: 'cancelled', reason: 'api', target: { state: 'left', leftReason: 'transfer_cancelled' } });
      await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
      await event(call.id, 'call.ended');
      operator.close();
    });
  });

  describe('offers', () => {
    it('two phones and one staff member ring; the staff member answers first and takes the call; the phones stop ringing', async () => {
      const { call, operator } = await callWithOperator();
      const made = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/offers`, { targets: [{ kind: 'phone', to: LATE }, { kind: 'phone', to: NEVER }, { kind: 'staff', externalRef: 'staff-7' }] }, key());
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const staffInfo = made.body.targets.find((t: any) => t.kind === 'staff');
      const staff = new RoomClient(`${staffInfo.connection.url}?token=${staffInfo.connection.token}`);
      await staff.message('joined');
      const accepted = await event(call.id, 'call.offer.accepted');
      expect(accepted.data).toMatchObject({ offerId: made.body.id, acceptedBy: staffInfo.id });
      const phones = made.body.targets.filter((t: any) => t.kind === 'phone').map((t: any) => t.id);
      for (const id of phones) expect((await event(call.id, 'call.participant.left', (e) => e.data.participantId === id)).data.reason).toBe('offer_taken');
      await staff.until(() => hears(staff, 440));
      await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
      await event(call.id, 'call.ended');
      operator.close();
      staff.close();
    });

    it('nobody answers in time: call.offer.expired and the call goes on, waiting for the next action', async () => {
      const { call, operator } = await callWithOperator();
      const made = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/offers`, { targets: [{ kind: 'phone', to: NEVER }, { kind: 'phone', to: LATE }], timeoutSeconds: 5 }, key());
      expect(made.status).toBe(201);
      const expired = await event(call.id, 'call.offer.expired');
      expect(expired.data).toMatchObject({ expiry: 'timeout', acceptedBy: null });
      expect((await sys.request(customer.key, 'GET', `/v1/calls/${call.id}`)).body.state).toBe('in_progress');
      await operator.until(() => hears(operator, 440));
      await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
      await event(call.id, 'call.ended');
      operator.close();
    });

    it('hostile bodies are refused with a catalogue code before the call hears of them', async () => {
      const { call, operator } = await callWithOperator();
      const bad = [
        { targets: [] },
        { targets: [{ kind: 'phone', to: 'not-a-number' }] },
        { targets: [{ kind: 'app', displayName: 'a\u0000b' }], extra: 1 },
        { targets: Array.from({ length: 11 }, () => ({ kind: 'phone', to: NEVER })) },
        { targets: [{ kind: 'app', externalRef: { deep: { deeper: [[[[1]]]] } } }] },
      ];
      for (const body of bad) {
        const res = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/offers`, body, key());
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.code).toEqual(expect.any(String));
      }
      const noKey = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/transfer`, { to: ECHO });
      expect(noKey.body.error.code).toBe('idempotency_key_required');
      const lone = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/transfer`, { to: ECHO, kind: 'sideways' }, key());
      expect(lone.status).toBe(400);
      await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
      await event(call.id, 'call.ended');
      operator.close();
    });
  });
});
