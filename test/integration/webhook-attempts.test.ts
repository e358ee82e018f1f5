import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent, wakeDispatcher } from '../../control/events/event-log.js';
import { createEndpoint } from '../../control/events/webhook-endpoints.js';
import { listAttempts } from '../../control/events/webhook-deliveries.js';
import { MAX_RESPONSE_BODY_BYTES } from '../../control/events/webhook-sender.js';
import type { KeyPrincipal } from '../../control/accounts/principal.js';
import { openWebhookHarness, type WebhookHarness } from '../support/webhook-harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

let h: WebhookHarness;
let r: WebhookReceiver;
let caller: KeyPrincipal;
let endpointId: string;

beforeAll(async () => {
  h = await openWebhookHarness();
  await h.dispatcher({ timeoutMs: 300 });
  r = await startWebhookReceiver();
  caller = await h.company();
  endpointId = (await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['*'] }, { allowInsecure: true })).id;
});

afterAll(async () => {
  await h?.close();
  await r?.close();
});

async function attemptOnce() {
  h.skipReports();
  await h.sql.begin((tx) => recordEvent(tx, h.clock, { companyId: caller.companyId, profileId: null, mode: 'test', type: 'call.ended', data: {}, objectId: null }));
  await wakeDispatcher(h.services.bus);
  const report = await h.nextReport();
  const [attempt] = (await listAttempts(h.sql, caller, endpointId, { limit: 1 })).data;
  return { report, attempt: attempt! };
}

describe('webhook attempts', () => {
  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    r.respond(() => ({ status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } }));
    const { report, attempt } = await attemptOnce();
    expect(report).toMatchObject({ outcome: 'retry_scheduled', statusCode: 302 });
    expect(attempt).toMatchObject({ statusCode: 302, error: 'redirects are not followed' });
    expect(r.received.filter((x) => x.path !== '/hook')).toHaveLength(0);
  });

  it('keeps at most 1 KiB of the response body', async () => {
    r.respond(() => ({ status: 500, body: 'é'.repeat(4000) }));
    const { attempt } = await attemptOnce();
    expect(Buffer.byteLength(attempt.responseBody!)).toBeLessThanOrEqual(MAX_RESPONSE_BODY_BYTES);
    expect(attempt.responseBody!.length).toBe(512);
  });

  it('counts no answer within the timeout as a failed attempt', async () => {
    r.respond(() => ({ status: 200, hang: true }));
    const { report, attempt } = await attemptOnce();
    expect(report).toMatchObject({ outcome: 'retry_scheduled', statusCode: null });
    expect(attempt).toMatchObject({ statusCode: null, error: 'no response within 300 ms' });
  });

  it('counts a refused connection as a failed attempt', async () => {
    await r.close();
    const { attempt } = await attemptOnce();
    expect(attempt.statusCode).toBeNull();
    expect(attempt.error).toMatch(/^connection failed: ECONNREFUSED/);
  });
});
