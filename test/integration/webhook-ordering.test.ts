import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent, wakeDispatcher } from '../../control/events/event-log.js';
import { createEndpoint } from '../../control/events/webhook-endpoints.js';
import { openWebhookHarness, type WebhookHarness } from '../support/webhook-harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

describe('webhook ordering with two dispatchers on PostgreSQL', () => {
  let h: WebhookHarness;
  let r: WebhookReceiver;
  const byDispatcher = [0, 0];

  beforeAll(async () => {
    h = await openWebhookHarness();
    r = await startWebhookReceiver();
    await h.dispatcher({ concurrency: 2, onAttempt: () => byDispatcher[0]!++ });
    await h.dispatcher({ concurrency: 2, onAttempt: () => byDispatcher[1]!++ });
  });

  afterAll(async () => {
    await h?.close();
    await r?.close();
  });

  it('delivers the events of one object in order, retries included, while other objects go on', async () => {
    const caller = await h.company();
    await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['*'] }, { allowInsecure: true });
    const objects = ['call_a', 'call_b', 'call_c', 'call_d'];
    const perObject = 12;
    const seen = new Set<string>();
    // The first answers wait until one attempt per object is in flight: two at most per dispatcher, so
    // both hold some (otherwise the one that wakes first could take every object's head, all the way).
    let arrived = 0;
    let openGate = (): void => undefined;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    r.respond(async (hook) => {
      if (++arrived === objects.length) openGate();
      await gate;
      const { data } = JSON.parse(hook.body) as { data: { index: number } };
      const id = String(hook.headers['webhook-id']);
      const first = !seen.has(id);
      seen.add(id);
      // Answers come back out of arrival order; the first attempt of every fourth event fails.
      await new Promise((resolve) => setImmediate(resolve));
      return { status: first && data.index % 4 === 1 ? 500 : 200 };
    });
    await h.sql.begin(async (tx) => {
      for (let index = 0; index < perObject; index++) {
        for (const objectId of objects) {
          await recordEvent(tx, h.clock, {
            companyId: caller.companyId, profileId: null, mode: 'test', type: 'call.participant.updated', data: { index, objectId }, objectId,
          });
        }
      }
    });
    await wakeDispatcher(h.services.bus);
    const successes = (): number => h.reports.filter((x) => x.outcome === 'succeeded').length;
    while (successes() < objects.length * perObject) await h.runFor(5_000);

    const arrivals = r.received.map((x) => (JSON.parse(x.body) as { data: { index: number; objectId: string } }).data);
    for (const objectId of objects) {
      const indices = arrivals.filter((a) => a.objectId === objectId).map((a) => a.index);
      // Non-decreasing: an event is sent again (its retry) or its successor goes once it was delivered.
      expect(indices).toEqual([...indices].sort((a, b) => a - b));
      expect([...new Set(indices)]).toEqual([...Array(perObject).keys()]);
    }
    expect(r.received).toHaveLength(objects.length * perObject * 1.25);
    // Both dispatchers did part of the work.
    expect(byDispatcher[0]).toBeGreaterThan(0);
    expect(byDispatcher[1]).toBeGreaterThan(0);
  });
});
