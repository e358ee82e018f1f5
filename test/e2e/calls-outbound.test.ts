import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CallsSystem, Customer } from './calls-harness.js';
import { withCallsCustomer } from '../support/calls-customer.js';
import { callDraws } from '../support/ledger-draws.js';

let sys: CallsSystem;
let customer: Customer;

withCallsCustomer((started) => ({ sys, customer } = started));

let keySeq = 0;
async function dial(to: string, extra: Record<string, unknown> = {}) {
  const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to, from: customer.number, maxMinutes: 3, ...extra }, { 'idempotency-key': `dial-${++keySeq}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('an outbound call as the customer sees it', () => {
  it('answered, hung up by the API: joined, then ended with the price drawn from the balance to the øre', async () => {
    const before = await customer.balance();
    const call = await dial('+442079460001', { externalRef: 'order-1', metadata: { shop: 'north' } });
    expect(call).toMatchObject({ object: 'call', state: 'dialing', to: '+442079460001', from: customer.number, externalRef: 'order-1' });
    const joined = await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === call.id);
    expect(joined.data).toMatchObject({ kind: 'phone', externalRef: 'order-1', metadata: { shop: 'north' }, mode: 'live', profileId: customer.profileId });

    const hungUp = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
    expect(hungUp.status, JSON.stringify(hungUp.body)).toBe(200);
    expect(hungUp.body).toMatchObject({ state: 'ended', endReason: 'hangup_api' });

    const ended = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === call.id);
    expect(ended.data).toMatchObject({ reason: 'hangup_api', countedMinutes: 1, priceOre: 25, externalRef: 'order-1' });
    expect(await customer.balance()).toBe(before - ended.data.priceOre);
    const read = await sys.request(customer.key, 'GET', `/v1/calls/${call.id}`);
    expect(read.body).toMatchObject({ state: 'ended', priceOre: 25, countedMinutes: 1 });
  });
});

describe('a call\'s price is what the ledger drew', () => {
  it('for calls of every outcome (fast-check picks them), call.ended and the call say what the ledger captured, item by item', async () => {
    // Answered and hung up by the API after a while, answered and hung up by the phone, busy, not in service.
    const outcomes = fc.sample(fc.array(fc.record({ to: fc.constantFrom('+442079460001', '+442079460007', '+442079460002', '+442079460099'), holdMs: fc.integer({ min: 0, max: 1500 }) }), { minLength: 4, maxLength: 4 }), { seed: 41, numRuns: 1 })[0]!;
    await Promise.all(outcomes.map(async ({ to, holdMs }) => {
      const call = await dial(to);
      const answered = customer.nextEvent((e) => e.type === 'call.answered' && e.data.callId === call.id).then(() => true, () => false);
      const ended = customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === call.id);
      if (to === '+442079460001' && (await answered)) {
        await new Promise((r) => setTimeout(r, holdMs));
        await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
      }
      const end = await ended;
      const drawn = await callDraws(sys.services.sql, call.id, end.data.priceItems);
      expect([to, end.data.priceOre]).toEqual([to, drawn.total]);
      for (const item of end.data.priceItems) expect([to, item.id, item.priceOre]).toEqual([to, item.id, drawn.byItem.get(item.id)]);
      expect((await sys.request(customer.key, 'GET', `/v1/calls/${call.id}`)).body).toMatchObject({ priceOre: drawn.total, priceItems: end.data.priceItems });
    }));
  });
});

describe('participant kinds cost the same however they come', () => {
  it('a call created with an app user and a staff member costs what one with two app users costs (staff priced as app users)', async () => {
    const priceOf = async (participants: Record<string, unknown>[], key: string) => {
      const made = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, participants, maxMinutes: 3 }, { 'idempotency-key': key });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const hungUp = await sys.request(customer.key, 'POST', `/v1/calls/${made.body.id}/hangup`);
      expect(hungUp.status, JSON.stringify(hungUp.body)).toBe(200);
      const ended = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === made.body.id);
      return ended.data.priceOre as number;
    };
    const before = await customer.balance();
    const twoApps = await priceOf([{ kind: 'app' }, { kind: 'app' }], 'kinds-apps');
    const appAndStaff = await priceOf([{ kind: 'app' }, { kind: 'staff', externalRef: 'agent-1' }], 'kinds-staff');
    expect(twoApps).toBe(10);
    expect(appAndStaff).toBe(twoApps);
    expect(await customer.balance()).toBe(before - twoApps - appAndStaff);
  });
});

/** The event types of a call in the order they arrived. */
/** The call's event types, without call.ringing (whether a number rings first is the phone's script). */
function typesOf(callId: string): string[] {
  return customer.callEvents(callId).map((e) => e.type).filter((t) => t !== 'call.ringing');
}

describe('every simulated number ends the way a real one would', () => {
  it('busy (…002), not in service (…099) and no answer (…003): ended unanswered, nothing charged, no price item, the reservation back', async () => {
    const before = await customer.balance();
    const [busy, failed, silent] = await Promise.all([
      dial('+442079460002'),
      dial('+442079460099'),
      dial('+442079460003', { ringTimeoutSeconds: 5 }),
    ]);
    const ends = await Promise.all([busy, failed, silent].map((c) => customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === c.id)));
    expect(ends.map((e) => [e.data.reason, e.data.priceOre, e.data.countedMinutes, e.data.duration, e.data.priceItems])).toEqual([
      ['busy', 0, 0, 0, []],
      ['failed', 0, 0, 0, []],
      ['no_answer', 0, 0, 0, []],
    ]);
    for (const [call, reason] of [[busy, 'busy'], [failed, 'failed'], [silent, 'no_answer']] as const) {
      expect(typesOf(call.id)).toEqual(['call.participant.left', 'call.ended']);
      expect((await sys.request(customer.key, 'GET', `/v1/calls/${call.id}`)).body).toMatchObject({ priceOre: 0, priceItems: [] });
      expect(customer.callEvents(call.id).find((e) => e.type === 'call.participant.left')!.data).toMatchObject({ kind: 'phone', reason });
    }
    expect(await customer.balance()).toBe(before);
  });

  it('answered and hung up by the phone (…007): joined, left with hangup, ended as hangup_phone after about 5 s', async () => {
    const before = await customer.balance();
    const call = await dial('+442079460007');
    const ended = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === call.id);
    expect(typesOf(call.id)).toEqual(['call.answered', 'call.participant.joined', 'call.participant.left', 'call.ended']);
    expect(customer.callEvents(call.id).find((e) => e.type === 'call.participant.left')!.data).toMatchObject({ kind: 'phone', reason: 'hangup' });
    expect(ended.data).toMatchObject({ reason: 'hangup_phone', countedMinutes: 1, priceOre: 25 });
    expect(ended.data.duration).toBeGreaterThanOrEqual(4);
    expect(ended.data.duration).toBeLessThanOrEqual(6);
    expect(await customer.balance()).toBe(before - 25);
  });

  it('a retried POST /v1/calls with the same Idempotency-Key returns the same call and dials once', async () => {
    const body = { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 1 };
    const first = await sys.request(customer.key, 'POST', '/v1/calls', body, { 'idempotency-key': 'retry-me' });
    const again = await sys.request(customer.key, 'POST', '/v1/calls', body, { 'idempotency-key': 'retry-me' });
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    await sys.request(customer.key, 'POST', `/v1/calls/${first.body.id}/hangup`);
    await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === first.body.id);
  });
});

describe('money and the rules of creation', () => {
  it('less than one affordable minute is 402 insufficient_balance and nothing is dialled', async () => {
    const poor = await sys.customer({ balanceOre: 20 });
    const res = await sys.request(poor.key, 'POST', '/v1/calls', { profileId: poor.profileId, to: '+442079460001', from: poor.number }, { 'idempotency-key': 'poor' });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('insufficient_balance');
    expect(await poor.balance()).toBe(20);
  });

  it('reserves as many whole minutes as the balance reaches and gives back what was not used', async () => {
    const small = await sys.customer({ balanceOre: 60 });
    const res = await sys.request(small.key, 'POST', '/v1/calls', { profileId: small.profileId, to: '+442079460001', from: small.number, maxMinutes: 10 }, { 'idempotency-key': 'small' });
    expect(res.status).toBe(201);
    // 2 minutes of 25 øre fit in 60 øre: 50 are held while the call runs.
    expect(await small.balance()).toBe(10);
    await small.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === res.body.id);
    await sys.request(small.key, 'POST', `/v1/calls/${res.body.id}/hangup`);
    await small.nextEvent((e) => e.type === 'call.ended' && e.data.callId === res.body.id);
    expect(await small.balance()).toBe(35);
  });

  it('a profile over its monthly limit starts nothing (402 profile_limit_reached)', async () => {
    const limited = await sys.customer();
    const limit = await sys.request(limited.key, 'PUT', `/v1/profiles/${limited.profileId}/limit`, { limitOre: 10 });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    const res = await sys.request(limited.key, 'POST', '/v1/calls', { profileId: limited.profileId, to: '+442079460001', from: limited.number }, { 'idempotency-key': 'limited' });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('profile_limit_reached');
  });

  it('test keys cost nothing', async () => {
    const tester = await sys.customer({ mode: 'test' });
    const before = await tester.balance();
    const res = await sys.request(tester.key, 'POST', '/v1/calls', { profileId: tester.profileId, to: '+442079460001', from: tester.number }, { 'idempotency-key': 'free' });
    expect(res.status).toBe(201);
    await tester.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === res.body.id);
    await sys.request(tester.key, 'POST', `/v1/calls/${res.body.id}/hangup`);
    const ended = await tester.nextEvent((e) => e.type === 'call.ended' && e.data.callId === res.body.id);
    // What live would cost: the started minutes at the live rate of a phone participant.
    const prices = (await sys.request(tester.key, 'GET', '/v1/prices')).body;
    expect(ended.data).toMatchObject({ priceOre: 0, mode: 'test', wouldCostOre: ended.data.countedMinutes * prices.perMinuteOre.participants.phone });
    expect(ended.data.wouldCostOre).toBeGreaterThan(0);
    expect((await sys.request(tester.key, 'GET', `/v1/calls/${res.body.id}`)).body).toMatchObject({ priceOre: 0, wouldCostOre: ended.data.wouldCostOre });
    expect(await tester.balance()).toBe(before);
  });

  it('refuses what the rules forbid, with clear codes', async () => {
    const base = { profileId: customer.profileId, to: '+442079460001', from: customer.number };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...base, from: '+4799999999' }, 422, 'from_not_allowed'],
      [{ ...base, from: undefined }, 422, 'from_not_allowed'],
      [{ ...base, text: 'Hi', audioClipId: 'clip_x' }, 400, 'invalid_request'],
      [{ ...base, amd: { mode: 'detect' }, text: 'Hi' }, 400, 'invalid_request'],
      [{ profileId: customer.profileId, participants: [{ kind: 'app' }], amd: { mode: 'detect' } }, 400, 'invalid_request'],
      [{ ...base, amd: { mode: 'voicemail_drop' } }, 400, 'invalid_request'],
      [{ ...base, amd: { mode: 'voicemail_drop', text: 'Hi', clipId: 'clip_x' } }, 400, 'invalid_request'],
      [{ ...base, amd: { mode: 'hangup_on_machine', text: 'Hi' } }, 400, 'invalid_request'],
      [{ ...base, amd: { mode: 'listen' } }, 400, 'invalid_request'],
      [{ ...base, amd: { mode: 'detect', beep: true } }, 400, 'invalid_request'],
      [{ ...base, amd: { mode: 'voicemail_drop', clipId: 'clip_none' } }, 404, 'not_found'],
      [{ ...base, transcription: 'yes' }, 400, 'invalid_request'],
      [{ profileId: customer.profileId }, 400, 'call_without_party'],
      [{ profileId: customer.profileId, participants: [{ kind: 'bot' }] }, 400, 'call_without_party'],
      [{ profileId: customer.profileId, participants: [{ kind: 'ai_agent' }] }, 400, 'call_without_party'],
      [{ ...base, voice: 'klingon' }, 400, 'invalid_voice'],
      [{ ...base, profileId: '00000000-0000-4000-8000-000000000000' }, 404, 'not_found'],
    ];
    for (const [i, [body, status, code]] of cases.entries()) {
      const res = await sys.request(customer.key, 'POST', '/v1/calls', body, { 'idempotency-key': `bad-${i}` });
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const noKey = await sys.request(customer.key, 'POST', '/v1/calls', base);
    expect([noKey.status, noKey.body.error.code]).toEqual([400, 'idempotency_key_required']);
    // A staff member is a person: a call of staff alone is a call (an agent waiting for callers, say).
    const staffOnly = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, participants: [{ kind: 'staff', externalRef: 'agent-1' }] }, { 'idempotency-key': 'staff-only' });
    expect([staffOnly.status, staffOnly.body.participants?.[0]?.kind], JSON.stringify(staffOnly.body)).toEqual([201, 'staff']);
    await sys.request(customer.key, 'POST', `/v1/calls/${staffOnly.body.id}/hangup`);
  });
});

describe('live calls to numbers that cannot exist', () => {
  it('are 400 invalid_phone_number naming the parameter and what is wrong, for every way of dialling, and nothing is reserved', async () => {
    const before = await customer.balance();
    const base = { profileId: customer.profileId, to: '+442079460001', from: customer.number };
    const created: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...base, to: '+4712345678' }, 'to', /to \(\+4712345678\) cannot be a phone number: it is in no range \+47 has allocated/],
      [{ ...base, to: '+447700900001' }, 'to', /no range \+44 has allocated/],
      [{ ...base, to: '+999999999999999' }, 'to', /country code is not one in use/],
      [{ ...base, participants: [{ kind: 'app' }, { kind: 'phone', to: '+479123456789' }] }, 'participants.1.to', /too long/],
    ];
    for (const [i, [body, param, why]] of created.entries()) {
      const res = await sys.request(customer.key, 'POST', '/v1/calls', body, { 'idempotency-key': `cannot-exist-${i}` });
      expect([res.status, res.body.error?.code, res.body.error?.param], JSON.stringify(body)).toEqual([400, 'invalid_phone_number', param]);
      expect(res.body.error.message).toMatch(why);
    }
    expect(await customer.balance()).toBe(before);

    // On a running call: adding a phone participant, offering to phones, transferring.
    const call = await dial('+442079460001');
    await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === call.id);
    const during = await customer.balance();
    const verbs: Array<[string, Record<string, unknown>, string]> = [
      ['participants', { participant: { kind: 'phone', to: '+4712345678' } }, 'participant.to'],
      ['offers', { targets: [{ kind: 'phone', to: '+4791234567' }, { kind: 'phone', to: '+4712345678' }] }, 'targets.1.to'],
      ['transfer', { to: '+4712345678' }, 'to'],
    ];
    for (const [verb, body, param] of verbs) {
      const res = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/${verb}`, body, { 'idempotency-key': `cannot-exist-${verb}` });
      expect([verb, res.status, res.body.error?.code, res.body.error?.param]).toEqual([verb, 400, 'invalid_phone_number', param]);
    }
    expect(await customer.balance()).toBe(during);
    expect(customer.callEvents(call.id).filter((e) => e.type === 'call.participant.joined')).toHaveLength(1);
    await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
    await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === call.id);
  });

  it('a test key keeps the simulated network\'s directory: the call is placed and fails as not reachable', async () => {
    const tester = await sys.customer({ mode: 'test' });
    const res = await sys.request(tester.key, 'POST', '/v1/calls', { profileId: tester.profileId, to: '+4712345678', from: tester.number }, { 'idempotency-key': 'test-cannot-exist' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const ended = await tester.nextEvent((e) => e.type === 'call.ended' && e.data.callId === res.body.id);
    expect(ended.data).toMatchObject({ reason: 'failed', priceOre: 0 });
  });
});

