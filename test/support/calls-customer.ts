/**
 * The setups the call e2e files share: a calls system (test/e2e/calls-harness.ts) with one customer, started
 * before a file's tests (or a describe block's) and closed after them; for the files that stream a call to the
 * customer, the customer's stream server and a call to the echo phone streamed to it.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startCallsSystem, type CallsSystem, type Customer } from '../e2e/calls-harness.js';
import { CustomerServer, type CustomerConnection } from '../integration/stream-customer-server.js';

/** A started calls system and its one customer. */
export interface CallsCustomer {
  sys: CallsSystem;
  customer: Customer;
}

/** How the system is started and what the customer holds (10,000 øre unless said). */
export interface CallsCustomerOptions {
  system?: Parameters<typeof startCallsSystem>[0];
  balanceOre?: number;
}

/**
 * Starts the system with its customer before the tests and closes it after them; `ready` gets both once
 * started (the file keeps its own names for them, and may set up more there).
 */
export function withCallsCustomer(ready: (started: CallsCustomer) => unknown, options: CallsCustomerOptions = {}): void {
  let sys: CallsSystem | undefined;
  beforeAll(async () => {
    sys = await startCallsSystem(options.system);
    await ready({ sys, customer: await sys.customer({ balanceOre: options.balanceOre ?? 10_000 }) });
  });
  afterAll(async () => sys?.close());
}

/** A calls system and customer with the customer's stream server. */
export interface StreamingCustomer extends CallsCustomer {
  streams: CustomerServer;
}

/**
 * As withCallsCustomer, with the customer's stream server, closed before the system. The streams' signing
 * secret is the endpoint's, known once streamedEchoCall made it. Hooks the file adds after this run before
 * these at the end (stop its own processes there).
 */
export function withStreamingCustomer(ready: (started: StreamingCustomer) => unknown, options: CallsCustomerOptions = {}): void {
  let streams: CustomerServer | undefined;
  withCallsCustomer(async (started) => {
    streams = await CustomerServer.start(streamOptions);
    await ready({ ...started, streams });
  }, options);
  afterAll(async () => streams?.close());
}

// One stream server per file: its secret is set when the file's endpoint is made.
const streamOptions = { secret: '', now: () => Date.now() };

/**
 * A stream endpoint for the customer's stream server and a call to the echo phone (+442079460008, which
 * repeats what it hears) streamed to it, once the phone joined and the stream hears the call (the endpoint's
 * id for more calls). Idempotency keys are `${keyPrefix}-stream-ep` and `${keyPrefix}-1`.
 */
export async function streamedEchoCall({ sys, customer, streams }: StreamingCustomer, keyPrefix: string): Promise<{ callId: string; conn: CustomerConnection; endpointId: string }> {
  const endpoint = await sys.request(customer.key, 'POST', '/v1/webhook-endpoints', { url: streams.url, events: ['sms.status'] }, { 'idempotency-key': `${keyPrefix}-stream-ep` });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  streamOptions.secret = endpoint.body.secret;
  const res = await sys.request(customer.key, 'POST', '/v1/calls', {
    profileId: customer.profileId, to: '+442079460008', from: customer.number, maxMinutes: 3, stream: { endpointId: endpoint.body.id },
  }, { 'idempotency-key': `${keyPrefix}-1` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const callId: string = res.body.id;
  await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === callId && e.data.kind === 'phone');
  const conn = await streams.connection(0);
  await conn.waitFor((m) => m.event === 'media' && m.sequenceNumber > 10);
  return { callId, conn, endpointId: endpoint.body.id };
}
