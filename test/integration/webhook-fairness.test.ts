import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../control/events/event-log.js';
import { createEndpoint } from '../../control/events/webhook-endpoints.js';
import type { AttemptReport } from '../../control/events/dispatcher.js';
import { openWebhookHarness, type WebhookHarness } from '../support/webhook-harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// A dispatcher keeps at most its per-endpoint cap of attempts in flight to one endpoint, so an endpoint
// that does not answer holds that many places, not all of them, and other customers' webhooks go out.
describe('webhook fairness between endpoints', () => {
  let h: WebhookHarness;
  let slow: WebhookReceiver;
  let fast: WebhookReceiver;

  beforeAll(async () => {
    h = await openWebhookHarness();
    slow = await startWebhookReceiver();
    fast = await startWebhookReceiver();
  });

  afterAll(async () => {
    await h?.close();
    await slow?.close();
    await fast?.close();
  });

  async function queue(url: string, count: number, tag: string): Promise<string> {
    const caller = await h.company();
    const endpoint = await createEndpoint(h.sql, h.clock, caller, { url, events: ['*'] }, { allowInsecure: true });
    await h.sql.begin(async (tx) => {
      for (let i = 0; i < count; i++) {
        await recordEvent(tx, h.clock, { companyId: caller.companyId, profileId: null, mode: 'test', type: 'call.participant.updated', data: { i }, objectId: `${tag}_${i}` });
      }
    });
    return endpoint.id;
  }

  it("an endpoint that does not answer holds only its cap of places, while another endpoint's webhooks all go out", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let inFlight = 0;
    let most = 0;
    slow.respond(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await released;
      inFlight--;
      return { status: 200 };
    });
    // The slow endpoint's deliveries are due first, three times the dispatcher's places.
    const slowId = await queue(slow.url, 24, 'slow');
    const fastId = await queue(fast.url, 8, 'fast');
    // The attempts' timeout runs on real time: the slow endpoint's must outlast a loaded machine's test.
    const dispatcher = await h.dispatcher({ concurrency: 8, endpointConcurrency: 4, timeoutMs: 10 * 60_000 });
    dispatcher.wake();

    const reports: AttemptReport[] = [];
    while (reports.length < 8) reports.push(await h.nextReport());
    expect(reports.every((r) => r.endpointId === fastId && r.outcome === 'succeeded')).toBe(true);
    expect(fast.received).toHaveLength(8);
    for (let i = 0; i < 4; i++) await slow.next();
    expect(inFlight).toBe(4);

    release();
    await h.idle();
    const slowReports = h.reports.filter((r) => r.endpointId === slowId);
    expect(slowReports).toHaveLength(24);
    expect(slowReports.every((r) => r.outcome === 'succeeded')).toBe(true);
    expect(most).toBe(4);
  });
});
