/**
 * DNS rebinding: a webhook POST or a stream dial connects to the address the target check approved, never
 * to what DNS answers afterwards. The resolver here answers 127.0.0.2 when the target is checked and
 * 127.0.0.1 on every later question; the host name is `localhost`, which the system resolver also answers
 * with 127.0.0.1. A listener on 127.0.0.1 counts raw TCP connections: a connection that followed a later DNS
 * answer (the resolver asked again, or the system's) would show up there. (127.0.0.2 stands for "the
 * address that was checked": with a public address the check demands port 443, where no test can listen.)
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent, wakeDispatcher } from '../../control/events/event-log.js';
import { createEndpoint } from '../../control/events/webhook-endpoints.js';
import { listAttempts } from '../../control/events/webhook-deliveries.js';
import type { Resolver } from '../../shared/net/target-check.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { createLogger } from '../../shared/log/log.js';
import { StreamClient } from '../../media/stream/stream-client.js';
import type { StreamEndReason } from '../../protocol/stream/stream-end-reason.js';
import { openWebhookHarness, type WebhookHarness } from '../support/webhook-harness.js';

/** Answers the checked address first, then 127.0.0.1: a rebinding name server. */
function rebindingResolver(): Resolver & { questions: number } {
  const resolver = Object.assign(async () => (resolver.questions++ === 0 ? ['127.0.0.2'] : ['127.0.0.1']), { questions: 0 });
  return resolver;
}

let listener: Server;
let port: number;
const connections: Socket[] = [];

beforeAll(async () => {
  listener = createServer((socket) => {
    connections.push(socket);
    socket.on('error', () => {});
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(async () => new Promise<void>((resolve) => listener.close(() => resolve())));

describe('webhook POSTs go to the checked address', () => {
  let h: WebhookHarness;
  beforeAll(async () => {
    h = await openWebhookHarness();
  });
  afterAll(async () => h?.close());

  it('a DNS answer that changes to 127.0.0.1 after the check reaches nothing on 127.0.0.1', async () => {
    const resolver = rebindingResolver();
    await h.dispatcher({ timeoutMs: 2000, lookup: resolver });
    const caller = await h.company();
    const endpoint = await createEndpoint(h.sql, h.clock, caller, { url: `http://localhost:${port}/hook`, events: ['*'] }, { allowInsecure: true });
    const before = connections.length;
    await h.sql.begin((tx) => recordEvent(tx, h.clock, { companyId: caller.companyId, profileId: null, mode: 'test', type: 'call.ended', data: {}, objectId: null }));
    await wakeDispatcher(h.services.bus);
    const report = await h.nextReport();
    expect(report).toMatchObject({ outcome: 'retry_scheduled', statusCode: null });
    expect(report.error).toMatch(/^connection failed: ECONNREFUSED/);
    expect(resolver.questions).toBe(1);
    expect(connections.length).toBe(before);

    // The retry's check is answered 127.0.0.1: that connection, checked, does reach the listener.
    await h.runFor(5_000);
    await h.nextReport();
    expect(resolver.questions).toBe(2);
    expect(connections.length).toBe(before + 1);
    const attempts = (await listAttempts(h.sql, caller, endpoint.id, { limit: 5 })).data;
    expect(attempts).toHaveLength(2);
  });
});

describe('stream dials go to the checked address', () => {
  it('a DNS answer that changes to 127.0.0.1 after the check reaches nothing on 127.0.0.1', async () => {
    const resolver = rebindingResolver();
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
    const before = connections.length;
    const ended = new Promise<StreamEndReason>((resolve) => {
      const client = new StreamClient({
        spec: {
          streamId: 'str_rebind',
          url: `http://localhost:${port}/media`,
          secrets: [`whsec_${Buffer.alloc(24, 7).toString('base64')}`],
          accountSid: 'co_test',
          from: null,
          to: null,
          customParameters: {},
          audio: 'talk',
          maxMinutes: 1,
          reconnect: false,
          test: false,
        },
        callId: 'call_rebind',
        clock,
        log: createLogger({ level: 'silent' }),
        allowInsecureTargets: true,
        lookup: resolver,
        onEnd: resolve,
      });
      client.start();
    });
    expect(await ended).toBe('connect_failed');
    expect(resolver.questions).toBe(1);
    expect(connections.length).toBe(before);
  });
});
