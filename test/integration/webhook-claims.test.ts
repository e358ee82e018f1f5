import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../control/events/event-log.js';
import { createEndpoint } from '../../control/events/webhook-endpoints.js';
import { DELIVERY_LEASE_MS, DeliveryClaim } from '../../control/events/delivery-claim.js';
import { openWebhookHarness, type WebhookHarness } from '../support/webhook-harness.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { eventually } from '../support/eventually.js';

// Claims are leases of DELIVERY_LEASE_MS that the dispatcher sending under them renews: a dead
// dispatcher's deliveries (and the later events of their objects, which wait for them) go out within the
// lease, while a live dispatcher keeps a delivery to a slow endpoint for as long as the attempt takes.
describe('webhook delivery claims', () => {
  let h: WebhookHarness;
  let r: WebhookReceiver;

  beforeAll(async () => {
    h = await openWebhookHarness();
    r = await startWebhookReceiver();
  });

  afterAll(async () => {
    await h?.close();
    await r?.close();
  });

  async function recordTwo(objectId: string): Promise<void> {
    const caller = await h.company();
    await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['*'] }, { allowInsecure: true });
    await h.sql.begin(async (tx) => {
      for (const index of [0, 1]) {
        await recordEvent(tx, h.clock, { companyId: caller.companyId, profileId: null, mode: 'test', type: 'call.participant.updated', data: { index, objectId }, objectId });
      }
    });
  }

  const indicesOf = (objectId: string): number[] =>
    r.received.map((x) => (JSON.parse(x.body) as { data: { index: number; objectId: string } }).data).filter((d) => d.objectId === objectId).map((d) => d.index);

  it("a dead dispatcher's claim runs out within the lease: its delivery and the object's next event go out then, with the same webhook-id", async () => {
    await recordTwo('call_dead');
    // A dispatcher claims the object's first event and dies before sending it: nobody renews the claim.
    const [claimed] = await new DeliveryClaim(h.sql, DELIVERY_LEASE_MS).claim(1, h.clock.now(), new Set());
    expect(claimed).toBeDefined();
    await h.dispatcher();
    await h.idle();
    await h.clock.advance(DELIVERY_LEASE_MS - 1);
    await h.idle();
    // Before the lease was 10 s it was the attempt timeout plus 30 s: 45 s.
    expect(indicesOf('call_dead')).toEqual([]);
    await h.clock.advance(1);
    await h.idle();
    expect(indicesOf('call_dead')).toEqual([0, 1]);
    const first = r.received.find((x) => (JSON.parse(x.body) as { data: { objectId: string } }).data.objectId === 'call_dead')!;
    expect(first.headers['webhook-id']).toBe(claimed!.id);
  });

  it('the dispatcher sending to a slow endpoint renews its claim, so no other dispatcher sends it again meanwhile', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    r.respond(async () => {
      await answered;
      return { status: 200 };
    });
    await recordTwo('call_slow');
    const before = h.reports.length;
    // The attempt's timeout runs on real time: a loaded machine may take longer than the default 15 s over
    // the clock moves below, and a timed-out attempt would be retried, not renewed. Woken directly, so that
    // the first test's dispatcher (default timeout) does not take it.
    const sender = await h.dispatcher({ timeoutMs: 10 * 60_000 });
    sender.wake();
    await eventually(() => indicesOf('call_slow').length === 1);
    const other = await h.dispatcher();
    // Four and a half leases of the manual clock pass, a second at a time, while the endpoint has not answered.
    for (let i = 0; i < 45; i++) {
      await h.clock.advance(1_000);
      other.wake();
      await other.whenIdle();
    }
    expect(indicesOf('call_slow')).toEqual([0]);
    answer();
    await h.idle();
    expect(indicesOf('call_slow')).toEqual([0, 1]);
    expect(h.reports.slice(before).map((x) => x.outcome)).toEqual(['succeeded', 'succeeded']);
  });
});
