/**
 * Queue depth and the age of the oldest item as an SRE scrapes them: the messaging outbox, campaign
 * recipients and webhook deliveries from real PostgreSQL (a database of its own, rows as the pipeline leaves them), partition
 * mailboxes from real NATS JetStream, and an SMPP bind's window against a real SMPP peer that does not
 * answer. A sample answers scrapes for a few seconds, so a busy Prometheus costs one query per queue.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { Registry } from 'prom-client';
import smpp, { type PDU, type Session } from 'smpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestCompany, startApi, type ApiHarness } from './api-harness.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { createLogger } from '../../shared/log/log.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { QUEUE_SAMPLE_MS } from '../../shared/metrics/queue-metrics.js';
import { reportOutbox } from '../../control/messaging/outbox/outbox-metrics.js';
import { reportCampaigns } from '../../control/messaging/campaigns/campaign-metrics.js';
import { reportMailboxes } from '../../control/calls/host/mailbox-metrics.js';
import { dispatcherMetrics } from '../../control/events/dispatcher-metrics.js';
import { smsChannel } from '../../control/messaging/sms/sms-channel.js';
import { loadConfig } from '../../shared/config/config.js';
import type { MessageRow } from '../../control/messaging/message-row.js';
import { MAILBOX_STREAM, mailboxSubject, partitionConsumer, partitionFilterSubject, partitionOf } from '../../protocol/bus/bus-names.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { ownDatabase, serviceUrls, uniquePrefix } from '../support/services.js';

const clock = new ManualClock(Date.UTC(2026, 2, 15, 12));
const log = createLogger({ level: 'silent' });
let db: Awaited<ReturnType<typeof ownDatabase>>;
let api: ApiHarness;
let companyId = '';
let profileId = '';

beforeAll(async () => {
  db = await ownDatabase('queues');
  // The webhook test stores events with bodies of its own: what they say does not matter to a queue.
  api = await startApi({ sql: db.sql, clock, checkEvents: false });
  const co = await createTestCompany(api.app);
  companyId = co.id;
  const profile = await call(api.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'Klinikk', slug: `klinikk-${randomUUID().slice(0, 8)}`, services: { sms: true } } });
  profileId = profile.data.id;
});
afterAll(async () => {
  await api?.close();
  await db?.drop();
});

/** The value of one series in the registry's exposition text (undefined when absent). */
async function series(registry: Registry, name: string, labels: string): Promise<number | undefined> {
  const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

async function message(channel: string, state: string, dueInMs: number): Promise<void> {
  const now = clock.now();
  await db.sql`
    insert into messages (id, channel, company_id, profile_id, mode, direction, state, from_address, to_address, content, next_attempt_at_ms, created_at_ms, updated_at_ms)
    values (${`msg_${randomUUID()}`}, ${channel}, ${companyId}, ${profileId}, 'live', 'outbound', ${state}, 'Sentral', '+4790000001', '{}'::jsonb, ${now + dueInMs}, ${now}, ${now})`;
}

describe('queue metrics', () => {
  it('reports the outbox per channel: due messages and how long the oldest has been due, one query per sample', async () => {
    const registry = new Registry();
    const outbox = reportOutbox(registry, db.sql, clock, log);
    await message('sms', 'accepted', -30_000);
    await message('sms', 'scheduled', -10_000);
    await message('sms', 'scheduled', 60_000); // not due yet
    await message('sms', 'sending', -90_000); // handed to a carrier: out of the queue
    await message('email', 'accepted', -5_000);
    expect(await series(registry, 'sentral_queue_depth', 'queue="outbox",key="sms"')).toBe(2);
    expect(await series(registry, 'sentral_queue_oldest_age_seconds', 'queue="outbox",key="sms"')).toBe(30);
    expect(await series(registry, 'sentral_queue_depth', 'queue="outbox",key="email"')).toBe(1);
    expect(await series(registry, 'sentral_queue_oldest_age_seconds', 'queue="outbox",key="email"')).toBe(5);

    // Within the sample's life a scrape reads no database: a new message shows with the next sample.
    await message('sms', 'accepted', -1_000);
    await clock.advance(QUEUE_SAMPLE_MS - 1);
    expect(await series(registry, 'sentral_queue_depth', 'queue="outbox",key="sms"')).toBe(2);
    await clock.advance(1);
    expect(await series(registry, 'sentral_queue_depth', 'queue="outbox",key="sms"')).toBe(3);
    expect(await series(registry, 'sentral_queue_oldest_age_seconds', 'queue="outbox",key="sms"')).toBe(35);

    outbox.remove();
    expect(await series(registry, 'sentral_queue_depth', 'queue="outbox",key="sms"')).toBeUndefined();
  });

  it('reports campaign recipients waiting in running campaigns and how long a due run has waited for a runner', async () => {
    const registry = new Registry();
    reportCampaigns(registry, db.sql, clock, log);
    expect(await series(registry, 'sentral_queue_depth', 'queue="campaigns",key=""')).toBe(0);
    expect(await series(registry, 'sentral_queue_oldest_age_seconds', 'queue="campaigns",key=""')).toBe(0);
    const now = clock.now();
    for (const [id, status] of [['cmp_running', 'running'], ['cmp_paused', 'paused']] as const) {
      await db.sql`
        insert into campaigns (id, company_id, profile_id, mode, name, status, channel, sender, template_id, list_id, rate_per_second, next_run_at_ms, created_at_ms, updated_at_ms)
        values (${id}, ${companyId}, ${profileId}, 'live', 'Spring', ${status}, 'sms', 'Sentral', 'tpl_x', 'lst_x', 10,
                ${status === 'running' ? now - 20_000 : null}, ${now}, ${now})`;
      for (const [position, state] of ['pending', 'pending', 'queued'].entries()) {
        await db.sql`insert into campaign_recipients (campaign_id, position, contact_id, state) values (${id}, ${position}, ${`con_${position}`}, ${state})`;
      }
    }
    await clock.advance(QUEUE_SAMPLE_MS);
    // The paused campaign's recipients wait on purpose: not the runners' backlog.
    expect(await series(registry, 'sentral_queue_depth', 'queue="campaigns",key=""')).toBe(2);
    expect(await series(registry, 'sentral_queue_oldest_age_seconds', 'queue="campaigns",key=""')).toBe(25);
  });

  it('reports webhook deliveries: pending ones, and the oldest due to an endpoint that takes them', async () => {
    const registry = new Registry();
    dispatcherMetrics(registry, db.sql, clock);
    const now = clock.now();
    for (const [endpoint, disabledAt] of [['we_on', null], ['we_off', now - 60_000]] as const) {
      await db.sql`
        insert into webhook_endpoints (id, company_id, mode, url, events, disabled_at_ms, created_at_ms, updated_at_ms)
        values (${endpoint}, ${companyId}, 'live', 'https://hooks.example/x', ${['*']}, ${disabledAt}, ${now}, ${now})`;
    }
    const deliveries = [['we_on', -12_000], ['we_on', 30_000], ['we_off', -50_000]] as const;
    for (const [i, [endpoint, dueIn]] of deliveries.entries()) {
      await db.sql`insert into events (id, company_id, mode, type, occurred_at_ms, body) values (${`evt_q${i}`}, ${companyId}, 'live', 'sms.status', ${now}, '{}')`;
      await db.sql`
        insert into webhook_deliveries (id, event_id, endpoint_id, state, next_attempt_at_ms, created_at_ms)
        values (${`whd_q${i}`}, ${`evt_q${i}`}, ${endpoint}, 'pending', ${now + dueIn}, ${now})`;
    }
    // Waiting for a retry or for a disabled endpoint counts in the depth, not in the age.
    expect(await series(registry, 'sentral_queue_depth', 'queue="webhooks",key=""')).toBe(3);
    expect(await series(registry, 'sentral_queue_oldest_age_seconds', 'queue="webhooks",key=""')).toBe(12);
    expect((await registry.getSingleMetricAsString('sentral_webhook_queue_depth')).split('\n').at(-1)).toBe('sentral_webhook_queue_depth 3');
    expect((await registry.getSingleMetricAsString('sentral_webhook_oldest_due_age_seconds')).split('\n').at(-1)).toBe('sentral_webhook_oldest_due_age_seconds 12');
  });

  it('reports each partition mailbox on NATS: messages its consumer has not acked and the oldest one\'s age', async () => {
    const prefix = uniquePrefix('queues');
    const bus = await createNatsBus({ url: serviceUrls.nats, prefix, name: 'queue-metrics-test' });
    try {
      await bus.ensureStream({ ...MAILBOX_STREAM, subjects: [...MAILBOX_STREAM.subjects] });
      const callId = 'call_queue_metrics_1';
      const partition = partitionOf(callId, 64);
      const delivered: Array<() => Promise<void>> = [];
      let first!: () => void;
      const firstDelivered = new Promise<void>((resolve) => (first = resolve));
      // A partition whose worker took one message and is stuck on it.
      const sub = await bus.consume({ stream: MAILBOX_STREAM.name, durable: partitionConsumer(partition), filterSubject: partitionFilterSubject(partition) }, (m) => {
        delivered.push(() => m.ack());
        first();
      });
      const before = Date.now();
      await bus.publish(mailboxSubject(callId, 64), new TextEncoder().encode('{}'));
      const after = Date.now();
      await bus.publish(mailboxSubject(callId, 64), new TextEncoder().encode('{}'));
      await firstDelivered;

      const busClock = new ManualClock(after + 42_000);
      const registry = new Registry();
      reportMailboxes(registry, bus, busClock, log);
      const labels = `queue="mailbox",key="${partition}"`;
      expect(await series(registry, 'sentral_queue_depth', labels)).toBe(2);
      const age = await series(registry, 'sentral_queue_oldest_age_seconds', labels);
      expect(age).toBeGreaterThanOrEqual(42);
      expect(age).toBeLessThanOrEqual((after + 42_000 - before) / 1000);
      await sub.stop();
      expect(delivered).toHaveLength(1);
    } finally {
      await bus.close();
      await deleteNatsPrefix(prefix);
    }
  });

  it('reports an SMPP bind\'s window: submits written and not answered', async () => {
    const submits: Array<{ session: Session; pdu: PDU }> = [];
    let submitted!: () => void;
    let arrived = new Promise<void>((resolve) => (submitted = resolve));
    // An SMSC that binds and then sits on every submit until told to answer.
    const server = smpp.createServer({}, (session: Session) => {
      session.on('error', () => session.destroy());
      session.on('bind_transceiver', (pdu: PDU) => session.send(pdu.response()));
      session.on('unbind', (pdu: PDU) => {
        session.send(pdu.response());
        session.close();
      });
      session.on('submit_sm', (pdu: PDU) => {
        submits.push({ session, pdu });
        submitted();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    let isBound!: () => void;
    const bound = new Promise<void>((resolve) => (isBound = resolve));
    const logs = new Writable({
      write(chunk: Buffer, _enc, done) {
        if (chunk.toString().includes('SMPP bound')) isBound();
        done();
      },
    });
    const config = loadConfig({ SENTRAL_SMPP_HOST: '127.0.0.1', SENTRAL_SMPP_PORT: String(port), SENTRAL_SMPP_SYSTEM_ID: 'sentral', SENTRAL_SMPP_PASSWORD: 'secret12' });
    const registry = new Registry();
    const services = { ...api.services, config, metrics: registry, log: createLogger({ level: 'info', destination: logs }) };
    const carriers = await smsChannel.startCarriers(services, { receipt: async () => undefined });
    try {
      await bound;
      const key = `queue="smpp_window",key="127.0.0.1:${port}"`;
      expect(await series(registry, 'sentral_queue_depth', key)).toBe(0);
      const row = { from_address: 'Sentral', to_address: '+4790000001', content: { text: 'hello', encoding: 'gsm7' }, valid_until_ms: null } as unknown as MessageRow;
      const answer = carriers.live.submit(row);
      await arrived;
      expect(await series(registry, 'sentral_queue_depth', key)).toBe(1);
      expect(await series(registry, 'sentral_queue_oldest_age_seconds', key)).toBeGreaterThanOrEqual(0);
      arrived = new Promise<void>((resolve) => (submitted = resolve));
      const { session, pdu } = submits[0]!;
      session.send(pdu.response({ message_id: 'smsc-1' }));
      expect(await answer).toMatchObject({ kind: 'submitted', carrierRefs: ['smsc-1'] });
      expect(await series(registry, 'sentral_queue_depth', key)).toBe(0);
      expect(await series(registry, 'sentral_queue_oldest_age_seconds', key)).toBe(0);
    } finally {
      await carriers.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(await series(registry, 'sentral_queue_depth', `queue="smpp_window",key="127.0.0.1:${port}"`)).toBeUndefined();
  });
});
