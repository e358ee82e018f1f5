import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallsSystem, Customer } from '../e2e/calls-harness.js';
import type { CustomerServer } from '../integration/stream-customer-server.js';
import { streamedEchoCall, withStreamingCustomer } from '../support/calls-customer.js';
import { runSentral, type SentralProcess } from '../support/sentral-process.js';
import { serviceUrls } from '../support/services.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

// A partition, not a crash: a `sentral media` process reaches NATS through a TCP proxy that stops forwarding
// without closing anything (issue #38 item 4). Its calls must end as media_lost, billed to the loss; the node
// must end their sessions itself (their streams get `stop`) and, once the path heals, take calls again.

const NATS_PORT = Number(new URL(serviceUrls.nats).port || 4222);

let sys: CallsSystem;
let customer: Customer;
let streams: CustomerServer;
let proxy: TcpProxy;
let media: SentralProcess | undefined;

withStreamingCustomer((started) => ({ sys, customer, streams } = started), { system: { cluster: true, inProcessMedia: false }, balanceOre: 5_000 });
beforeAll(async () => {
  proxy = await startTcpProxy(NATS_PORT);
});
afterAll(async () => {
  await media?.stop('SIGKILL');
  await proxy?.close();
});

describe('a media node cut off from the bus', () => {
  it('its call ends as media_lost billed to the cut, the node ends the session itself, and after the heal it takes calls again', async () => {
    media = runSentral(['media'], {
      ...sys.env,
      NATS_URL: `nats://127.0.0.1:${proxy.port}`,
      SENTRAL_MEDIA_WORKERS: '1',
      SENTRAL_NODE_ID: 'cut-media',
      SENTRAL_ALLOW_INSECURE_TARGETS: '1',
      SENTRAL_LOG_LEVEL: 'info',
    });
    await media.printed(/media node cut-media listening on port/);
    const before = await customer.balance();
    const { callId, conn: cutStream, endpointId } = await streamedEchoCall({ sys, customer, streams }, 'cut');

    proxy.blackhole();
    const cutAt = Date.now();
    // The control plane ends the call when the node's registry entry expires (TTL 20 s, a sweep every 2 s).
    const ended = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === callId, 45_000);
    const endedAfterMs = Date.now() - cutAt;
    expect(ended.data.reason).toBe('media_lost');
    const call = (await sys.request(customer.key, 'GET', `/v1/calls/${callId}`)).body;
    expect(call).toMatchObject({ state: 'ended', endReason: 'media_lost' });
    // Billed to the node's last heartbeat before the cut (one every 2 s): never the time spent finding out.
    expect(Date.parse(call.endedAt)).toBeLessThanOrEqual(cutAt);
    // (Or at the answer, when the node's last heartbeat came before it.)
    expect(Date.parse(call.endedAt)).toBeGreaterThan(cutAt - 3_000);
    expect(Date.parse(call.endedAt)).toBeGreaterThanOrEqual(Date.parse(call.answeredAt));
    expect(ended.data.countedMinutes).toBeLessThanOrEqual(1);
    // The node, still cut off, counts itself lost and ends the session: the stream gets its stop.
    await media.printed(/counts as lost/);
    await cutStream.waitFor((m) => m.event === 'stop');
    const stoppedAfterMs = Date.now() - cutAt;

    proxy.heal();
    const healedAt = Date.now();
    await media.printed(/registered again as a new run/);
    const rejoinedAfterMs = Date.now() - healedAt;
    const second = await sys.request(customer.key, 'POST', '/v1/calls', {
      profileId: customer.profileId, to: '+442079460008', from: customer.number, maxMinutes: 3, stream: { endpointId },
    }, { 'idempotency-key': 'cut-2' });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === second.body.id && e.data.kind === 'phone');
    const healedStream = await streams.connection(1);
    await healedStream.waitFor((m) => m.event === 'media' && m.sequenceNumber > 10);
    const hangup = await sys.request(customer.key, 'POST', `/v1/calls/${second.body.id}/hangup`, {}, { 'idempotency-key': 'cut-2-hangup' });
    expect(hangup.status, JSON.stringify(hangup.body)).toBeLessThan(300);
    const secondEnded = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === second.body.id, 30_000);
    expect(secondEnded.data.reason).not.toBe('media_lost');
    await healedStream.waitFor((m) => m.event === 'stop');
    // Money exact: the two calls' prices drawn once each, nothing for the time the first was cut off.
    expect(await customer.balance()).toBe(before - ended.data.priceOre - secondEnded.data.priceOre);
    console.table([{ endedAfterMs, stoppedAfterMs, rejoinedAfterMs, endedAtBeforeCutMs: cutAt - Date.parse(call.endedAt) }]);
  }, 120_000);
});
