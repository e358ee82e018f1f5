/**
 * The system as a customer sees it, in one process: the standalone composition of roles (worker with the
 * call actors, media node with the simulated phone network, webhook dispatcher, control API on a real
 * port) over the run's real PostgreSQL (a fresh database per file) and either the in-process bus and store
 * (standalone) or real NATS and Redis (cluster). Customers' servers are real too: a webhook receiver that
 * verifies signatures and a WebSocket server for streams.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../shared/config/config.js';
import { openDatabase } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { startEmbeddedPostgres } from '../../shared/db/embedded-postgres.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createRedisStore } from '../../shared/kv/redis-store.js';
import { createLogger } from '../../shared/log/log.js';
import { realClock } from '../../shared/clock/real-clock.js';
import type { Services } from '../../shared/services/services.js';
import { startParts, type Part } from '../../control/app/parts.js';
import { buildApiServer } from '../../control/api/server/server.js';
import { startClipServer } from '../../control/clips/clip-server.js';
import { ensureRoomKeys } from '../../control/calls/room-keys.js';
import { freshDatabase, serviceUrls, uniquePrefix } from '../support/services.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { eventMismatch, recordedEventMismatches } from '../support/event-check.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';

/** The admin token of the harness's installation. */
export const ADMIN_TOKEN = 'sat_e2eAdminToken0123456789abcdefghij';

/** A webhook event as received and verified. */
export interface ReceivedEvent {
  id: string;
  type: string;
  occurred_at: string;
  data: Record<string, any>;
}

/** A customer of the running system: a company with a profile, a number, keys and a verified webhook endpoint. */
export interface Customer {
  companyId: string;
  profileId: string;
  number: string;
  key: string;
  endpointId: string;
  /** Every verified event received, in arrival order. */
  events: ReceivedEvent[];
  /** Every verified delivery, repeats included, with its arrival time (epoch ms). */
  deliveries: Array<{ event: ReceivedEvent; receivedAt: number }>;
  /** Resolves with the first event (already received or to come) that matches; rejects when it does not match its schema. */
  nextEvent(match: (e: ReceivedEvent) => boolean, guardMs?: number): Promise<ReceivedEvent>;
  /** The events of one call, in arrival order. */
  callEvents(callId: string): ReceivedEvent[];
  /** The company's balance in øre. */
  balance(): Promise<number>;
}

/** A running installation. */
export interface CallsSystem {
  api: string;
  /** Environment for a `sentral` process joining this installation (cluster mode only). */
  env: Record<string, string>;
  services: Services;
  /** Sends a request with the customer's key; returns status, headers and parsed body. */
  request(key: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** A new company (balance in øre) with a profile, a number, and a webhook endpoint for call.* and transcription.* events. */
  customer(options?: { balanceOre?: number; mode?: 'live' | 'test'; number?: string }): Promise<Customer>;
  /** Every call.* event received whose data does not match its schema in protocol/calls/call-events.ts. */
  schemaMismatches: string[];
  /** Stops everything; then fails when any call.* event received did not match its schema. */
  close(): Promise<void>;
}

let numberSeq = 0;

/** An in-memory PGlite, served like a database of the run's server. */
async function embeddedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const embedded = await startEmbeddedPostgres({ dataDir: null });
  return { url: embedded.url, drop: () => embedded.close() };
}

/**
 * Starts an installation in standalone (memory bus and store) or cluster (NATS and Redis) shape; with
 * `embeddedDatabase` on the PGlite that `sentral start` runs without DATABASE_URL instead of the run's PostgreSQL;
 * with `inProcessMedia: false` no media node runs in the test's process (the test starts `sentral media`);
 * `env` adds settings (loadConfig's variables).
 */
