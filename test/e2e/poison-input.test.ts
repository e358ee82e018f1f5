/**
 * What PostgreSQL cannot store, or what would blow a recursive walk, is refused at the API's edge with a
 * 400 that names the parameter: every poison into every string field that reaches a call's actor or the
 * webhook tables. Afterwards the call still answers at once: nothing reached its mailbox.
 */
import { describe, expect, it } from 'vitest';
import type { CallsSystem, Customer } from './calls-harness.js';
import { withCallsCustomer } from '../support/calls-customer.js';

let sys: CallsSystem;
let customer: Customer;
let callId: string;

withCallsCustomer(async (started) => {
  ({ sys, customer } = started);
  const created = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 3 }, { 'idempotency-key': 'poison-call' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  callId = created.body.id;
  await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === callId);
});

const nest = (depth: number, inner: string): string => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);

/** Each poison as raw JSON text (JSON.parse turns the \u escapes into lone surrogates and NUL). */
const POISONS: Array<[name: string, json: string]> = [
  ['a lone high surrogate', '"hi \\ud800"'],
  ['a lone low surrogate', '"hi \\udc00 there"'],
  ['NUL at depth 1', '"a\\u0000b"'],
  ['NUL at depth 70', nest(70, '"x\\u0000"')],
  ['a lone surrogate in a key', '{"k\\ud83d":"v"}'],
  ['100,000-deep nesting', '['.repeat(100_000) + ']'.repeat(100_000)],
  ['1 MB of metadata', `{${Array.from({ length: 1000 }, (_, i) => `"k${i}":"${'x'.repeat(990)}"`).join(',')}}`],
  ['a 200,000-element array', `[${new Array(200_000).fill('0').join(',')}]`],
];

const P = '__POISON__';

/** Every string field that reaches an actor or the webhook tables, with the poison in its place. */
const FIELDS: Array<[name: string, method: string, path: () => string, body: () => unknown, param: string]> = [
  ['say text', 'POST', () => `/v1/calls/${callId}/say`, () => ({ text: P }), 'text'],
  ['participant displayName', 'POST', () => `/v1/calls/${callId}/participants`, () => ({ participant: { kind: 'app', displayName: P } }), 'participant.displayName'],
  ['participant externalRef', 'POST', () => `/v1/calls/${callId}/participants`, () => ({ participant: { kind: 'app', externalRef: P } }), 'participant.externalRef'],
  ['call externalRef', 'POST', () => '/v1/calls', () => ({ profileId: customer.profileId, to: '+442079460001', from: customer.number, externalRef: P }), 'externalRef'],
  ['a participant at call creation', 'POST', () => '/v1/calls', () => ({ profileId: customer.profileId, participants: [{ kind: 'app', displayName: P }] }), 'participants.0.displayName'],
  ['metadata value in POST /v1/calls', 'POST', () => '/v1/calls', () => ({ profileId: customer.profileId, to: '+442079460001', from: customer.number, metadata: { note: P } }), 'metadata.note'],
  ['metadata itself in POST /v1/calls', 'POST', () => '/v1/calls', () => ({ profileId: customer.profileId, to: '+442079460001', from: customer.number, metadata: P }), 'metadata'],
  ['metadata value in PATCH', 'PATCH', () => `/v1/calls/${callId}`, () => ({ metadata: { note: P } }), 'metadata.note'],
  ['metadata itself in PATCH', 'PATCH', () => `/v1/calls/${callId}`, () => ({ metadata: P }), 'metadata'],
  ['stream customParameters', 'POST', () => `/v1/calls/${callId}/streams`, () => ({ endpointId: customer.endpointId, customParameters: { team: P } }), 'customParameters.team'],
  ['gather choices', 'POST', () => `/v1/calls/${callId}/gather`, () => ({ text: 'Press one', choices: [{ id: P, digits: '1' }] }), 'choices.0.id'],
  ['gather phrases', 'POST', () => `/v1/calls/${callId}/gather`, () => ({ input: ['speech'], choices: [{ id: 'a', phrases: ['yes', P] }] }), 'choices.0.phrases.1'],
  ['amd voicemail text', 'POST', () => '/v1/calls', () => ({ profileId: customer.profileId, to: '+442079460004', from: customer.number, amd: { mode: 'voicemail_drop', text: P } }), 'amd.text'],
  ['webhook endpoint url', 'POST', () => '/v1/webhook-endpoints', () => ({ url: P, events: ['call.*'] }), 'url'],
  ['webhook endpoint events', 'POST', () => '/v1/webhook-endpoints', () => ({ url: 'https://example.com/hook', events: [P] }), 'events.0'],
  ['webhook endpoint description', 'PATCH', () => `/v1/webhook-endpoints/${customer.endpointId}`, () => ({ description: P }), 'description'],
];

let seq = 0;
async function send(method: string, path: string, text: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sys.api}${path}`, {
    method,
    headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json', 'idempotency-key': `poison-${++seq}` },
    body: text,
  });
  return { status: res.status, body: await res.json() };
}

describe('poison input is refused at the edge with a 400 naming the parameter', () => {
  for (const [field, method, path, body, param] of FIELDS) {
    it(`${field}: every poison is 400 invalid_request, never a 5xx`, async () => {
      for (const [poison, json] of POISONS) {
        const text = JSON.stringify(body()).replace(`"${P}"`, json);
        expect(text.length, poison).toBeLessThan(1024 * 1024);
        const res = await send(method, path(), text);
        expect(res.status, `${poison}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(400);
        expect(res.body.error.code, poison).toBe('invalid_request');
        // The parameter named is the field or lies inside it.
        expect(res.body.error.param === param || String(res.body.error.param).startsWith(`${param}.`), `${poison}: param ${res.body.error.param}`).toBe(true);
      }
    });
  }

  it('metadata beyond the documented bounds names the limit', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])), /50/],
      [{ ['k'.repeat(41)]: 'v' }, /40/],
      [{ note: 'x'.repeat(501) }, /500/],
      [{ nested: { a: 1 } }, /metadata\.nested/],
    ];
    for (const [metadata, limit] of cases) {
      const res = await sys.request(customer.key, 'PATCH', `/v1/calls/${callId}`, { metadata });
      expect(res.status).toBe(400);
      expect(`${res.body.error.param} ${res.body.error.message}`).toMatch(limit);
    }
    const ok = await sys.request(customer.key, 'PATCH', `/v1/calls/${callId}`, { metadata: { ['k'.repeat(40)]: 'x'.repeat(500), n: 1, b: true, z: null } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('a NUL or lone surrogate in a path or query parameter is refused too', async () => {
    const inPath = await sys.request(customer.key, 'GET', `/v1/calls/${callId}%00/commands/cmd_x`);
    expect(inPath.status).toBe(400);
    const inQuery = await sys.request(customer.key, 'GET', `/v1/events?type=call.ended%00`);
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.error.param).toBe('type');
  });

  it('after all of it the call answers say and hangup at once: nothing poisoned its mailbox', async () => {
    const say = await sys.request(customer.key, 'POST', `/v1/calls/${callId}/say`, { text: 'still here' }, { 'idempotency-key': 'poison-after-say' });
    expect(say.status, JSON.stringify(say.body)).toBeLessThan(300);
    const hangup = await sys.request(customer.key, 'POST', `/v1/calls/${callId}/hangup`);
    expect(hangup.status, JSON.stringify(hangup.body)).toBe(200);
    expect(hangup.body).toMatchObject({ state: 'ended', endReason: 'hangup_api' });
  });
});
