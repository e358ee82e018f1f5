import { randomUUID } from 'node:crypto';
import type postgres from 'postgres';
import type { Timer } from '../../shared/clock/clock.js';
import type { Subscription } from '../../shared/bus/bus.js';
import { newId } from '../../shared/ids/ids.js';
import { checkTarget, type Resolver } from '../../shared/net/target-check.js';
import { signatureHeader } from '../../shared/signing/standard-webhooks.js';
import type { Services } from '../app/services.js';
import { dispatcherMetrics, type AttemptOutcome } from './dispatcher-metrics.js';
import { nextRetryDelay } from './retry-schedule.js';
import { DISPATCHER_WAKE_SUBJECT } from '../../protocol/bus/bus-names.js';

/** An endpoint that has failed without a single success for this long is disabled. */
export const FAILING_DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;
/** At most this much of a response body is kept with the attempt. */
export const MAX_RESPONSE_BODY_BYTES = 1024;
/** Default time an attempt may take, from sending to the end of the (truncated) response. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 15_000;

/** Options of a dispatcher. */
export interface DispatcherOptions {
  /** Attempts in flight at once (default 16). */
  concurrency?: number;
  /** Request timeout (default 15 s). */
  timeoutMs?: number;
  /** How long a claim holds a delivery before another dispatcher may take it (default timeout + 30 s). */
  leaseMs?: number;
  /** The safety poll for deliveries nobody woke us for (default 5 s). */
  pollIntervalMs?: number;
  /** Spread of retry delays, 0 to 1 (default 0: the exact schedule). */
  jitter?: number;
  /** Resolver for the target check (tests). */
  lookup?: Resolver;
  /** Called after each attempt is recorded. */
  onAttempt?: (report: AttemptReport) => void;
}

/** What one attempt did. */
export interface AttemptReport {
  deliveryId: string;
  endpointId: string;
  eventId: string;
  /** Attempt number within the delivery (all runs). */
  attempt: number;
  statusCode: number | null;
  error: string | null;
  outcome: AttemptOutcome;
  /** When the next attempt is due, for a scheduled retry. */
  nextAttemptAtMs: number | null;
  /** Set when this attempt disabled the endpoint. */
  endpointDisabled: 'gone' | 'failing' | null;
}

/** A running dispatcher. */
export interface Dispatcher {
  /** Stops claiming, waits for attempts in flight to be recorded, and unsubscribes. */
  stop(): Promise<void>;
  /** Resolves when nothing is being claimed or sent (tests use it between clock moves). */
  whenIdle(): Promise<void>;
  /** Looks for due deliveries now (what a bus wake-up does). */
  wake(): void;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  event_id: string;
  attempt_count: number;
  run_attempts: number;
  claim_token: string;
  body: string;
  url: string;
  ed25519_private_key: string | null;
  secrets: string[] | null;
}

// Delay before looking again when due deliveries exist that this dispatcher could not claim
// (locked by another dispatcher's claim at that moment): avoids spinning on them.
const MIN_REARM_MS = 250;

/**
 * Starts delivering webhooks: claims due deliveries with FOR UPDATE SKIP LOCKED (a lease, so several
 * dispatchers share the work), signs and POSTs each, records the attempt, and schedules the retry or
 * gives up. Wakes on the bus subject DISPATCHER_WAKE_SUBJECT, at the next due time, and on a slow poll.
 *
 * Order: a delivery about object X to endpoint E is not attempted while an earlier delivery (recorded
 * before it) about X to E is still pending; one that succeeded or gave up no longer blocks.
 */