export async function startCallsSystem(options: { cluster?: boolean; inProcessWorker?: boolean; inProcessMedia?: boolean; embeddedDatabase?: boolean; env?: Record<string, string> } = {}): Promise<CallsSystem> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentral-calls-'));
  const db = options.embeddedDatabase ? await embeddedDatabase() : await freshDatabase();
  const prefix = options.cluster ? uniquePrefix('calls') : 'sentral';
  const config = loadConfig({
    SENTRAL_API_PORT: '0',
    SENTRAL_MEDIA_PORT: '0',
    SENTRAL_ADMIN_TOKEN: ADMIN_TOKEN,
    SENTRAL_ALLOW_INSECURE_TARGETS: '1',
    SENTRAL_DATA_DIR: dataDir,
    SENTRAL_PARTITIONS: '8',
    SENTRAL_PREFIX: prefix,
    ...options.env,
  });
  const log = createLogger({ level: process.env.E2E_LOG ? 'info' : 'silent' });
  const sql = openDatabase({ url: db.url, max: 10 });
  await migrate(sql);
  const bus = options.cluster
    ? await createNatsBus({ url: serviceUrls.nats, prefix, log })
    : createMemoryBus({ prefix, clock: realClock });
  const hot = options.cluster ? createRedisStore({ url: serviceUrls.redis, prefix, clock: realClock }) : createMemoryStore({ clock: realClock });
  const services: Services = { config, clock: realClock, log, sql, bus, hot, metrics: new Registry() };
  const ready = async () => ({ ok: true, failing: [] });
  // The roles standalone runs, each started as its own part (the worker first: it publishes the room key).
  const byRole: Record<string, Part[]> = { worker: [] };
  // Without a worker here, the room key is published for the media node as an API process would.
  if (options.inProcessWorker === false) await ensureRoomKeys(sql, bus);
  else byRole.worker = await startParts('worker', services, ready);
  byRole.media = options.inProcessMedia === false ? [] : await startParts('media', services, ready);
  byRole.dispatcher = await startParts('dispatcher', services, ready);
  // Stopped as standalone stops them: the worker before the media node, so no call waits on a gone node.
  const parts: Part[] = [...byRole.media!, ...byRole.worker!, ...byRole.dispatcher!];
  // What the api role runs besides the server: media nodes fetch audio clips from it over the bus.
  const clipServer = await startClipServer({ bus, sql });
  parts.push({ name: 'clip-server', stop: () => clipServer.stop() });
  const app = await buildApiServer(services, { reaperIntervalMs: 0, closeGraceMs: 1000 });
  const api = await app.listen({ host: '127.0.0.1', port: 0 });

  const request: CallsSystem['request'] = async (key, method, path, body, headers = {}) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
  const admin: CallsSystem['admin'] = (method, path, body) => request(ADMIN_TOKEN, method, path, body);
  const receivers: WebhookReceiver[] = [];
  const schemaMismatches: string[] = [];

  return {
    api,
    env: options.cluster
      ? { DATABASE_URL: db.url, NATS_URL: serviceUrls.nats, REDIS_URL: serviceUrls.redis, SENTRAL_PREFIX: prefix, SENTRAL_PARTITIONS: String(config.partitions), SENTRAL_DATA_DIR: dataDir }
      : {},
    services,
    request,
    admin,
    schemaMismatches,
    async customer(opts = {}) {
      const company = await admin('POST', '/admin/v1/companies', { name: 'E2E', balanceOre: opts.balanceOre ?? 100_000 });
      if (company.status !== 201) throw new Error(`company: ${company.status} ${JSON.stringify(company.body)}`);
      const key: string = opts.mode === 'test' ? company.body.testKey : company.body.liveKey;
      const profile = await request(key, 'POST', '/v1/profiles', { name: 'Shop', slug: `shop-${++numberSeq}`, services: { sms: false, email: false, letters: false, phone: true } }, { 'idempotency-key': `p-${numberSeq}-${Date.now()}` });
      if (profile.status !== 201) throw new Error(`profile: ${profile.status} ${JSON.stringify(profile.body)}`);
      const number = opts.number ?? `+4723${String(process.pid % 1000).padStart(3, '0')}${String(++numberSeq).padStart(3, '0')}`;
      const provisioned = await admin('POST', '/admin/v1/numbers', { number, companyId: company.body.id, profileId: profile.body.id });
      if (provisioned.status !== 201) throw new Error(`number: ${provisioned.status} ${JSON.stringify(provisioned.body)}`);
      const receiver = await startWebhookReceiver();
      receivers.push(receiver);
      const endpoint = await request(key, 'POST', '/v1/webhook-endpoints', { url: receiver.url, events: ['call.*', 'transcription.*'] }, { 'idempotency-key': `ep-${numberSeq}` });
      if (endpoint.status !== 201) throw new Error(`endpoint: ${endpoint.status} ${JSON.stringify(endpoint.body)}`);
      const verifier = new Webhook(endpoint.body.secret.replace(/^whsec_/, ''));
      const events: ReceivedEvent[] = [];
      const deliveries: Customer['deliveries'] = [];
      const waiters: Array<{ match: (e: ReceivedEvent) => boolean; resolve: (e: ReceivedEvent) => void; reject: (err: Error) => void }> = [];
      // Events that do not match their schema, by id: a test waiting for one fails with the reason.
      const mismatched = new Map<string, string>();
      receiver.respond((hook) => {
        const event = verifier.verify(hook.body, {
          'webhook-id': String(hook.headers['webhook-id']),
          'webhook-timestamp': String(hook.headers['webhook-timestamp']),
          'webhook-signature': String(hook.headers['webhook-signature']),
        }) as ReceivedEvent;
        deliveries.push({ event, receivedAt: Date.now() });
        if (!events.some((e) => e.id === event.id)) {
          const mismatch = eventMismatch(event.type, event.data);
          if (mismatch !== null) {
            mismatched.set(event.id, mismatch);
            schemaMismatches.push(mismatch);
          }
          events.push(event);
          for (const w of waiters.filter((x) => x.match(event))) {
            waiters.splice(waiters.indexOf(w), 1);
            if (mismatch === null) w.resolve(event);
            else w.reject(new Error(mismatch));
          }
        }
        return { status: 200 };
      });
      return {
        companyId: company.body.id,
        profileId: profile.body.id,
        number,
        key,
        endpointId: endpoint.body.id,
        events,
        deliveries,
        nextEvent(match, guardMs = 20_000) {
          const found = events.find(match);
          if (found) return mismatched.has(found.id) ? Promise.reject(new Error(mismatched.get(found.id))) : Promise.resolve(found);
          return new Promise((resolve, reject) => {
            const guard = setTimeout(() => reject(new Error(`no matching event within ${guardMs} ms; got ${events.map((e) => e.type).join(', ')}`)), guardMs);
            waiters.push({ match, resolve: (e) => (clearTimeout(guard), resolve(e)), reject: (err) => (clearTimeout(guard), reject(err)) });
          });
        },
        callEvents: (callId) => events.filter((e) => e.data.callId === callId),
        async balance() {
          const res = await admin('GET', `/admin/v1/companies/${company.body.id}`);
          return res.body.balanceOre as number;
        },
      };
    },
    async close() {
      await app.close();
      for (const part of [...parts].reverse()) await part.stop();
      // Also the events no endpoint received (a company without one, or one the test turned off).
      for (const mismatch of await recordedEventMismatches(sql)) if (!schemaMismatches.includes(mismatch)) schemaMismatches.push(mismatch);
      for (const r of receivers) await r.close();
      await bus.close();
      await hot.close();
      await sql.end();
      await db.drop();
      if (options.cluster) await deleteNatsPrefix(prefix);
      rmSync(dataDir, { recursive: true, force: true });
      if (schemaMismatches.length > 0) throw new Error(`call events that do not match their schema:\n${schemaMismatches.join('\n')}`);
    },
  };
}

/** The two shapes an installation runs in, for tests that run in both. */
export const SHAPES = ['standalone', 'cluster'] as const;
