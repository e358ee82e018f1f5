/**
 * sentral's processes (api, workers, a media node, messaging) on a PostgreSQL primary and standby (postgres-pair.ts)
 * reached through one multi-host DATABASE_URL, with the run's NATS and Redis under a prefix of their own;
 * a customer with money, a profile for calls and SMS and a number; and a recorder of every answer the test's requests
 * get, so a failover test can judge what a customer saw while the primary died and the standby took over.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorCatalogue } from '../../shared/errors/catalogue.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { runSentral, untilStatus, type SentralProcess } from '../support/sentral-process.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';
import { postgresPair, type PostgresPair, type PostgresPairOptions } from './postgres-pair.js';

const ADMIN_TOKEN = 'sat_failoverAdminToken0123456789abcdef';
/** A request that gets no answer within this is counted as unanswered (status 0). */
const CLIENT_TIMEOUT_MS = 15_000;

/** One answer a request got. */
export interface Answer {
  /** Wall-clock time it was sent (ms). */
  at: number;
  ms: number;
  /** HTTP status; 0 when no answer came. */
  status: number;
  what: string;
  retryAfter: string | null;
  /** error.code of an error body. */
  code: string | null;
  body: any;
}

/** What `startFailoverCluster` takes. */
export interface FailoverClusterOptions extends PostgresPairOptions {
  /** Worker processes (default 1). */
  workers?: number;
  /** NATS servers (default the shared one) and SENTRAL_NATS_REPLICAS (default 1). */
  nats?: { url: string; replicas: number };
  /** Runs a dispatcher too (webhooks). */
  dispatcher?: boolean;
  /** More environment for every process (an SMSC to send live SMS to, insecure webhook targets). */
  env?: Record<string, string>;
  /** More environment for the `nth` process (from 0) of `role`, e.g. a NATS_URL through a proxy. */
  roleEnv?: (role: string, nth: number) => Record<string, string> | undefined;
}

/** The running cluster. */
export interface FailoverCluster {
  pair: PostgresPair;
  procs: SentralProcess[];
  /** The processes' SENTRAL_PREFIX (their streams and buckets on NATS). */
  prefix: string;
  /** Every answer of `request`, in the order they came. */
  answers: Answer[];
  /** The customer's live and test keys, profile and number. */
  customer: { key: string; testKey: string; companyId: string; profileId: string; number: string };
  /** Sends a request with the customer's key (or `auth`) and records its answer. */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>, what?: string, auth?: string): Promise<Answer>;
  /** Sends a request with the admin token and records its answer. */
  admin(method: string, path: string, body?: unknown): Promise<Answer>;
  /** Places a call from the customer's number, retrying 503s with the same Idempotency-Key; its id. */
  placeCall(key: string): Promise<string>;
  close(): Promise<void>;
}

/** The 503s a failover may answer (with Retry-After): a dependency away, a call's actor moving, no media node registered. */
const FAILOVER_503 = new Set(['service_unavailable', 'actor_unavailable', 'media_unavailable']);

/** Answers that are neither a success, a 4xx nor a 503 with Retry-After and a catalogued code: what must never happen. */
export function badAnswers(answers: Answer[]): Answer[] {
  return answers.filter((a) => {
    if (a.status === 0 || a.status >= 500 && a.status !== 503) return true;
    if (a.status === 503 && (a.retryAfter === null || !FAILOVER_503.has(a.code ?? ''))) return true;
    return a.code !== null && !Object.hasOwn(errorCatalogue, a.code);
  });
}

