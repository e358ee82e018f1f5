import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { chargeDueRents } from '../../control/numbers/number-rent.js';
import { startRentRunner } from '../../control/numbers/rent-runner.js';
import { takeInboundOffer } from '../../control/calls/requests/inbound-calls.js';
import { RENT_WAKE_SUBJECT } from '../../protocol/bus/bus-names.js';
import { admin, bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

// 2026-03-15 12:00 UTC: the harness's default start.
const clock = new ManualClock(Date.UTC(2026, 2, 15, 12));
let h: ApiHarness;

beforeAll(async () => {
  h = await startApi({ clock });
});
afterAll(async () => h.close());

/** Numbers of this run only (the inventory is shared by every test file using the database). */
function freshNumbers(count: number, lead = '+4759'): string[] {
  const base = randomInt(0, 900_000);
  return Array.from({ length: count }, (_, i) => `${lead}${String(base + i * 7).padStart(6, '0')}`);
}

async function loadInventory(type: 'phone' | 'sms', numbers: string[]): Promise<void> {
  const res = await call(h.app, { method: 'POST', url: '/admin/v1/available-numbers', headers: admin(), payload: { type, numbers } });
  expect(res.statusCode, res.body).toBe(200);
}

async function profileOf(co: TestCompany, slug: string): Promise<string> {
  const res = await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: slug, slug, services: { phone: true, sms: true } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.id;
}

async function balance(co: TestCompany): Promise<number> {
  const res = await call(h.app, { method: 'GET', url: '/v1/balance', headers: bearer(co.liveKey) });
  expect(res.statusCode, res.body).toBe(200);
  return res.data.balanceOre;
}

async function events(co: TestCompany, type: string, numberId: string): Promise<any[]> {
  const res = await call(h.app, { method: 'GET', url: `/v1/events?type=${type}&limit=100`, headers: bearer(co.liveKey) });
  return res.data.data.filter((e: any) => e.data.number.id === numberId);
}

let seq = 0;
const rent = (co: TestCompany, payload: Record<string, unknown>, key = co.liveKey, idem = `rent-${++seq}`) =>
  call(h.app, { method: 'POST', url: '/v1/numbers', headers: bearer(key, { 'idempotency-key': idem }), payload });

describe('numbers for customers', () => {
  it('rents from the inventory with the first month charged at once, once per Idempotency-Key', async () => {
    const co = await createTestCompany(h.app, 100_000);
    const profileId = await profileOf(co, 'shop');
    const [phone] = freshNumbers(1, '+4721');
    const [sms] = freshNumbers(1, '+4726');
    await loadInventory('phone', [phone!]);
    await loadInventory('sms', [sms!]);

    const available = await call(h.app, { method: 'GET', url: `/v1/available-numbers?type=phone&prefix=${encodeURIComponent(phone!.slice(0, 8))}`, headers: bearer(co.liveKey) });
    expect(available.data.data).toContainEqual({ object: 'available_number', number: phone, type: 'phone', monthlyRentOre: 5_900 });

    const first = await rent(co, { profileId, number: phone }, co.liveKey, 'same-key');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.data).toMatchObject({ number: phone, type: 'phone', state: 'active', profileId, smsEnabled: true, paidUntil: '2026-04-15T12:00:00.000Z', releaseAt: null });
    const again = await rent(co, { profileId, number: phone }, co.liveKey, 'same-key');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.data.id).toBe(first.data.id);
    expect(await balance(co)).toBe(100_000 - 5_900);

    const taken = await rent(co, { profileId, number: phone });
    expect(taken.statusCode).toBe(409);
    expect(taken.data.error.code).toBe('number_unavailable');
    const gone = await call(h.app, { method: 'GET', url: `/v1/available-numbers?prefix=${encodeURIComponent(phone!)}`, headers: bearer(co.liveKey) });
    expect(gone.data.data).toEqual([]);

    const dedicated = await rent(co, { profileId, type: 'sms', prefix: sms!.slice(0, 9) });
    expect(dedicated.statusCode, dedicated.body).toBe(201);
    expect(dedicated.data).toMatchObject({ number: sms, type: 'sms' });
    expect(await balance(co)).toBe(100_000 - 5_900 - 49_000);
    expect(await events(co, 'number.rented', first.data.id)).toHaveLength(1);

    // A test key does not see the live number: it is missing to it, whatever it asks.
    for (const [method, url, payload] of [['GET', `/v1/numbers/${first.data.id}`, undefined], ['PATCH', `/v1/numbers/${first.data.id}`, { decideWithinSeconds: 44 }], ['DELETE', `/v1/numbers/${first.data.id}`, undefined]] as const) {
      const refused = await call(h.app, { method, url, headers: bearer(co.testKey), ...(payload ? { payload } : {}) });
      expect([refused.statusCode, refused.data.error.code]).toEqual([404, 'not_found']);
    }
    expect((await call(h.app, { method: 'GET', url: '/v1/numbers', headers: bearer(co.testKey) })).data.data).toEqual([]);
    const unchanged = await call(h.app, { method: 'GET', url: `/v1/numbers/${first.data.id}`, headers: bearer(co.liveKey) });
    expect(unchanged.data).toEqual(first.data);
    const noKey = await call(h.app, { method: 'POST', url: '/v1/numbers', headers: bearer(co.liveKey), payload: { profileId, type: 'phone' } });
    expect(noKey.data.error.code).toBe('idempotency_key_required');
  });

  it('a test key rents free test numbers of the test range, which only test keys see, send from and receive on', async () => {
    const co = await createTestCompany(h.app, 100_000);
    const profileId = await profileOf(co, 'tester');
    const offered = await call(h.app, { method: 'GET', url: '/v1/available-numbers?type=phone&limit=3', headers: bearer(co.testKey) });
    expect(offered.statusCode).toBe(200);
    expect(offered.data.data).toHaveLength(3);
    for (const n of offered.data.data) expect(n).toMatchObject({ object: 'available_number', number: expect.stringMatching(/^\+441632960[0-9]{3}$/), type: 'phone', monthlyRentOre: 0 });
    // The live inventory is not the test one, and the test range never enters the live inventory.
    const live = await call(h.app, { method: 'GET', url: '/v1/available-numbers?prefix=%2B441632960', headers: bearer(co.liveKey) });
    expect(live.data.data).toEqual([]);
    const load = await call(h.app, { method: 'POST', url: '/admin/v1/available-numbers', headers: admin(), payload: { type: 'phone', numbers: ['+441632960123'] } });
    expect([load.statusCode, load.data.error.param]).toEqual([400, 'numbers']);

    const rented = await rent(co, { profileId, type: 'sms' }, co.testKey);
    expect(rented.statusCode, rented.body).toBe(201);
    expect(rented.data).toMatchObject({ number: expect.stringMatching(/^\+441632960[0-9]{3}$/), type: 'sms', mode: 'test', state: 'active', paidUntil: null, releaseAt: null });
    expect(await balance(co)).toBe(100_000);
    const testNumber = rented.data.number as string;
    const rentedEvents = await call(h.app, { method: 'GET', url: '/v1/events?type=number.rented', headers: bearer(co.testKey) });
    expect(rentedEvents.data.data.map((e: any) => [e.data.number.id, e.data.mode, e.data.amountOre])).toEqual([[rented.data.id, 'test', 0]]);
    expect(await events(co, 'number.rented', rented.data.id)).toEqual([]);

    // Each mode sees its own numbers only.
    expect((await call(h.app, { method: 'GET', url: '/v1/numbers', headers: bearer(co.testKey) })).data.data.map((n: any) => n.id)).toEqual([rented.data.id]);
    expect((await call(h.app, { method: 'GET', url: `/v1/numbers/${rented.data.id}`, headers: bearer(co.liveKey) })).statusCode).toBe(404);
    expect((await call(h.app, { method: 'PATCH', url: `/v1/numbers/${rented.data.id}`, headers: bearer(co.liveKey), payload: { smsEnabled: false } })).statusCode).toBe(404);
    const configured = await call(h.app, { method: 'PATCH', url: `/v1/numbers/${rented.data.id}`, headers: bearer(co.testKey), payload: { assignedTo: 'tester-1' } });
    expect(configured.data).toMatchObject({ assignedTo: 'tester-1', mode: 'test' });

    // A test key sends from it; a live key is told a test number sends only in test mode.
    const send = (key: string, idem: string) => call(h.app, { method: 'POST', url: '/v1/sms', headers: bearer(key, { 'idempotency-key': idem }), payload: { profileId, from: testNumber, to: '+442079460101', text: 'Hi' } });
    const testSend = await send(co.testKey, `t-${rented.data.id}`);
    expect(testSend.statusCode, testSend.body).toBe(201);
    expect(testSend.data.mode).toBe('test');
    const liveSend = await call(h.app, { method: 'POST', url: '/v1/sms', headers: bearer(co.liveKey, { 'idempotency-key': `l-${rented.data.id}` }), payload: { profileId, from: testNumber, to: '+4791234567', text: 'Hi' } });
    expect([liveSend.statusCode, liveSend.data.error.code, liveSend.data.error.param]).toEqual([403, 'live_number_required', 'from']);

    // An SMS from the simulated network to the test number is test traffic: the test key hears it, the live key does not.
    const inbound = await call(h.app, { method: 'POST', url: '/admin/v1/sim/sms', headers: admin(), payload: { from: '+442079460555', to: testNumber, text: 'Reply' } });
    expect(inbound.statusCode, inbound.body).toBe(201);
    expect(inbound.data.mode).toBe('test');
    const heard = await call(h.app, { method: 'GET', url: '/v1/events?type=sms.received', headers: bearer(co.testKey) });
    expect(heard.data.data.map((e: any) => e.data.to)).toEqual([testNumber]);
    expect((await call(h.app, { method: 'GET', url: '/v1/events?type=sms.received', headers: bearer(co.liveKey) })).data.data).toEqual([]);

    // Deleted: released at once (no paid month), and back in the test range for anyone.
    const del = await call(h.app, { method: 'DELETE', url: `/v1/numbers/${rented.data.id}`, headers: bearer(co.testKey) });
    expect(del.data).toMatchObject({ state: 'released' });
    const again = await call(h.app, { method: 'GET', url: `/v1/available-numbers?prefix=${encodeURIComponent(testNumber)}`, headers: bearer(co.testKey) });
    expect(again.data.data.map((n: any) => n.number)).toEqual([testNumber]);
  });

  it('a balance that cannot pay the first month rents nothing', async () => {
    const co = await createTestCompany(h.app, 1_000);
    const profileId = await profileOf(co, 'poor');
    const [n] = freshNumbers(1);
    await loadInventory('phone', [n!]);
    const res = await rent(co, { profileId, number: n });
    expect(res.statusCode).toBe(402);
    expect(res.data.error.code).toBe('insufficient_balance');
    expect(await balance(co)).toBe(1_000);
    const list = await call(h.app, { method: 'GET', url: '/v1/numbers', headers: bearer(co.liveKey) });
    expect(list.data.data).toEqual([]);
  });

  it('a profile key sees and changes only its profile\'s numbers; another company sees none', async () => {
    const co = await createTestCompany(h.app, 200_000);
    const mine = await profileOf(co, 'mine');
    const theirs = await profileOf(co, 'theirs');
    const numbers = freshNumbers(3);
    await loadInventory('phone', numbers);
    const a = (await rent(co, { profileId: mine, number: numbers[0] })).data;
    const b = (await rent(co, { profileId: theirs, number: numbers[1] })).data;
    const key = await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.liveKey), payload: { name: 'p', mode: 'live', profileId: mine, scopes: ['numbers:read', 'numbers:write'] } });
    const pk = key.data.key as string;

    const listed = await call(h.app, { method: 'GET', url: '/v1/numbers', headers: bearer(pk) });
    expect(listed.data.data.map((n: any) => n.id)).toEqual([a.id]);
    expect((await call(h.app, { method: 'GET', url: `/v1/numbers/${b.id}`, headers: bearer(pk) })).statusCode).toBe(404);
    expect((await call(h.app, { method: 'PATCH', url: `/v1/numbers/${b.id}`, headers: bearer(pk), payload: { inboundMode: 'api' } })).statusCode).toBe(404);
    expect((await call(h.app, { method: 'DELETE', url: `/v1/numbers/${b.id}`, headers: bearer(pk) })).statusCode).toBe(404);
    const forOther = await rent(co, { profileId: theirs, number: numbers[2] }, pk);
    expect(forOther.statusCode).toBe(404);
    // A cursor naming another profile's number is refused, not used to page past it.
    const forged = await call(h.app, { method: 'GET', url: `/v1/numbers?after=${b.id}`, headers: bearer(pk) });
    expect(forged.statusCode).toBe(400);
    expect(forged.data.error.param).toBe('after');

    const other = await createTestCompany(h.app);
    expect((await call(h.app, { method: 'GET', url: `/v1/numbers/${a.id}`, headers: bearer(other.liveKey) })).statusCode).toBe(404);
    expect((await call(h.app, { method: 'GET', url: '/v1/numbers', headers: bearer(other.liveKey) })).data.data).toEqual([]);

    const changed = await call(h.app, {
      method: 'PATCH', url: `/v1/numbers/${a.id}`, headers: bearer(pk),
      payload: { inboundMode: 'api', decideWithinSeconds: 20, routing: { type: 'message', text: 'We are closed.' }, assignedTo: 'sales-1', smsEnabled: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.data).toMatchObject({ inboundMode: 'api', decideWithinSeconds: 20, routing: { type: 'message', text: 'We are closed.' }, assignedTo: 'sales-1', smsEnabled: false });

    // Paging: one a page, every number once.
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: any = await call(h.app, { method: 'GET', url: `/v1/numbers?limit=1${after ? `&after=${after}` : ''}`, headers: bearer(co.liveKey) });
      seen.push(...page.data.data.map((n: any) => n.id));
      after = page.data.hasMore ? page.data.nextCursor : null;
    } while (after);
    expect(seen.sort()).toEqual([a.id, b.id].sort());
  });

  it('charges rent on the clock for 13 months exactly once each, suspends on an empty balance, resumes on a top-up, releases after delete', async () => {
    const co = await createTestCompany(h.app, 13 * 5_900 + 100);
    const profileId = await profileOf(co, 'rent');
    const [n] = freshNumbers(1);
    await loadInventory('phone', [n!]);
    const number = (await rent(co, { profileId, number: n })).data;
    const start = clock.now();
    // Month by month for a year: each renewal charged once, even when the runner passes twice.
    for (let month = 1; month <= 12; month++) {
      await clock.advanceTo(Date.UTC(2026, 2 + month, 15, 12));
      expect((await chargeDueRents(h.sql, clock, clock.now()))[number.id]).toBe('renewed');
      expect((await chargeDueRents(h.sql, clock, clock.now()))[number.id]).toBeUndefined();
    }
    expect(await balance(co)).toBe(100);
    const rents = await h.sql<{ period: string }[]>`select period from number_rents where number_id = ${number.id} order by period`;
    expect(rents.map((r) => r.period)).toEqual(Array.from({ length: 13 }, (_, i) => new Date(Date.UTC(2026, 2 + i, 1)).toISOString().slice(0, 7)));
    expect(await events(co, 'number.renewed', number.id)).toHaveLength(12);

    // The 14th month cannot be paid: suspended, once, with an event; the number stays held.
    await clock.advanceTo(Date.UTC(2027, 3, 15, 12));
    expect((await chargeDueRents(h.sql, clock, clock.now()))[number.id]).toBe('suspended');
    expect((await chargeDueRents(h.sql, clock, clock.now()))[number.id]).toBeUndefined();
    const suspended = await call(h.app, { method: 'GET', url: `/v1/numbers/${number.id}`, headers: bearer(co.liveKey) });
    expect(suspended.data.state).toBe('suspended');
    expect(await events(co, 'number.suspended', number.id)).toHaveLength(1);
    // Suspended: a call offered to it is refused (the caller's leg is never taken), and no SMS goes from it.
    const deps = { sql: h.sql, clock, log: h.services.log, actors: undefined as never, picker: undefined as never };
    expect(await takeInboundOffer(deps, { id: `sim_${number.id}`, carrier: 'sim', from: '+442079460001', to: n!, offeredAt: new Date(clock.now()).toISOString() })).toEqual({ dropped: 'number_not_active' });
    const sms = await call(h.app, { method: 'POST', url: '/v1/sms', headers: bearer(co.liveKey, { 'idempotency-key': `sms-${number.id}` }), payload: { profileId, from: n, to: '+4791234567', text: 'Hello' } });
    expect(sms.statusCode, sms.body).toBe(422);
    expect(sms.data.error.code).toBe('sender_not_allowed');
    expect((await call(h.app, { method: 'GET', url: `/v1/available-numbers?prefix=${encodeURIComponent(n!)}`, headers: bearer(co.liveKey) })).data.data).toEqual([]);

    // A top-up makes it due; the runner charges the month from now and it is active again.
    await clock.advance(3 * 24 * 3600_000);
    const top = await call(h.app, { method: 'POST', url: `/admin/v1/companies/${co.id}/top-ups`, headers: admin(), payload: { amountOre: 10_000 } });
    expect(top.statusCode).toBe(201);
    expect((await chargeDueRents(h.sql, clock, clock.now()))[number.id]).toBe('renewed');
    const resumed = await call(h.app, { method: 'GET', url: `/v1/numbers/${number.id}`, headers: bearer(co.liveKey) });
    expect(resumed.data).toMatchObject({ state: 'active', paidUntil: new Date(Date.UTC(2027, 4, 18, 12)).toISOString() });
    expect(await balance(co)).toBe(100 + 10_000 - 5_900);
    const renewed = await events(co, 'number.renewed', number.id);
    expect(renewed.at(-1)!.data).toMatchObject({ resumed: true, months: 1, amountOre: 5_900 });

    // Deleted: held to the end of the paid month, then released (and rentable again); no more rent.
    const del = await call(h.app, { method: 'DELETE', url: `/v1/numbers/${number.id}`, headers: bearer(co.liveKey) });
    expect(del.data).toMatchObject({ state: 'active', releaseAt: resumed.data.paidUntil });
    await clock.advanceTo(Date.parse(resumed.data.paidUntil));
    expect((await chargeDueRents(h.sql, clock, clock.now()))[number.id]).toBe('released');
    expect((await call(h.app, { method: 'GET', url: `/v1/numbers/${number.id}`, headers: bearer(co.liveKey) })).data.state).toBe('released');
    expect(await events(co, 'number.released', number.id)).toHaveLength(1);
    expect(await balance(co)).toBe(100 + 10_000 - 5_900);
    expect((await call(h.app, { method: 'GET', url: `/v1/available-numbers?prefix=${encodeURIComponent(n!)}`, headers: bearer(co.liveKey) })).data.data).toHaveLength(1);
    expect(clock.now()).toBeGreaterThan(start);
  });
});

