import { describe, expect, it } from 'vitest';
import type { CallsSystem, Customer } from './calls-harness.js';
import { withCallsCustomer } from '../support/calls-customer.js';

// Operations that take no body: ordinary HTTP clients call them with an empty body typed
// application/octet-stream, with `{}`, or with no Content-Type at all. Each is the same request.

let sys: CallsSystem;
let customer: Customer;

withCallsCustomer((started) => ({ sys, customer } = started));

/** A raw POST: the body and headers exactly as given (fetch adds no Content-Type to bytes). */
async function rawPost(path: string, body: Uint8Array | string | null, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sys.api}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.key}`, ...headers },
    ...(body === null ? {} : { body: typeof body === 'string' ? new TextEncoder().encode(body) : body }),
  });
  return { status: res.status, body: await res.json() };
}

const EMPTY_BODIES: ReadonlyArray<readonly [string, Uint8Array | string | null, Record<string, string>]> = [
  ['an empty body typed application/octet-stream', new Uint8Array(0), { 'content-type': 'application/octet-stream' }],
  ['{} typed application/json', '{}', { 'content-type': 'application/json' }],
  ['no body and no content type', null, {}],
  ['an empty body typed application/json', new Uint8Array(0), { 'content-type': 'application/json' }],
  ['{} with no content type', '{}', {}],
];

let seq = 0;
async function answeredCall(): Promise<string> {
  const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 1 }, { 'idempotency-key': `empty-${++seq}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === res.body.id);
  return res.body.id as string;
}

describe('hangup takes no body', () => {
  it.each(EMPTY_BODIES)('hangs up with %s', async (_label, body, headers) => {
    const callId = await answeredCall();
    const res = await rawPost(`/v1/calls/${callId}/hangup`, body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: callId, state: 'ended', endReason: 'hangup_api' });
  });
});

describe('recover-failed takes an optional body', () => {
  it.each(EMPTY_BODIES)('recovers with %s', async (_label, body, headers) => {
    const res = await rawPost(`/v1/webhook-endpoints/${customer.endpointId}/recover-failed`, body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ object: 'webhook_recovery', recovered: 0 });
  });

  it('still validates a body that is present, as JSON, whatever it was typed', async () => {
    const path = `/v1/webhook-endpoints/${customer.endpointId}/recover-failed`;
    const bad = await rawPost(path, '{"since":"yesterday"}', {});
    expect([bad.status, bad.body.error.code, bad.body.error.param]).toEqual([400, 'invalid_request', 'since']);
    const truncated = await rawPost(path, '{"since":', { 'content-type': 'application/json' });
    expect([truncated.status, truncated.body.error.code]).toEqual([400, 'invalid_json']);
    const unknown = await rawPost(path, '{"sinse":"2020-01-01T00:00:00Z"}', { 'content-type': 'application/json' });
    expect([unknown.status, unknown.body.error.param]).toEqual([400, 'sinse']);
    const bytes = await rawPost(path, new Uint8Array([1, 2, 3]), { 'content-type': 'application/octet-stream' });
    expect([bytes.status, bytes.body.error.code]).toEqual([415, 'unsupported_media_type']);
    const form = await rawPost(path, 'since=2020-01-01', { 'content-type': 'application/x-www-form-urlencoded' });
    expect([form.status, form.body.error.code]).toEqual([415, 'unsupported_media_type']);
  });
});
