import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { recordEvent, wakeDispatcher } from '../../control/events/event-log.js';
import { createEndpoint, enableEd25519 } from '../../control/events/webhook-endpoints.js';
import { RETRY_DELAYS_MS } from '../../control/events/retry-schedule.js';
import { openWebhookHarness, type WebhookHarness } from '../support/webhook-harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// Standalone mode runs the same dispatcher on PGlite, whose sessions take turns: claiming, ordering and
// retries must hold there too.
describe('webhook delivery on embedded PGlite', () => {
  let h: WebhookHarness;
  let r: WebhookReceiver;

  beforeAll(async () => {
    h = await openWebhookHarness({ embedded: true });
    await h.dispatcher();
    await h.dispatcher();
    r = await startWebhookReceiver();
  });

  afterAll(async () => {
    await h?.close();
    await r?.close();
  });

  it('delivers signed events in order per object, retrying a failure, with two dispatchers', async () => {
    const caller = await h.company();
    const ep = await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['call.*'] }, { allowInsecure: true });
    await enableEd25519(h.sql, h.clock, caller, ep.id);
    let failOnce = true;
    r.respond((hook) => {
      const index = (JSON.parse(hook.body) as { data: { index: number } }).data.index;
      if (index === 2 && failOnce) {
        failOnce = false;
        return { status: 503 };
      }
      return { status: 200 };
    });
    await h.sql.begin(async (tx) => {
      for (let index = 0; index < 6; index++) {
        await recordEvent(tx, h.clock, { companyId: caller.companyId, profileId: null, mode: 'test', type: 'call.participant.updated', data: { index }, objectId: 'call_1' });
      }
    });
    await wakeDispatcher(h.services.bus);
    await h.idle();
    expect(r.received.map((x) => JSON.parse(x.body).data.index)).toEqual([0, 1, 2]);
    await h.runFor(RETRY_DELAYS_MS[0]!);
    expect(r.received.map((x) => JSON.parse(x.body).data.index)).toEqual([0, 1, 2, 2, 3, 4, 5]);
    const hook = r.received[0]!;
    const headers = hook.headers as Record<string, string>;
    expect(() => new Webhook(ep.secret).verify(hook.body, headers)).not.toThrow();
    expect(headers['webhook-signature']!.split(' ').map((e) => e.split(',')[0])).toEqual(['v1', 'v1a']);
  });
});