describe('the rent runner', () => {
  it('renews at the due time on the clock by itself, and a top-up wakes it to resume a suspended number', async () => {
    // No safety poll within the test's months: the runner wakes at due times and on wake-ups only.
    const runner = await startRentRunner(h.services, { pollIntervalMs: 400 * 24 * 3600_000 });
    try {
      const co = await createTestCompany(h.app, 5_900 + 5_900 + 50);
      const profileId = await profileOf(co, 'runner');
      const [n] = freshNumbers(1);
      await loadInventory('phone', [n!]);
      const number = (await rent(co, { profileId, number: n })).data;
      // Numbers of the tests before are due by now: the runner settles them first, then sleeps until ours is.
      runner.wake();
      await runner.idle();
      // The runner sleeps until the number's paid month ends, then renews it without being asked.
      await clock.advanceTo(Date.parse(number.paidUntil));
      await runner.idle();
      const renewed = (await call(h.app, { method: 'GET', url: `/v1/numbers/${number.id}`, headers: bearer(co.liveKey) })).data;
      expect(renewed.paidUntil).not.toBe(number.paidUntil);
      expect(await balance(co)).toBe(50);
      await clock.advanceTo(Date.parse(renewed.paidUntil));
      await runner.idle();
      expect((await call(h.app, { method: 'GET', url: `/v1/numbers/${number.id}`, headers: bearer(co.liveKey) })).data.state).toBe('suspended');
      // The top-up's wake-up (over the bus) has the runner try it at once.
      let woken!: () => void;
      const wakeSeen = new Promise<void>((resolve) => (woken = resolve));
      const watch = await h.services.bus.subscribe(RENT_WAKE_SUBJECT, () => woken());
      await call(h.app, { method: 'POST', url: `/admin/v1/companies/${co.id}/top-ups`, headers: admin(), payload: { amountOre: 5_900 } });
      await wakeSeen;
      await watch.stop();
      // The runner subscribed first, so it was woken before this test saw the wake-up.
      await runner.idle();
      expect((await call(h.app, { method: 'GET', url: `/v1/numbers/${number.id}`, headers: bearer(co.liveKey) })).data.state).toBe('active');
      expect(await balance(co)).toBe(50);
    } finally {
      await runner.stop();
    }
  });
});