describe('hostile input and other people\'s calls', () => {
  it('refuses malformed, oversized and hostile creation bodies with 400 invalid_request, and dials nothing', async () => {
    const before = await customer.balance();
    const base = { profileId: customer.profileId, to: '+442079460001', from: customer.number };
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
    const bodies: unknown[] = [
      { ...base, unknown: 1 },
      { ...base, to: '0047 12345678' },
      { ...base, to: '+442079460001; drop table calls' },
      { ...base, maxMinutes: 0 },
      { ...base, maxMinutes: 10_000 },
      { ...base, metadata: many(51) },
      { ...base, participants: Array.from({ length: 21 }, () => ({ kind: 'app' })) },
      { ...base, participants: [{ kind: 'stream' }] },
      { ...base, participants: [{ kind: 'app', __proto__: { admin: true }, extra: 1 }] },
      { ...base, stream: { endpointId: 'ep_x', customParameters: many(21) } },
      { ...base, stream: { endpointId: '../../etc/passwd' } },
      { ...base, stream: { endpointId: 'ep_x', maxMinutes: 61 } },
      { ...base, audioClipId: 'clip/../../x' },
      { ...base, text: 'x'.repeat(4001) },
      { ...base, profileId: 'not-a-uuid' },
      [base],
      'call me',
    ];
    for (const [i, body] of bodies.entries()) {
      const res = await sys.request(customer.key, 'POST', '/v1/calls', body, { 'idempotency-key': `hostile-${i}` });
      expect([res.status, res.body?.error?.code], JSON.stringify(body).slice(0, 200)).toEqual([400, 'invalid_request']);
    }
    expect(await customer.balance()).toBe(before);
  });

  it('another company\'s key, or a wrong id, finds no call (404), and cannot act on it', async () => {
    const call = await dial('+442079460001');
    const other = await sys.customer();
    for (const [method, path, body] of [
      ['GET', `/v1/calls/${call.id}`, undefined],
      ['POST', `/v1/calls/${call.id}/hangup`, undefined],
      ['PATCH', `/v1/calls/${call.id}`, { metadata: { x: 1 } }],
      ['POST', `/v1/calls/${call.id}/say`, { text: 'hi' }],
      ['GET', `/v1/calls/${call.id}/commands/cmd_abc`, undefined],
      ['GET', `/v1/calls/${call.id}/recordings`, undefined],
    ] as const) {
      const res = await sys.request(other.key, method, path, body, { 'idempotency-key': `other-${method}-${path}` });
      expect([res.status, res.body.error.code], `${method} ${path}`).toEqual([404, 'not_found']);
    }
    const unknown = await sys.request(customer.key, 'GET', '/v1/calls/call_doesnotexist');
    expect(unknown.status).toBe(404);
    await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
    await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === call.id);
    // An outcome set after the call is kept and shown.
    const outcome = await sys.request(customer.key, 'PATCH', `/v1/calls/${call.id}`, { metadata: { outcome: 'sold' } });
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    expect((await sys.request(customer.key, 'GET', `/v1/calls/${call.id}`)).body.metadata).toEqual({ outcome: 'sold' });
  });
});
