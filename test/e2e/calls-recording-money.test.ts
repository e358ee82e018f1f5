import { describe, expect, it } from 'vitest';
import type { CallsSystem, Customer } from './calls-harness.js';
import { withCallsCustomer } from '../support/calls-customer.js';

let sys: CallsSystem;
let customer: Customer;
let seq = 0;

withCallsCustomer((started) => ({ sys, customer } = started));

const key = (): string => `recmoney-${++seq}`;
const ended = (callId: string) => customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === callId);

async function answeredCall(maxMinutes: number): Promise<string> {
  const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes }, { 'idempotency-key': key() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === res.body.id);
  return res.body.id as string;
}

const recordingStart = (callId: string, idempotencyKey: string) =>
  sys.request(customer.key, 'POST', `/v1/calls/${callId}/recording/start`, undefined, { 'idempotency-key': idempotencyKey });

/** Øre captured from the ledger for a call and what was added to it (its reservations' references). */
async function drawn(references: string[]): Promise<number> {
  const [row] = await sys.services.sql<{ total: number }[]>`
    select coalesce(sum(amount_ore), 0)::bigint as total from ledger_entries
    where company_id = ${customer.companyId} and kind = 'capture' and reference = any(${references})`;
  return Number(row!.total);
}

describe('recording started during a call', () => {
  it('reserves its own money for the paid minutes left, once per Idempotency-Key, and call.ended\'s price includes it', async () => {
    const before = await customer.balance();
    const callId = await answeredCall(2);
    // The call's two minutes at 25 øre are held.
    expect(await customer.balance()).toBe(before - 50);

    const recordingKey = key();
    const started = await recordingStart(callId, recordingKey);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // Recording at 2 øre a minute for the call's two paid minutes left.
    expect(await customer.balance()).toBe(before - 50 - 4);
    // A retry is answered as the first time, with the same command, and holds nothing more.
    const retried = await recordingStart(callId, recordingKey);
    expect(retried.status).toBe(201);
    expect(retried.body.id).toBe(started.body.id);
    expect(await customer.balance()).toBe(before - 50 - 4);

    await customer.nextEvent((e) => e.type === 'call.command.completed' && e.data.commandId === started.body.id);
    await sys.request(customer.key, 'POST', `/v1/calls/${callId}/hangup`);
    await customer.nextEvent((e) => e.type === 'call.recording.ready' && e.data.callId === callId && e.data.commandId === started.body.id);
    const end = await ended(callId);
    // One started minute of the call (25) and one of the recording (2).
    expect(end.data.priceOre).toBe(27);
    const after = await customer.balance();
    const captured = await drawn([callId, started.body.id]);
    expect(captured).toBe(27);
    expect(before - captured).toBe(after);
    const read = await sys.request(customer.key, 'GET', `/v1/calls/${callId}`);
    expect(read.body.priceOre).toBe(27);
  });

  it('asked before the call is answered: refused with call_not_answered and its money given back; a new one once answered is charged', async () => {
    const before = await customer.balance();
    const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 1 }, { 'idempotency-key': key() });
    expect(res.status).toBe(201);
    const callId = res.body.id as string;
    const recordingKey = key();
    const early = await recordingStart(callId, recordingKey);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('call_not_answered');
    expect(await customer.balance()).toBe(before - 25);

    await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === callId);
    // Asked again once the call is answered: a new reservation, spent at the end.
    const later = await recordingStart(callId, key());
    expect(later.status).toBe(201);
    expect(await customer.balance()).toBe(before - 25 - 2);
    await sys.request(customer.key, 'POST', `/v1/calls/${callId}/hangup`);
    const end = await ended(callId);
    expect(end.data.priceOre).toBe(27);
    const after = await customer.balance();
    expect(before - (await drawn([callId, later.body.id]))).toBe(after);
    expect(after).toBe(before - 27);
  });

  it('a recording key refused before the answer, retried after it, is charged exactly once', async () => {
    const before = await customer.balance();
    const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 1 }, { 'idempotency-key': key() });
    const callId = res.body.id as string;
    const recordingKey = key();
    expect((await recordingStart(callId, recordingKey)).status).toBe(409);
    await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === callId);
    // The refusal is the stored answer of that key's message: the retry gets it again and holds nothing.
    const retried = await recordingStart(callId, recordingKey);
    expect(retried.status).toBe(409);
    expect(await customer.balance()).toBe(before - 25);
    await sys.request(customer.key, 'POST', `/v1/calls/${callId}/hangup`);
    const end = await ended(callId);
    expect(end.data.priceOre).toBe(25);
    expect(await customer.balance()).toBe(before - 25);
  });

  it('hostile requests move no money: an unknown call, a call of another company, an ended call', async () => {
    const other = await sys.customer({ balanceOre: 1_000 });
    const callId = await answeredCall(1);
    const before = await customer.balance();
    expect((await recordingStart('call_doesnotexist', key())).status).toBe(404);
    const foreign = await sys.request(other.key, 'POST', `/v1/calls/${callId}/recording/start`, undefined, { 'idempotency-key': key() });
    expect(foreign.status).toBe(404);
    expect(await other.balance()).toBe(1_000);
    await sys.request(customer.key, 'POST', `/v1/calls/${callId}/hangup`);
    const end = await ended(callId);
    const afterEnd = await customer.balance();
    expect(afterEnd).toBe(before + 25 - end.data.priceOre);
    const late = await recordingStart(callId, key());
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('call_ended');
    expect(await customer.balance()).toBe(afterEnd);
  });

  it('under a test key a recording costs nothing', async () => {
    const tester = await sys.customer({ balanceOre: 500, mode: 'test' });
    const res = await sys.request(tester.key, 'POST', '/v1/calls', { profileId: tester.profileId, to: '+442079460001', from: tester.number, maxMinutes: 1 }, { 'idempotency-key': key() });
    expect(res.status).toBe(201);
    await tester.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === res.body.id);
    const started = await sys.request(tester.key, 'POST', `/v1/calls/${res.body.id}/recording/start`, undefined, { 'idempotency-key': key() });
    expect(started.status).toBe(201);
    await sys.request(tester.key, 'POST', `/v1/calls/${res.body.id}/hangup`);
    const end = await tester.nextEvent((e) => e.type === 'call.ended' && e.data.callId === res.body.id);
    expect(end.data.priceOre).toBe(0);
    expect(await tester.balance()).toBe(500);
  });
});