describe('hostile input on the number routes', () => {
  it('answers 4xx, never 5xx', async () => {
    const co = await createTestCompany(h.app);
    const profileId = await profileOf(co, 'hostile');
    let deep: unknown = 'x';
    for (let i = 0; i < 2_000; i++) deep = { a: deep };
    const lone = '\ud800';
    // A lone surrogate as a URL carries it: its UTF-8-like bytes, which decode to no character.
    const loneUrl = '%ED%A0%80';
    const requests = [
      { method: 'GET', url: `/v1/available-numbers?prefix=${loneUrl}` },
      { method: 'GET', url: '/v1/available-numbers?type=fax' },
      { method: 'GET', url: '/v1/available-numbers?prefix=%25' },
      { method: 'GET', url: '/v1/numbers?after=num_00000000000000000000000000' },
      { method: 'GET', url: `/v1/numbers?after=${encodeURIComponent("num_x' or 1=1")}` },
      { method: 'GET', url: `/v1/numbers?after=${loneUrl}` },
      { method: 'GET', url: '/v1/numbers?limit=100000' },
      { method: 'GET', url: '/v1/numbers/num_%00' },
      { method: 'GET', url: `/v1/numbers/${loneUrl}` },
      { method: 'POST', url: '/v1/numbers', payload: { profileId, number: `+4721${lone}` } },
      { method: 'POST', url: '/v1/numbers', payload: { profileId, type: 'phone', assignedTo: lone } },
      { method: 'POST', url: '/v1/numbers', payload: deep },
      { method: 'POST', url: '/v1/numbers', payload: { profileId: 'not-a-uuid', type: 'phone' } },
      { method: 'POST', url: '/v1/numbers', payload: { profileId } },
      { method: 'PATCH', url: '/v1/numbers/num_nope', payload: { routing: deep } },
      { method: 'PATCH', url: '/v1/numbers/num_nope', payload: { assignedTo: lone } },
      { method: 'DELETE', url: '/v1/numbers/num_nope' },
      { method: 'GET', url: `/v1/calls?after=${loneUrl}` },
      { method: 'GET', url: '/v1/calls?after=call_forged00000000000000000000' },
      { method: 'GET', url: '/v1/calls?state=exploded' },
      { method: 'GET', url: '/v1/calls?createdFrom=2026-02-30' },
      { method: 'GET', url: '/v1/calls?limit=0' },
      { method: 'GET', url: '/v1/calls?from=%00' },
      { method: 'GET', url: `/v1/usage?from=${loneUrl}` },
      { method: 'GET', url: '/v1/usage?from=2026-01-01&to=2025-01-01' },
      { method: 'GET', url: `/v1/profiles/${loneUrl}/usage` },
    ] as const;
    for (const r of requests) {
      const res = await call(h.app, { ...r, headers: bearer(co.liveKey, { 'idempotency-key': `h-${++seq}` }) } as never);
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBeLessThan(500);
      expect(res.data.error.code).toBeTypeOf('string');
    }
    // A filter value whose bytes are no UTF-8 is read as the replacement character: it matches nothing.
    const odd = await call(h.app, { method: 'GET', url: `/v1/calls?externalRef=${loneUrl}`, headers: bearer(co.liveKey) });
    expect(odd.statusCode).toBe(200);
    expect(odd.data.data).toEqual([]);
  });
});
