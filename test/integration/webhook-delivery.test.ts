import { createPublicKey, verify as cryptoVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { verifySignature as verify } from '../../clients/typescript/src/signature.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';
import type { KeyPrincipal } from '../../control/accounts/principal.js';
import { recordEvent, wakeDispatcher } from '../../control/events/event-log.js';
import { createEndpoint, enableEd25519, getEndpoint, reviveEndpoint, rotateSecret } from '../../control/events/webhook-endpoints.js';
import { listAttempts, listFailedDeliveries, recoverFailed, redeliver, sendTestEvent } from '../../control/events/webhook-deliveries.js';
import { RETRY_DELAYS_MS } from '../../control/events/retry-schedule.js';
import { FAILING_DISABLE_AFTER_MS } from '../../control/events/attempt-recorder.js';
import { openWebhookHarness, type WebhookHarness } from '../support/webhook-harness.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.js';
import type { EventType } from '../../protocol/events/event-catalogue.js';

const policy = { allowInsecure: true };
let h: WebhookHarness;
const receivers: WebhookReceiver[] = [];

async function receiver(): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
}

function header(hook: ReceivedWebhook, name: string): string {
  return String(hook.headers[name]);
}

function verifiesWithLibrary(secret: string, hook: ReceivedWebhook): boolean {
  try {
    new Webhook(secret).verify(hook.body, {
      'webhook-id': header(hook, 'webhook-id'),
      'webhook-timestamp': header(hook, 'webhook-timestamp'),
      'webhook-signature': header(hook, 'webhook-signature'),
    });
    return true;
  } catch {
    return false;
  }
}

function verifiesV1a(publicKey: string, hook: ReceivedWebhook): boolean {
  const raw = Buffer.from(publicKey.slice('whpk_'.length), 'base64');
  const key = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]), format: 'der', type: 'spki' });
  const entry = header(hook, 'webhook-signature').split(' ').find((e) => e.startsWith('v1a,'));
  if (!entry) return false;
  const signed = Buffer.from(`${header(hook, 'webhook-id')}.${header(hook, 'webhook-timestamp')}.${hook.body}`);
  return cryptoVerify(null, signed, key, Buffer.from(entry.slice(4), 'base64'));
}

async function emit(caller: KeyPrincipal, type: EventType, objectId: string | null, profileId: string | null = null, data: Record<string, unknown> = {}) {
  const event = await h.sql.begin((tx) =>
    recordEvent(tx, h.clock, { companyId: caller.companyId, profileId, mode: caller.mode, type, data, objectId }),
  );
  await wakeDispatcher(h.services.bus);
  return event;
}

beforeAll(async () => {
  h = await openWebhookHarness();
  await h.dispatcher();
});

afterAll(async () => {
  await h?.close();
  for (const r of receivers) await r.close();
});