export async function startDispatcher(services: Services, options: DispatcherOptions = {}): Promise<Dispatcher> {
  const { sql, clock, log, bus, config } = services;
  const concurrency = options.concurrency ?? 16;
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? timeoutMs + 30_000;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const jitter = options.jitter ?? 0;
  const metrics = dispatcherMetrics(services.metrics, sql, clock);

  let stopped = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  let timer: Timer | undefined;
  const inFlight = new Set<Promise<void>>();
  // Deliveries this dispatcher is sending: never claimed again by it, even if their lease ran out.
  const sending = new Set<string>();
  let idleWaiters: (() => void)[] = [];

  const notifyIdle = (): void => {
    if (pumping || inFlight.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  const wake = (): void => {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pump().finally(() => {
      pumping = null;
      if (again && !stopped) wake();
      else notifyIdle();
    });
  };

  async function pump(): Promise<void> {
    try {
      do {
        again = false;
        const room = concurrency - inFlight.size;
        if (room <= 0) break;
        const claimed = await claim(room);
        for (const delivery of claimed) start(delivery);
        if (claimed.length === room) again = true;
      } while (again && !stopped);
      if (!stopped) await arm();
    } catch (err) {
      log.error({ err }, 'webhook dispatcher could not claim deliveries');
      arm(clock.now() + pollIntervalMs);
    }
  }

  function start(delivery: Claimed): void {
    sending.add(delivery.id);
    const run: Promise<void> = attempt(delivery)
      .catch((err: unknown) => log.error({ err, deliveryId: delivery.id }, 'webhook attempt could not be recorded'))
      .finally(() => {
        sending.delete(delivery.id);
        inFlight.delete(run);
        wake();
      });
    inFlight.add(run);
  }

  // Walks the pending deliveries in due order (next_attempt_at_ms, seq), one index step at a time, marking
  // each as eligible when its endpoint is enabled and no earlier delivery of its object to that endpoint is
  // pending; the walk goes on while `goOn` (over the walked row `w`) holds and its reader wants more rows.
  // Each recursive step is one descent of webhook_deliveries_due (`limit 1` in index order), so the cost is
  // the rows walked, never all pending ones, whatever the planner's statistics say (an ordinary
  // `order by … limit` was planned as "read every pending delivery, then sort" without fresh statistics).
  // The eligibility checks are scalar subqueries (one probe of the endpoint's primary key and one of
  // webhook_deliveries_object per walked row), which the planner cannot turn into joins over all rows.
  const eligible = (): postgres.Fragment => sql`
    ((select ep.disabled_at_ms from webhook_endpoints ep where ep.id = d.endpoint_id) is null
      and (d.object_id is null or not exists (
        select 1 from webhook_deliveries p
        where p.endpoint_id = d.endpoint_id and p.object_id = d.object_id and p.state = 'pending' and p.seq < d.seq)))`;
  const walk = (goOn: postgres.Fragment): postgres.Fragment => sql`
    with recursive walk as (
      (select d.id, d.seq, d.next_attempt_at_ms, d.lease_until_ms, ${eligible()} as eligible
       from webhook_deliveries d where d.state = 'pending'
       order by d.next_attempt_at_ms, d.seq limit 1)
      union all
      (select n.* from walk w cross join lateral (
         select d.id, d.seq, d.next_attempt_at_ms, d.lease_until_ms, ${eligible()} as eligible
         from webhook_deliveries d
         where d.state = 'pending' and (d.next_attempt_at_ms, d.seq) > (w.next_attempt_at_ms, w.seq)
         order by d.next_attempt_at_ms, d.seq limit 1) n
       where ${goOn}))`;

  async function claim(room: number): Promise<Claimed[]> {
    const now = clock.now();
    const token = randomUUID();
    // The walk stops at the first delivery not yet due. Twice `room` candidates, so that rows another
    // dispatcher is claiming at this moment (skipped as locked) do not leave this claim short. The lock
    // re-checks each row as it is now (another dispatcher may have claimed or finished it since the walk's
    // snapshot); `state not in (…)` means state = 'pending' but keeps the planner from reading a partial
    // index of pending deliveries for this lookup by id.
    return sql<Claimed[]>`
      ${walk(sql`w.next_attempt_at_ms <= ${now}`)},
      due as (
        select d.id from webhook_deliveries d
        where d.id = any(array(
            select c.id from walk c
            where c.eligible and c.next_attempt_at_ms <= ${now}
              and (c.lease_until_ms is null or c.lease_until_ms <= ${now})
              and not (c.id = any(${sql.array([...sending])}::text[]))
            limit ${2 * room}))
          and d.state not in ('succeeded', 'failed') and d.next_attempt_at_ms <= ${now}
          and (d.lease_until_ms is null or d.lease_until_ms <= ${now})
        order by d.next_attempt_at_ms, d.seq
        limit ${room}
        for update skip locked
      )
      update webhook_deliveries w
      set lease_until_ms = ${now + leaseMs}, claim_token = ${token}
      from due, events ev, webhook_endpoints ep
      where w.id = due.id and ev.id = w.event_id and ep.id = w.endpoint_id
      returning w.id, w.endpoint_id, w.event_id, w.attempt_count, w.run_attempts, w.claim_token, ev.body, ep.url,
        ep.ed25519_private_key,
        (select array_agg(s.secret order by s.created_at_ms desc, s.id desc) from webhook_endpoint_secrets s
          where s.endpoint_id = w.endpoint_id and (s.expires_at_ms is null or s.expires_at_ms > ${now})) as secrets`;
  }

  // The next wake-up: the earliest time a delivery becomes claimable, capped by the safety poll. While
  // attempts are in flight their completions wake the dispatcher, so the query runs only when idle. The walk
  // stops at the first eligible delivery that holds no lease: every later one is due no earlier.
  async function arm(at?: number): Promise<void> {
    const now = clock.now();
    let wakeAt = at ?? now + pollIntervalMs;
    if (at === undefined && inFlight.size === 0) {
      const [row] = await sql<{ next: number | null }[]>`
        ${walk(sql`not (w.eligible and coalesce(w.lease_until_ms, 0) <= w.next_attempt_at_ms)`)}
        select min(greatest(c.next_attempt_at_ms, coalesce(c.lease_until_ms, 0))) as next from walk c where c.eligible`;
      if (row?.next != null) wakeAt = Math.min(wakeAt, Math.max(row.next, now + MIN_REARM_MS));
    }
    if (stopped) return;
    timer?.cancel();
    timer = clock.setTimerAt(wakeAt, wake);
  }

  async function attempt(delivery: Claimed): Promise<void> {
    const attemptedAt = clock.now();
    const started = clock.monotonic();
    const result = await send(delivery, attemptedAt);
    const durationMs = Math.max(0, Math.round(clock.monotonic() - started));
    metrics.attemptDuration.observe(durationMs / 1000);
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const report = await record(delivery, { ...result, attemptedAt, durationMs, succeeded });
    metrics.attempts.inc({ outcome: report.outcome });
    if (report.endpointDisabled) {
      log.warn({ endpointId: delivery.endpoint_id, reason: report.endpointDisabled }, 'webhook endpoint disabled');
    }
    options.onAttempt?.(report);
  }

  async function send(delivery: Claimed, attemptedAt: number): Promise<{ statusCode: number | null; responseBody: string | null; error: string | null }> {
    try {
      const checkOptions = { allowInsecure: config.allowInsecureTargets, kind: 'webhook' as const };
      await checkTarget(delivery.url, options.lookup ? { ...checkOptions, lookup: options.lookup } : checkOptions);
    } catch (err) {
      return { statusCode: null, responseBody: null, error: err instanceof Error ? err.message : String(err) };
    }
    const timestamp = Math.floor(attemptedAt / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'sentral-webhooks/1',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(delivery.secrets ?? [], delivery.ed25519_private_key ?? undefined, delivery.id, timestamp, delivery.body),
    };
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(delivery.url, { method: 'POST', headers, body: delivery.body, redirect: 'manual', signal });
      const responseBody = await readTruncated(response);
      const error = response.status >= 300 && response.status < 400 ? 'redirects are not followed' : null;
      return { statusCode: response.status, responseBody, error };
    } catch (err) {
      return { statusCode: null, responseBody: null, error: signal.aborted ? `no response within ${timeoutMs} ms` : describeFetchError(err) };
    }
  }

  async function record(
    delivery: Claimed,
    result: { statusCode: number | null; responseBody: string | null; error: string | null; attemptedAt: number; durationMs: number; succeeded: boolean },
  ): Promise<AttemptReport> {
    const now = clock.now();
    const runAttempts = delivery.run_attempts + 1;
    const delay = result.succeeded ? null : nextRetryDelay(runAttempts, jitter);
    const outcome: AttemptOutcome = result.succeeded ? 'succeeded' : delay === null ? 'gave_up' : 'retry_scheduled';
    const nextAttemptAtMs = delay === null ? null : now + delay;
    let endpointDisabled: 'gone' | 'failing' | null = null;
    // The attempt and the delivery's next state, in one statement (one round trip). The endpoint may have
    // been deleted meanwhile (its deliveries with it): then nothing is recorded. Only the holder of the
    // claim moves the delivery on (a dispatcher whose lease ran out does not).
    const recorded = sql`
      with attempt as (
        insert into webhook_attempts (id, delivery_id, endpoint_id, event_id, attempted_at_ms, status_code, response_body, duration_ms, error)
        select ${newId('att', clock)}, ${delivery.id}, ${delivery.endpoint_id}, ${delivery.event_id}, ${result.attemptedAt},
               ${result.statusCode}, ${result.responseBody}, ${result.durationMs}, ${result.error}
        where exists (select 1 from webhook_deliveries where id = ${delivery.id})
      ), moved as (
        update webhook_deliveries
        set attempt_count = attempt_count + 1, run_attempts = ${runAttempts},
            state = ${outcome === 'succeeded' ? 'succeeded' : outcome === 'gave_up' ? 'failed' : 'pending'},
            next_attempt_at_ms = ${nextAttemptAtMs ?? now},
            completed_at_ms = ${outcome === 'retry_scheduled' ? null : now},
            lease_until_ms = null, claim_token = null
        where id = ${delivery.id} and claim_token = ${delivery.claim_token}
      )`;
    if (result.succeeded) {
      // Touches (and locks) the endpoint row only when it was failing, so successes do not queue on it.
      await sql`${recorded} update webhook_endpoints set failing_since_ms = null where id = ${delivery.endpoint_id} and failing_since_ms is not null`;
    } else {
      await sql.begin(async (tx) => {
        await tx`${recorded} select 1`;
        const [endpoint] = await tx<{ disabled_at_ms: number | null; failing_since_ms: number | null }[]>`
          select disabled_at_ms, failing_since_ms from webhook_endpoints where id = ${delivery.endpoint_id} for update`;
        if (!endpoint) return;
        const failingSince = endpoint.failing_since_ms ?? now;
        if (endpoint.disabled_at_ms === null) {
          if (result.statusCode === 410) endpointDisabled = 'gone';
          else if (now - failingSince >= FAILING_DISABLE_AFTER_MS) endpointDisabled = 'failing';
        }
        await tx`
          update webhook_endpoints
          set failing_since_ms = ${failingSince},
              disabled_at_ms = ${endpointDisabled ? now : endpoint.disabled_at_ms},
              disabled_reason = coalesce(${endpointDisabled}, disabled_reason)
          where id = ${delivery.endpoint_id}`;
      });
    }
    return {
      deliveryId: delivery.id,
      endpointId: delivery.endpoint_id,
      eventId: delivery.event_id,
      attempt: delivery.attempt_count + 1,
      statusCode: result.statusCode,
      error: result.error,
      outcome,
      nextAttemptAtMs,
      endpointDisabled,
    };
  }

  const subscription: Subscription = await bus.subscribe(DISPATCHER_WAKE_SUBJECT, () => wake());
  wake();

  return {
    async stop() {
      stopped = true;
      timer?.cancel();
      await subscription.stop();
      await pumping;
      await Promise.all([...inFlight]);
    },
    whenIdle() {
      if (!pumping && inFlight.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    wake,
  };
}

// Reads at most MAX_RESPONSE_BODY_BYTES and drops the rest of the stream.
async function readTruncated(response: Response): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_RESPONSE_BODY_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BODY_BYTES);
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/\uFFFD$/, '');
}

function describeFetchError(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return `connection failed: ${cause.code}`;
  if (cause?.message) return `connection failed: ${cause.message}`;
  return err instanceof Error ? err.message : String(err);
}