/** Starts the pair, sentral's processes and the customer. */
export async function startFailoverCluster(options: FailoverClusterOptions = {}): Promise<FailoverCluster> {
  const pair = await postgresPair(options);
  const prefix = uniquePrefix('pgfail');
  const dataDir = mkdtempSync(join(tmpdir(), 'sentral-pgfail-'));
  const env = {
    DATABASE_URL: pair.url(),
    NATS_URL: options.nats?.url ?? serviceUrls.nats,
    SENTRAL_NATS_REPLICAS: String(options.nats?.replicas ?? 1),
    REDIS_URL: serviceUrls.redis,
    SENTRAL_PREFIX: prefix,
    SENTRAL_PARTITIONS: '4',
    SENTRAL_DATA_DIR: dataDir,
    SENTRAL_ADMIN_TOKEN: ADMIN_TOKEN,
    SENTRAL_MEDIA_WORKERS: '1',
    ...options.env,
  };
  const procs: SentralProcess[] = [];
  const close = async (): Promise<void> => {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    await deleteNatsPrefix(prefix).catch(() => {});
    await pair.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const migrated = await runSentral(['migrate'], env).exited;
    if (migrated !== 0) throw new Error(`sentral migrate exited ${migrated}`);
    const roles = ['api', 'media', 'messaging', ...(options.dispatcher ? ['dispatcher'] : []), ...Array.from({ length: options.workers ?? 1 }, () => 'worker')];
    for (const [i, role] of roles.entries()) {
      const nth = roles.slice(0, i).filter((r) => r === role).length;
      procs.push(runSentral([role], { ...env, SENTRAL_NODE_ID: `pgfail-${role}-${i}`, ...options.roleEnv?.(role, nth) }));
    }
    const api = await procs[0]!.apiUrl;
    await untilStatus(`${api}/readyz`, 200, 30_000);
    await procs[1]!.printed(/media node \S+ listening on port/);

    const answers: Answer[] = [];
    const request: FailoverCluster['request'] = async (method, path, body, headers = {}, what = `${method} ${path}`, auth = customer.key) => {
      const started = performance.now();
      const answer: Answer = { at: Date.now(), ms: 0, status: 0, what, retryAfter: null, code: null, body: null };
      try {
        const res = await fetch(`${api}${path}`, {
          method,
          headers: { authorization: `Bearer ${auth}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        });
        answer.status = res.status;
        answer.retryAfter = res.headers.get('retry-after');
        answer.body = await res.json().catch(() => null);
        answer.code = typeof answer.body?.error?.code === 'string' ? answer.body.error.code : null;
      } catch {
        answer.status = 0;
      }
      answer.ms = performance.now() - started;
      answers.push(answer);
      return answer;
    };
    const customer = { key: ADMIN_TOKEN, testKey: '', companyId: '', profileId: '', number: '+4723990077' };
    const admin: FailoverCluster['admin'] = (method, path, body) => request(method, path, body, {}, `admin ${method} ${path}`, ADMIN_TOKEN);
    const company = await admin('POST', '/admin/v1/companies', { name: 'Failover', balanceOre: 1_000_000 });
    if (company.status !== 201) throw new Error(`company: ${company.status} ${JSON.stringify(company.body)}`);
    customer.key = company.body.liveKey;
    customer.testKey = company.body.testKey;
    customer.companyId = company.body.id;
    const profile = await request('POST', '/v1/profiles', { name: 'Failover', slug: 'failover', services: { sms: true, email: false, letters: false, phone: true } });
    if (profile.status !== 201) throw new Error(`profile: ${profile.status} ${JSON.stringify(profile.body)}`);
    customer.profileId = profile.body.id;
    const number = await admin('POST', '/admin/v1/numbers', { number: customer.number, companyId: customer.companyId, profileId: customer.profileId });
    if (number.status !== 201) throw new Error(`number: ${number.status} ${JSON.stringify(number.body)}`);

    return {
      pair,
      procs,
      prefix,
      answers,
      customer,
      request,
      admin,
      async placeCall(key) {
        for (;;) {
          const call = await request('POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 30 }, { 'idempotency-key': key }, 'call');
          if (call.status === 201) return call.body.id as string;
          if (call.status !== 503) throw new Error(`call: ${call.status} ${JSON.stringify(call.body)}`);
          await new Promise((r) => setTimeout(r, Number(call.retryAfter ?? 1) * 1000));
        }
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
