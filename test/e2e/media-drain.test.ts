import { afterAll, describe, expect, it } from 'vitest';
import type { CustomerServer } from '../integration/stream-customer-server.js';
import { runSentral, type SentralProcess } from '../support/sentral-process.js';
import type { CallsSystem, Customer } from './calls-harness.js';
import { streamedEchoCall, withStreamingCustomer } from '../support/calls-customer.js';

const GRACE_SECONDS = 3;

let sys: CallsSystem;
let customer: Customer;
let streams: CustomerServer;
let media: SentralProcess | undefined;

withStreamingCustomer((started) => ({ sys, customer, streams } = started), { system: { cluster: true, inProcessMedia: false }, balanceOre: 5_000 });
afterAll(async () => media?.stop('SIGKILL'));

describe('sentral media stopped with SIGTERM', () => {
  it('drains: no new call, the live call goes on for the grace, then ends as service_stopping with its stream stopped, and the process exits 0', async () => {
    media = runSentral(['media'], {
      ...sys.env,
      SENTRAL_MEDIA_WORKERS: '1',
      SENTRAL_MEDIA_PORT: '0',
      SENTRAL_NODE_ID: 'drain-test',
      SENTRAL_MEDIA_DRAIN_SECONDS: String(GRACE_SECONDS),
      SENTRAL_ALLOW_INSECURE_TARGETS: '1',
      SENTRAL_LOG_LEVEL: 'info',
    });
    await media.printed(/media node drain-test listening on port/);
    const before = await customer.balance();
    const { callId, conn } = await streamedEchoCall({ sys, customer, streams }, 'drain');

    const exited = media.stop('SIGTERM');
    await media.printed(/media node draining: no new calls/);
    // The only node drains: a new call finds no media node.
    const refused = await sys.request(customer.key, 'POST', '/v1/calls', {
      profileId: customer.profileId, to: '+442079460008', from: customer.number, maxMinutes: 3,
    }, { 'idempotency-key': 'drain-2' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.body.error.code).toBe('media_unavailable');
    // The live call goes on during the grace: its stream keeps getting audio.
    const heard = conn.messages.length;
    await conn.waitFor((m) => m.event === 'media', heard);

    const ended = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === callId, 30_000);
    expect(ended.data.reason).toBe('service_stopping');
    // The stream gets its stop as when any call ends.
    await conn.waitFor((m) => m.event === 'stop');
    expect(await exited).toBe(0);
    // Billed to the end of the grace: one minute of the call and of the stream, drawn once.
    expect(ended.data.countedMinutes).toBe(1);
    expect(await customer.balance()).toBe(before - ended.data.priceOre);
    const call = await sys.request(customer.key, 'GET', `/v1/calls/${callId}`);
    expect(call.body).toMatchObject({ state: 'ended', endReason: 'service_stopping' });
  }, 90_000);
});
