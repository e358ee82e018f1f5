import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import type { Bus, BusMessage } from '../../shared/bus/bus.js';
import { BusError } from '../../shared/bus/bus-error.js';
import { type InboundOffered } from '../../protocol/carrier/inbound-offer.js';
import { admin, bearer, call, createTestCompany, type TestCompany } from './api-harness.js';
import { createProfile, startApiWith } from './audio-clips-harness.js';
import { INBOUND_OFFERED_SUBJECT, INBOUND_STREAM } from '../../protocol/bus/bus-names.js';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '../../control/api/plugins/error-handler.js';

let h: Awaited<ReturnType<typeof startApiWith>>;
let bus: Bus;
let co: TestCompany;
let profileId: string;

beforeAll(async () => {
  bus = createMemoryBus();
  h = await startApiWith(bus);
  co = await createTestCompany(h.app);
  profileId = await createProfile(h.app, co, 'sim-target');
});
afterAll(async () => {
  await h?.close();
  await bus?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = admin()) =>
  call(h.app, { method: 'POST', url, headers, payload: payload as object });
const busy = [{ step: 'busy' }];

describe('defining sim phones', () => {
  it('defines a phone and lists it with the built-in directory; a defined phone replaces a built-in one', async () => {
    const res = await post('/admin/v1/sim/phones', { number: '+442079460201', script: busy, description: 'always busy' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data).toEqual({ object: 'sim_phone', number: '+442079460201', script: busy, description: 'always busy', builtIn: false, definedAt: new Date(h.clock.now()).toISOString() });
    expect((await post('/admin/v1/sim/phones', { number: '+442079460001', script: busy })).statusCode).toBe(201);

    const list = await call(h.app, { method: 'GET', url: '/admin/v1/sim/phones', headers: admin() });
    const numbers = list.data.data.map((p: { number: string }) => p.number);
    expect(numbers).toEqual([...numbers].sort());
    expect(numbers).toEqual(expect.arrayContaining(['+442079460001', '+442079460002', '+442079460008', '+442079460201']));
    const byNumber = new Map(list.data.data.map((p: { number: string }) => [p.number, p]));
    expect(byNumber.get('+442079460002')).toMatchObject({ builtIn: true, definedAt: null, script: busy });
    expect(byNumber.get('+442079460001')).toMatchObject({ builtIn: false, script: busy, description: '' });
  });

  it.each([
    ['an unknown step', { number: '+442079460210', script: [{ step: 'explode' }] }, 'script.0'],
    ['a negative wait', { number: '+442079460210', script: [{ step: 'wait', ms: -1 }] }, 'script.0'],
    ['an empty script', { number: '+442079460210', script: [] }, 'script'],
    ['101 steps', { number: '+442079460210', script: Array.from({ length: 101 }, () => ({ step: 'hangup' })) }, 'script'],
    ['text over 2000 characters', { number: '+442079460210', script: [{ step: 'say', text: 'a'.repeat(2001) }] }, 'script.0'],
    ['bad DTMF digits', { number: '+442079460210', script: [{ step: 'dtmf', digits: '12x' }] }, 'script.0'],
    ['a number not in E.164', { number: '02079460210', script: busy }, 'number'],
    ['an unknown field', { number: '+442079460210', script: busy, owner: 'x' }, 'owner'],
    ['no script', { number: '+442079460210' }, 'script'],
  ])('refuses %s with 400 naming the field', async (_label, body, param) => {
    const res = await post('/admin/v1/sim/phones', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.data.error.code).toBe('invalid_request');
    expect(res.data.error.param.startsWith(param)).toBe(true);
  });

  it('refuses a say step with an unknown voice (the phone would stay silent): 400 invalid_voice naming the step; a voice in any letter case is stored as listed', async () => {
    const unknown = await post('/admin/v1/sim/phones', { number: '+442079460212', script: [{ step: 'answerAfter', ms: 0 }, { step: 'say', text: 'Hello?', voice: 'xx-XX' }] });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.data.error).toMatchObject({ code: 'invalid_voice', param: 'script.1.voice' });
    const listed = await call(h.app, { method: 'GET', url: '/admin/v1/sim/phones', headers: admin() });
    expect(listed.data.data.some((p: { number: string }) => p.number === '+442079460212')).toBe(false);
    const known = await post('/admin/v1/sim/phones', { number: '+442079460212', script: [{ step: 'say', text: 'Hei', voice: 'NB-no-FEMALE' }] });
    expect(known.statusCode, known.body).toBe(201);
    expect(known.data.script).toEqual([{ step: 'say', text: 'Hei', voice: 'nb-NO-female' }]);
  });

  it('needs the admin token: an API key or no token is 401', async () => {
    expect((await post('/admin/v1/sim/phones', { number: '+442079460211', script: busy }, bearer(co.testKey))).statusCode).toBe(401);
    expect((await post('/admin/v1/sim/calls', { from: '+442079460211', to: '+4712345678' }, {})).statusCode).toBe(401);
    expect((await call(h.app, { method: 'GET', url: '/admin/v1/sim/phones' })).statusCode).toBe(401);
  });
});

describe('placing inbound calls from sim phones', () => {
  let number: string;
  const offers: InboundOffered[] = [];
  const arrived = new Set<() => void>();

  beforeAll(async () => {
    number = '+4799900' + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
    const provisioned = await post('/admin/v1/numbers', { number, companyId: co.id, profileId });
    expect(provisioned.statusCode, provisioned.body).toBe(201);
    await bus.ensureStream({ ...INBOUND_STREAM, subjects: [...INBOUND_STREAM.subjects] });
    await bus.consume({ stream: INBOUND_STREAM.name, durable: 'test', filterSubject: INBOUND_OFFERED_SUBJECT }, async (msg: BusMessage) => {
      offers.push(JSON.parse(Buffer.from(msg.data).toString()) as InboundOffered);
      await msg.ack();
      for (const f of [...arrived]) f();
    });
  });

  const offerFor = (id: string) =>
    new Promise<InboundOffered>((resolve) => {
      const check = (): void => {
        const found = offers.find((o) => o.id === id);
        if (!found) return;
        arrived.delete(check);
        resolve(found);
      };
      arrived.add(check);
      check();
    });

  it('offers the call on the inbound stream and answers 202 offered', async () => {
    const res = await post('/admin/v1/sim/calls', { from: '+442079460123', to: number });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.data).toEqual({ id: expect.stringMatching(/^sim_[0-9a-z]{26}$/), object: 'sim_call', from: '+442079460123', to: number, state: 'offered' });
    const offer = await offerFor(res.data.id);
    expect(offer).toEqual({
      id: res.data.id,
      carrier: 'sim',
      from: '+442079460123',
      to: number,
      numberId: expect.stringMatching(/^num_/),
      companyId: co.id,
      profileId,
      offeredAt: new Date(h.clock.now()).toISOString(),
    });
  });

  it('a retry with the same Idempotency-Key offers the call once', async () => {
    const headers = { ...admin(), 'idempotency-key': 'sim-call-1' };
    const first = await post('/admin/v1/sim/calls', { from: '+442079460124', to: number }, headers);
    const again = await post('/admin/v1/sim/calls', { from: '+442079460124', to: number }, headers);
    expect(again.data.id).toBe(first.data.id);
    expect(again.headers['idempotency-replayed']).toBe('true');
    await offerFor(first.data.id);
    // A later call is offered after it, so everything before it has arrived.
    const later = await post('/admin/v1/sim/calls', { from: '+442079460125', to: number });
    await offerFor(later.data.id);
    expect(offers.filter((o) => o.id === first.data.id)).toHaveLength(1);
  });

  it.each([
    ['a number that is not provisioned', { from: '+442079460123', to: '+4799999999' }, 404, 'to'],
    ['a caller outside the sim range', { from: '+4712345678', to: '+4799999999' }, 400, 'from'],
    ['a caller with too many digits', { from: '+4420794601234', to: '+4799999999' }, 400, 'from'],
    ['no to', { from: '+442079460123' }, 400, 'to'],
    ['an extra field', { from: '+442079460123', to: '+4799999999', mode: 'live' }, 400, 'mode'],
  ])('refuses %s', async (_label, body, status, param) => {
    const res = await post('/admin/v1/sim/calls', body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.data.error.param).toBe(param);
  });
});

