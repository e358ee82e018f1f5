/**
 * A cluster of real sentral processes (api, two workers, a dispatcher, a media node) on this machine,
 * against private PostgreSQL, NATS and Redis that the chaos suite stops, restarts, kills and freezes, with
 * a customer whose webhooks land in a receiver here, and a load of live calls each told to `say` every 2 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { privateNats, privatePostgres, privateRedis, type PrivateService } from '../support/private-services.js';
import { runSentral, untilStatus, type SentralProcess } from '../support/sentral-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const ADMIN_TOKEN = 'sat_chaosAdminToken0123456789abcdefghij';
const INITIAL_BALANCE_ORE = 1_000_000;
/** Every request the load sends gives up after this; an answer slower than the deadline is counted, not waited out. */
const CLIENT_TIMEOUT_MS = 20_000;

/** One answer the load got. */
export interface Answer {
  /** Wall-clock time the request was sent (ms). */
  at: number;
  ms: number;
  /** HTTP status, or 0 when no answer came (connection refused, client timeout). */
  status: number;
  what: string;
}

/** One webhook as it arrived. */
export interface Arrival {
  /** Wall-clock time of arrival (ms). */
  at: number;
  webhookId: string;
  eventId: string;
  type: string;
  callId: string | null;
  /** The event's own time (ms). */
  eventAt: number;
  /** The event's data. */
  data: Record<string, unknown>;
}

export interface ChaosCluster {
  pg: PrivateService;
  nats: PrivateService;
  redis: PrivateService;
  /** The running processes by name: api, worker-1, worker-2, dispatcher, media. */
  procs: Map<string, SentralProcess>;
  answers: Answer[];
  arrivals: Arrival[];
  /** Calls placed by `startLoad`. */
  calls: string[];
  /** The customer's balance when the cluster started (øre). */
  initialBalanceOre: number;
  /** The customer's balance now (øre). */
  balanceOre(): Promise<number>;
  /** A call as GET /v1/calls/:id answers it (null when it did not answer 200). */
  readCall(callId: string): Promise<Record<string, any> | null>;
  /** Starts (or restarts) the process `name`. */
  start(name: string): Promise<SentralProcess>;
  /** Places `count` more calls and starts a `say` on each every 2 s (and a read of each) until it ends. */
  startLoad(count: number): Promise<void>;
  /** Stops the load. */
  stopLoad(): Promise<void>;
  /** Hangs every call up; resolves with the calls whose state is not ended after `withinMs`. */
  endCalls(withinMs: number): Promise<string[]>;
  /** Events stored for the customer that no webhook delivered (after waiting up to `withinMs`). */
  undelivered(withinMs: number): Promise<string[]>;
  close(): Promise<void>;
}

const ROLES: Record<string, string> = { api: 'api', 'worker-1': 'worker', 'worker-2': 'worker', dispatcher: 'dispatcher', media: 'media' };

