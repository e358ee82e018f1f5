import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, type SentralEvents, type SentralEventType, type WebhookEvent } from '@sentral/client';
import { eventMismatch } from '../support/event-check.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { startCallsSystem, type CallsSystem } from './calls-harness.js';

// The customer's own account end to end, on a running standalone system: the operator only creates the
// company and loads numbers into the inventory; everything else is done with the company's live key.
let sys: CallsSystem;
let receiver: WebhookReceiver;
let companyId = '';
let key = '';
let secret = '';
const events: WebhookEvent[] = [];
const waiters: Array<{ match: (e: WebhookEvent) => boolean; resolve: (e: WebhookEvent) => void }> = [];
let seq = 0;

const idem = (): Record<string, string> => ({ 'idempotency-key': `account-${++seq}` });
const as = (k: string, method: string, path: string, body?: unknown) => sys.request(k, method, path, body, method === 'GET' ? {} : idem());

/** The first delivered event of a type that matches (already received or the next one), its data typed. */
function nextEvent<T extends SentralEventType>(type: T, match: (e: SentralEvents[T]) => boolean = () => true): Promise<SentralEvents[T]> {
  const wanted = (e: WebhookEvent): e is SentralEvents[T] => e.type === type && match(e as SentralEvents[T]);
  const found = events.find(wanted);
  return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ match: wanted, resolve: (e) => resolve(e as SentralEvents[T]) }));
}

beforeAll(async () => {
  sys = await startCallsSystem({ cluster: false });
  const company = await sys.admin('POST', '/admin/v1/companies', { name: 'Account E2E', balanceOre: 100_000 });
  expect(company.status).toBe(201);
  companyId = company.body.id;
  key = company.body.liveKey;
  receiver = await startWebhookReceiver();
  const endpoint = await as(key, 'POST', '/v1/webhook-endpoints', { url: receiver.url, events: ['call.*', 'number.*'] });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  secret = endpoint.body.secret;
  receiver.respond((hook) => {
    const event = verifyWebhook(hook.headers as Record<string, string>, hook.body, secret);
    // Every event the customer receives is one the catalogue (and so the OpenAPI document) describes.
    expect(eventMismatch(event.type, event.data)).toBeNull();
    if (!events.some((e) => e.id === event.id)) {
      events.push(event);
      for (const w of waiters.filter((x) => x.match(event))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
    return { status: 200 };
  });
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await sys?.close();
});

describe('a customer with only a company key', () => {
  it('rents a number, takes a call to it by API, lists it, and reads a balance and usage equal to the ledger; a profile key sees only its profile', async () => {
    const number = `+4722${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    expect((await sys.admin('POST', '/admin/v1/available-numbers', { type: 'phone', numbers: [number] })).status).toBe(200);

    const shop = await as(key, 'POST', '/v1/profiles', { name: 'Shop', slug: 'shop', services: { phone: true } });
    const other = await as(key, 'POST', '/v1/profiles', { name: 'Other', slug: 'other', services: { phone: true } });
    expect([shop.status, other.status]).toEqual([201, 201]);

    const available = await as(key, 'GET', `/v1/available-numbers?type=phone&prefix=${encodeURIComponent(number)}`);
    expect(available.body.data).toEqual([{ object: 'available_number', number, type: 'phone', monthlyRentOre: 5_900 }]);
    const rented = await as(key, 'POST', '/v1/numbers', { profileId: shop.body.id, number });
    expect(rented.status, JSON.stringify(rented.body)).toBe(201);
    const numberId = rented.body.id as string;
    const set = await as(key, 'PATCH', `/v1/numbers/${numberId}`, { inboundMode: 'api', decideWithinSeconds: 30, routing: { type: 'message', text: 'We are closed.' } });
    expect(set.body).toMatchObject({ inboundMode: 'api', decideWithinSeconds: 30 });
    expect((await nextEvent('number.rented')).data).toMatchObject({ number: { id: numberId, number }, amountOre: 5_900 });

    // A simulated caller dials the number: call.incoming reaches the customer, who answers.
    const caller = '+442079460611';
    expect((await sys.admin('POST', '/admin/v1/sim/phones', { number: caller, script: [{ step: 'waitForAudio' }, { step: 'wait', ms: 300 }, { step: 'hangup' }] })).status).toBe(201);
    expect((await sys.admin('POST', '/admin/v1/sim/calls', { from: caller, to: number })).status).toBe(202);
    const incoming = await nextEvent('call.incoming', (e) => e.data.from === caller);
    expect(incoming.data).toMatchObject({ to: number, numberId });
    const callId = incoming.data.callId;
    expect((await as(key, 'POST', `/v1/calls/${callId}/answer`)).status).toBe(200);
    const ended = await nextEvent('call.ended', (e) => e.data.callId === callId);

    // The call is listed, filtered and paged, with its price.
    const listed = await as(key, 'GET', `/v1/calls?direction=inbound&to=${encodeURIComponent(number)}&state=ended`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([callId]);
    expect(listed.body.data[0]).toMatchObject({ direction: 'inbound', from: caller, numberId, priceOre: ended.data.priceOre });
    const outbound = await as(key, 'GET', '/v1/calls?direction=outbound');
    expect(outbound.body.data).toEqual([]);

    // Balance and usage equal the ledger to the øre.
    const [ledger] = await sys.services.sql<{ captured: number; balance: number }[]>`
      select coalesce((select sum(amount_ore) from ledger_entries where company_id = ${companyId} and kind = 'capture'), 0)::bigint as captured,
             (select balance_ore from companies where id = ${companyId}) as balance`;
    const balance = await as(key, 'GET', '/v1/balance');
    expect(balance.body).toMatchObject({ balanceOre: ledger!.balance, reservedOre: 0, currency: 'NOK' });
    expect(balance.body.balanceOre).toBe(100_000 - ledger!.captured);
    const usage = await as(key, 'GET', '/v1/profiles/shop/usage');
    expect(usage.body.live.totalOre).toBe(ledger!.captured);
    expect(usage.body.live.services.numbers).toMatchObject({ ore: 5_900, units: 1 });
    expect(usage.body.live.services.phone).toMatchObject({ ore: ended.data.priceOre, calls: 1, minutes: ended.data.countedMinutes });
    const company = await as(key, 'GET', '/v1/usage');
    expect(company.body.totalOre).toBe(ledger!.captured);
    expect(company.body.profiles.map((p: { slug: string }) => p.slug)).toEqual(['shop']);

    // A key of the other profile sees none of the shop's numbers or calls, and cannot page from them.
    // Creating a key shows its secret once: the operation takes no Idempotency-Key.
    const made = await sys.request(key, 'POST', '/v1/api-keys', { name: 'other', mode: 'live', profileId: other.body.id, scopes: ['numbers:read', 'calls:read'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const otherKey = made.body.key as string;
    expect((await as(otherKey, 'GET', '/v1/numbers')).body.data).toEqual([]);
    expect((await as(otherKey, 'GET', `/v1/numbers/${numberId}`)).status).toBe(404);
    expect((await as(otherKey, 'GET', '/v1/calls')).body.data).toEqual([]);
    expect((await as(otherKey, 'GET', `/v1/calls/${callId}`)).status).toBe(404);
    const forged = await as(otherKey, 'GET', `/v1/calls?after=${callId}`);
    expect(forged.status).toBe(400);
    expect(forged.body.error.param).toBe('after');
    expect((await as(otherKey, 'GET', '/v1/balance')).status).toBe(403);
  });
});