describe('when the bus is down', () => {
  it('answers 503 service_unavailable with Retry-After, not a 500', async () => {
    const down = createMemoryBus();
    const broken: Bus = Object.assign(Object.create(down) as Bus, {
      kv: () => Promise.reject(new BusError('unavailable', 'NATS is away')),
      ensureStream: () => Promise.reject(new BusError('unavailable', 'NATS is away')),
    });
    const api = await startApiWith(broken);
    try {
      const company = await createTestCompany(api.app);
      const profile = await createProfile(api.app, company, 'down');
      const target = '+4799800' + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
      expect((await call(api.app, { method: 'POST', url: '/admin/v1/numbers', headers: admin(), payload: { number: target, companyId: company.id, profileId: profile } })).statusCode).toBe(201);
      for (const [method, url, payload] of [
        ['POST', '/admin/v1/sim/phones', { number: '+442079460220', script: busy }],
        ['GET', '/admin/v1/sim/phones', undefined],
        ['POST', '/admin/v1/sim/calls', { from: '+442079460220', to: target }],
      ] as const) {
        const res = await call(api.app, { method, url, headers: admin(), ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(503);
        expect(res.data.error.code).toBe('service_unavailable');
        expect(res.headers['retry-after']).toBe(String(DEPENDENCY_RETRY_AFTER_SECONDS));
      }
    } finally {
      await api.close();
      await down.close();
    }
  });
});