describe('webhook delivery', () => {
  it('delivers a signed event that the standardwebhooks library and node:crypto (v1a) verify', async () => {
    const caller = await h.company();
    const r = await receiver();
    const ep = await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['call.*'] }, policy);
    const withKey = await enableEd25519(h.sql, h.clock, caller, ep.id);
    expect(withKey.publicKey).toMatch(/^whpk_/);

    const event = await emit(caller, 'call.ended', 'call_1', null, { callId: 'call_1' });
    const hook = await r.next();
    expect(JSON.parse(hook.body)).toEqual({
      object: 'event', id: event.id, type: 'call.ended', api_version: '1', occurred_at: event.occurred_at,
      data: { callId: 'call_1', mode: 'test', profileId: null },
    });
    expect(event.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(hook.headers['content-type']).toBe('application/json');
    expect(header(hook, 'webhook-id')).toMatch(/^dlv_/);
    expect(header(hook, 'webhook-timestamp')).toBe(String(Math.floor(h.clock.now() / 1000)));
    expect(verifiesWithLibrary(ep.secret, hook)).toBe(true);
    expect(verifiesV1a(withKey.publicKey!, hook)).toBe(true);
    const report = await h.nextReport();
    expect(report).toMatchObject({ outcome: 'succeeded', statusCode: 200, attempt: 1 });
  });

  it('sends each event only to endpoints of its mode, profile scope and event filter', async () => {
    const caller = await h.company();
    const profileA = await h.profile(caller.companyId);
    const profileB = await h.profile(caller.companyId);
    const all = await receiver();
    const onlyA = await receiver();
    const exact = await receiver();
    const live = await receiver();
    await createEndpoint(h.sql, h.clock, caller, { url: all.url, events: ['*'] }, policy);
    await createEndpoint(h.sql, h.clock, caller, { url: onlyA.url, events: ['call.*'], profileId: profileA }, policy);
    await createEndpoint(h.sql, h.clock, caller, { url: exact.url, events: ['call.ended'] }, policy);
    await createEndpoint(h.sql, h.clock, { ...caller, mode: 'live' }, { url: live.url, events: ['*'] }, policy);

    await emit(caller, 'call.participant.joined', 'call_2', profileB);
    await emit(caller, 'call.ended', 'call_3', profileA);
    await emit(caller, 'sms.status', 'sms_1', profileA);
    await h.idle();

    const types = (r: WebhookReceiver) => r.received.map((x) => JSON.parse(x.body).type as string).sort();
    expect(types(all)).toEqual(['call.ended', 'call.participant.joined', 'sms.status']);
    expect(types(onlyA)).toEqual(['call.ended']);
    expect(types(exact)).toEqual(['call.ended']);
    expect(live.received).toHaveLength(0);
  });

  it('signs with both secrets after a rotation and only with the new one after the grace period', async () => {
    const caller = await h.company();
    const r = await receiver();
    const ep = await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['*'] }, policy);
    await emit(caller, 'call.ended', 'call_r1');
    expect(verifiesWithLibrary(ep.secret, await r.next())).toBe(true);

    const rotated = await rotateSecret(h.sql, h.clock, caller, ep.id);
    expect(rotated.secret).not.toBe(ep.secret);
    expect(Date.parse(rotated.previousExpiresAt)).toBe(h.clock.now() + 24 * 3_600_000);
    await emit(caller, 'call.ended', 'call_r2');
    const during = await r.next();
    expect(header(during, 'webhook-signature').split(' ').filter((e) => e.startsWith('v1,'))).toHaveLength(2);
    expect(verifiesWithLibrary(ep.secret, during)).toBe(true);
    expect(verifiesWithLibrary(rotated.secret, during)).toBe(true);

    await h.idle();
    await h.clock.advance(24 * 3_600_000 + 1_000);
    await emit(caller, 'call.ended', 'call_r3');
    const after = await r.next();
    const check = (secret: string) =>
      verify(header(after, 'webhook-signature'), { secrets: [secret] }, header(after, 'webhook-id'), header(after, 'webhook-timestamp'), after.body, { now: h.clock.now() });
    expect(header(after, 'webhook-signature').split(' ')).toHaveLength(1);
    expect(check(rotated.secret)).toBe(true);
    expect(check(ep.secret)).toBe(false);
  });

  it('makes exactly 8 attempts on the schedule, lists the delivery as failed, and recover-failed delivers it', async () => {
    const caller = await h.company();
    const r = await receiver();
    r.respond(() => ({ status: 500, body: 'down' }));
    const ep = await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['*'] }, policy);
    await h.idle();
    h.skipReports();
    const start = h.clock.now();
    const event = await emit(caller, 'call.ended', 'call_s1');
    const offsets: number[] = [];
    let report = await h.nextReport();
    offsets.push(h.clock.now() - start);
    for (const delay of RETRY_DELAYS_MS) {
      expect(report.outcome).toBe('retry_scheduled');
      expect(report.nextAttemptAtMs).toBe(h.clock.now() + delay);
      await h.idle();
      await h.clock.advance(delay);
      report = await h.nextReport();
      offsets.push(h.clock.now() - start);
    }
    expect(report.outcome).toBe('gave_up');
    expect(offsets).toEqual([0, 5_000, 305_000, 2_105_000, 9_305_000, 27_305_000, 63_305_000, 99_305_000]);
    // Every attempt: same webhook-id and body, its own timestamp.
    expect(new Set(r.received.map((x) => header(x, 'webhook-id'))).size).toBe(1);
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
    expect(r.received.map((x) => Number(header(x, 'webhook-timestamp')) * 1000 - Math.floor(start / 1000) * 1000)).toEqual(offsets);

    await h.idle();
    await h.clock.advance(48 * 3_600_000);
    await h.idle();
    expect(r.received).toHaveLength(8);
    const failed = await listFailedDeliveries(h.sql, caller, ep.id, {});
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0]).toMatchObject({ eventId: event.id, state: 'failed', attemptCount: 8, eventType: 'call.ended' });
    expect((await getEndpoint(h.sql, caller, ep.id)).disabled).toBe(false);

    r.respond(() => ({ status: 204 }));
    expect(await recoverFailed(h.sql, h.clock, caller, ep.id)).toBe(1);
    await wakeDispatcher(h.services.bus);
    expect(await h.nextReport()).toMatchObject({ outcome: 'succeeded', attempt: 9, statusCode: 204 });
    expect(header(await lastHook(r), 'webhook-id')).toBe(failed.data[0]!.id);
    expect((await listFailedDeliveries(h.sql, caller, ep.id, {})).data).toHaveLength(0);
    const attempts = await listAttempts(h.sql, caller, ep.id, { limit: 5 });
    expect(attempts.data.map((a) => a.statusCode)).toEqual([204, 500, 500, 500, 500]);
    expect(attempts.hasMore).toBe(true);
    const rest = await listAttempts(h.sql, caller, ep.id, { before: attempts.nextCursor! });
    expect(rest.data).toHaveLength(4);
    expect(rest.data[0]!.responseBody).toBe('down');
    expect((await getEndpoint(h.sql, caller, ep.id)).failingSince).toBeNull();

    const metrics = await h.services.metrics.getMetricsAsJSON();
    const attemptsMetric = metrics.find((m) => m.name === 'sentral_webhook_attempts_total')!;
    const byOutcome = Object.fromEntries(attemptsMetric.values.map((v) => [v.labels.outcome, v.value]));
    expect(byOutcome.gave_up).toBeGreaterThanOrEqual(1);
    expect(byOutcome.retry_scheduled).toBeGreaterThanOrEqual(7);
    expect(metrics.map((m) => m.name)).toEqual(expect.arrayContaining([
      'sentral_webhook_attempt_duration_seconds', 'sentral_webhook_queue_depth', 'sentral_webhook_oldest_due_age_seconds',
    ]));
  });

  it('recovers only the deliveries that gave up in a time range (since inclusive, until exclusive)', async () => {
    const caller = await h.company();
    const r = await receiver();
    r.respond(() => ({ status: 500, body: 'down' }));
    const ep = await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['*'] }, policy);
    await h.idle();
    const hour = 3_600_000;
    const times: number[] = [];
    const events: string[] = [];
    for (const i of [1, 2, 3]) {
      times.push(h.clock.now());
      events.push((await emit(caller, 'call.ended', `call_range${i}`)).id);
      await h.runFor(hour);
    }
    // Each has run the whole schedule (about 28 h) and given up.
    await h.runFor(30 * hour);
    expect((await listFailedDeliveries(h.sql, caller, ep.id, {})).data.map((d) => d.eventId)).toEqual([...events].reverse());

    r.respond(() => ({ status: 204 }));
    const received = r.received.length;
    expect(await recoverFailed(h.sql, h.clock, caller, ep.id, { sinceMs: times[1], untilMs: times[2] })).toBe(1);
    await h.idle();
    expect(r.received.slice(received).map((x) => JSON.parse(x.body).id)).toEqual([events[1]]);
    expect((await listFailedDeliveries(h.sql, caller, ep.id, {})).data.map((d) => d.eventId)).toEqual([events[2], events[0]]);
    // since alone: from the third on.
    expect(await recoverFailed(h.sql, h.clock, caller, ep.id, { sinceMs: times[2] })).toBe(1);
    await h.idle();
    expect(r.received.slice(received).map((x) => JSON.parse(x.body).id)).toEqual([events[1], events[2]]);
    expect((await listFailedDeliveries(h.sql, caller, ep.id, {})).data.map((d) => d.eventId)).toEqual([events[0]]);
  });

  it('disables an endpoint that answers 410 Gone; its events wait and are sent once revived', async () => {
    const caller = await h.company();
    const r = await receiver();
    r.respond(() => ({ status: 410 }));
    const ep = await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['*'] }, policy);
    h.skipReports();
    await emit(caller, 'call.ended', 'call_g1');
    expect(await h.nextReport()).toMatchObject({ statusCode: 410, endpointDisabled: 'gone', outcome: 'retry_scheduled' });
    const disabled = await getEndpoint(h.sql, caller, ep.id);
    expect(disabled).toMatchObject({ disabled: true, disabledReason: 'gone' });

    await emit(caller, 'call.ended', 'call_g2');
    await h.idle();
    await h.clock.advance(60_000);
    await h.idle();
    expect(r.received).toHaveLength(1);
    await expect(sendTestEvent(h.sql, h.clock, caller, ep.id)).rejects.toSatisfy((e) => isSentralError(e, 'webhook_endpoint_disabled'));

    r.respond(() => ({ status: 200 }));
    const revived = await reviveEndpoint(h.sql, h.clock, caller, ep.id);
    expect(revived).toMatchObject({ disabled: false, disabledReason: null, failingSince: null });
    await h.idle();
    // The delivery that got the 410 (retried) and the one that waited while disabled.
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.slice(1).map((x) => JSON.parse(x.body).type))).toEqual(new Set(['call.ended']));
  });

  it('disables an endpoint that has failed without a success for five days', async () => {
    const caller = await h.company();
    const r = await receiver();
    r.respond(() => ({ status: 503 }));
    const ep = await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['*'] }, policy);
    const start = h.clock.now();
    await emit(caller, 'call.ended', 'call_f1');
    await h.idle();
    await h.runFor(4 * 24 * 3_600_000);
    expect((await getEndpoint(h.sql, caller, ep.id)).disabled).toBe(false);
    await emit(caller, 'call.ended', 'call_f2');
    await h.runFor(2 * 24 * 3_600_000);
    const disabled = await getEndpoint(h.sql, caller, ep.id);
    expect(disabled).toMatchObject({ disabled: true, disabledReason: 'failing', failingSince: new Date(start).toISOString() });
    // The first failed attempt at or after five days disabled it; the one before it did not.
    const [last, previous] = (await listAttempts(h.sql, caller, ep.id, { limit: 2 })).data;
    expect(last!.attemptedAt).toBe(disabled.disabledAt);
    expect(Date.parse(last!.attemptedAt) - start).toBeGreaterThanOrEqual(FAILING_DISABLE_AFTER_MS);
    expect(Date.parse(previous!.attemptedAt) - start).toBeLessThan(FAILING_DISABLE_AFTER_MS);
    const count = r.received.length;
    await emit(caller, 'call.ended', 'call_f3');
    await h.runFor(3_600_000);
    expect(r.received).toHaveLength(count);
  });

  it('redelivers an event whose delivery gave up, sends one waiting for its next retry now, and refuses a delivered one', async () => {
    const caller = await h.company();
    const r = await receiver();
    const ep = await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['*'] }, policy);
    const delivered = await emit(caller, 'call.ended', 'call_d1');
    await r.next();
    await h.idle();
    const notFound = (e: unknown) => isSentralError(e, 'webhook_delivery_not_found');
    await expect(redeliver(h.sql, h.clock, caller, delivered.id, ep.id)).rejects.toSatisfy(notFound);

    r.respond(() => ({ status: 500 }));
    h.skipReports();
    const failing = await emit(caller, 'call.ended', 'call_d2');
    await h.nextReport();
    await h.idle();
    // Waiting 5 s for its first retry: redelivered, that retry is made now, with the clock standing still,
    // and the schedule goes on from there (the next retry 5 min later).
    const early = await redeliver(h.sql, h.clock, caller, failing.id, ep.id);
    expect(early).toMatchObject({ eventId: failing.id, state: 'pending', attemptCount: 1, nextAttemptAt: new Date(h.clock.now()).toISOString() });
    await wakeDispatcher(h.services.bus);
    expect(await h.nextReport()).toMatchObject({ deliveryId: early.id, attempt: 2 });
    expect(r.received).toHaveLength(3);
    for (const delay of RETRY_DELAYS_MS.slice(1)) {
      await h.idle();
      await h.clock.advance(delay);
      await h.nextReport();
    }
    r.respond(() => ({ status: 200 }));
    const again = await redeliver(h.sql, h.clock, caller, failing.id, ep.id);
    expect(again).toMatchObject({ eventId: failing.id, state: 'pending', attemptCount: 8 });
    await wakeDispatcher(h.services.bus);
    expect(await h.nextReport()).toMatchObject({ deliveryId: again.id, outcome: 'succeeded', attempt: 9 });
    await expect(redeliver(h.sql, h.clock, caller, failing.id, ep.id)).rejects.toSatisfy(notFound);

    const stranger = await h.company();
    await expect(redeliver(h.sql, h.clock, stranger, failing.id, ep.id)).rejects.toSatisfy((e) => isSentralError(e, 'not_found'));
    await expect(redeliver(h.sql, h.clock, caller, 'evt_nonexistent', ep.id)).rejects.toSatisfy(notFound);
  });

  it('sends a signed test event to the endpoint whatever its event filter', async () => {
    const caller = await h.company();
    const r = await receiver();
    const ep = await createEndpoint(h.sql, h.clock, caller, { url: r.url, events: ['sms.status'] }, policy);
    const delivery = await h.sql.begin((tx) => sendTestEvent(tx, h.clock, caller, ep.id));
    expect(delivery).toMatchObject({ endpointId: ep.id, eventType: 'webhook.test', state: 'pending' });
    await wakeDispatcher(h.services.bus);
    const hook = await r.next();
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: ep.id } });
    const { 'webhook-signature': sig, 'webhook-id': id, 'webhook-timestamp': ts } = hook.headers as Record<string, string>;
    expect(verify(sig!, { secrets: [ep.secret] }, id!, ts!, hook.body, { now: h.clock.now() })).toBe(true);
  });
});

async function lastHook(r: WebhookReceiver): Promise<ReceivedWebhook> {
  return r.received.at(-1)!;
}