/** Starts the services, the processes and the customer. */
export async function startChaosCluster(): Promise<ChaosCluster> {
  const [pg, nats, redis] = await Promise.all([privatePostgres(), privateNats(), privateRedis()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'sentral-chaos-'));
  const env = {
    DATABASE_URL: pg.url,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    SENTRAL_PREFIX: 'chaos',
    SENTRAL_PARTITIONS: '8',
    SENTRAL_DATA_DIR: dataDir,
    SENTRAL_ADMIN_TOKEN: ADMIN_TOKEN,
    SENTRAL_ALLOW_INSECURE_TARGETS: '1',
    SENTRAL_MEDIA_WORKERS: '1',
  };
  const migrated = await runSentral(['migrate'], env).exited;
  if (migrated !== 0) throw new Error(`sentral migrate exited ${migrated}`);
  const procs = new Map<string, SentralProcess>();
  const start = async (name: string): Promise<SentralProcess> => {
    const proc = runSentral([ROLES[name]!], { ...env, SENTRAL_NODE_ID: `chaos-${name}` });
    procs.set(name, proc);
    return proc;
  };
  for (const name of Object.keys(ROLES)) await start(name);
  const api = await procs.get('api')!.apiUrl;
  await untilStatus(`${api}/readyz`, 200, 30_000);
  await procs.get('media')!.printed(/media node \S+ listening on port/);

  const answers: Answer[] = [];
  const request = async (key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, what = `${method} ${path}`): Promise<{ status: number; body: any }> => {
    const started = performance.now();
    const sentAt = Date.now();
    let status = 0;
    let parsed: any = null;
    try {
      const res = await fetch(`${api}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      status = res.status;
      parsed = await res.json().catch(() => null);
    } catch {
      status = 0;
    }
    answers.push({ at: sentAt, ms: performance.now() - started, status, what });
    return { status, body: parsed };
  };

  // The customer: a company with a live key and money, a profile, a number, a webhook endpoint.
  const company = await request(ADMIN_TOKEN, 'POST', '/admin/v1/companies', { name: 'Chaos', balanceOre: INITIAL_BALANCE_ORE });
  if (company.status !== 201) throw new Error(`company: ${company.status} ${JSON.stringify(company.body)}`);
  const key: string = company.body.liveKey;
  const profile = await request(key, 'POST', '/v1/profiles', { name: 'Chaos', slug: 'chaos', services: { sms: false, email: false, letters: false, phone: true } }, { 'idempotency-key': 'chaos-profile' });
  if (profile.status !== 201) throw new Error(`profile: ${profile.status} ${JSON.stringify(profile.body)}`);
  const number = '+4723990001';
  const provisioned = await request(ADMIN_TOKEN, 'POST', '/admin/v1/numbers', { number, companyId: company.body.id, profileId: profile.body.id });
  if (provisioned.status !== 201) throw new Error(`number: ${provisioned.status} ${JSON.stringify(provisioned.body)}`);
  const receiver: WebhookReceiver = await startWebhookReceiver();
  const endpoint = await request(key, 'POST', '/v1/webhook-endpoints', { url: receiver.url, events: ['call.*'] }, { 'idempotency-key': 'chaos-endpoint' });
  if (endpoint.status !== 201) throw new Error(`endpoint: ${endpoint.status} ${JSON.stringify(endpoint.body)}`);
  const arrivals: Arrival[] = [];
  receiver.respond((hook) => {
    const event = JSON.parse(hook.body) as { id: string; type: string; occurred_at?: string; data?: { callId?: string } & Record<string, unknown> };
    const stamp = Date.parse(event.occurred_at ?? '');
    arrivals.push({ at: Date.now(), webhookId: String(hook.headers['webhook-id']), eventId: event.id, type: event.type, callId: event.data?.callId ?? null, eventAt: Number.isNaN(stamp) ? Date.now() : stamp, data: event.data ?? {} });
    return { status: 200 };
  });

  const calls: string[] = [];
  let loading = false;
  const loops: Promise<void>[] = [];
  let seq = 0;
  const sql = postgres(pg.url, { max: 2, onnotice: () => {} });

  return {
    pg,
    nats,
    redis,
    procs,
    answers,
    arrivals,
    calls,
    initialBalanceOre: INITIAL_BALANCE_ORE,
    async balanceOre() {
      const res = await request(ADMIN_TOKEN, 'GET', `/admin/v1/companies/${company.body.id}`, undefined, {}, 'balance');
      return res.body.balanceOre as number;
    },
    async readCall(callId) {
      const res = await request(key, 'GET', `/v1/calls/${callId}`, undefined, {}, 'read');
      return res.status === 200 ? res.body : null;
    },
    start,
    async startLoad(count) {
      const placed: string[] = [];
      for (let i = calls.length; i < calls.length + count; i++) {
        const call = await request(key, 'POST', '/v1/calls', { profileId: profile.body.id, to: '+442079460001', from: number, maxMinutes: 30 }, { 'idempotency-key': `chaos-call-${i}` });
        if (call.status !== 201) throw new Error(`call: ${call.status} ${JSON.stringify(call.body)}`);
        placed.push(call.body.id);
      }
      calls.push(...placed);
      loading = true;
      for (const callId of placed) {
        loops.push(
          (async () => {
            // Until the load stops or the call is read as ended (a fault may end it).
            for (let state: unknown; loading && state !== 'ended'; ) {
              const tick = new Promise((resolve) => setTimeout(resolve, 2_000));
              const [, read] = await Promise.all([
                request(key, 'POST', `/v1/calls/${callId}/say`, { text: 'Still here.' }, { 'idempotency-key': `chaos-say-${++seq}` }, 'say'),
                request(key, 'GET', `/v1/calls/${callId}`, undefined, {}, 'read'),
              ]);
              state = read.body?.state;
              await tick;
            }
          })(),
        );
      }
    },
    async stopLoad() {
      loading = false;
      await Promise.all(loops.splice(0));
    },
    async endCalls(withinMs) {
      const deadline = Date.now() + withinMs;
      for (const callId of calls) {
        // A 503 while a partition changes hands: the same Idempotency-Key again.
        for (let i = 0; i < 10; i++) {
          const hung = await request(key, 'POST', `/v1/calls/${callId}/hangup`, {}, { 'idempotency-key': `chaos-hangup-${callId}` }, 'hangup');
          if (hung.status !== 503 && hung.status !== 0) break;
        }
      }
      let open: string[] = [...calls];
      while (open.length > 0 && Date.now() < deadline) {
        const states = await Promise.all(open.map(async (id) => ({ id, state: (await request(key, 'GET', `/v1/calls/${id}`, undefined, {}, 'read')).body?.state })));
        open = states.filter((s) => s.state !== 'ended').map((s) => s.id);
        if (open.length > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return open;
    },
    async undelivered(withinMs) {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const rows = await sql<{ id: string }[]>`select e.id from events e where e.company_id = ${company.body.id} and e.type like 'call.%'`;
        const got = new Set(arrivals.map((a) => a.eventId));
        const missing = rows.map((r) => r.id).filter((id) => !got.has(id));
        if (missing.length === 0 || Date.now() > deadline) return missing;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
    async close() {
      loading = false;
      for (const proc of procs.values()) {
        if (proc.child.signalCode === 'SIGSTOP') proc.child.kill('SIGCONT');
        await proc.stop('SIGKILL');
      }
      await sql.end({ timeout: 1 });
      await receiver.close();
      await Promise.all([pg.destroy(), nats.destroy(), redis.destroy()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
