import type { Timer } from '../../shared/clock/clock.js';
import type { Resolver } from '../../shared/net/target-check.js';
import type { Services } from '../../shared/services/services.js';
import { DISPATCHER_WAKE_SUBJECT } from '../../protocol/bus/bus-names.js';
import { startClaimLoop } from '../../shared/work/claim-loop.js';
import { dispatcherMetrics } from './dispatcher-metrics.js';
import { DELIVERY_LEASE_MS, DeliveryClaim, type ClaimedDelivery } from './delivery-claim.js';
import { recordAttempt, recordSuccesses, successReport, type AttemptReport, type FinishedAttempt } from './attempt-recorder.js';
import { createBatcher } from '../../shared/work/batcher.js';
import { sendWebhook } from './webhook-sender.js';
import { SpanKind, inSpan } from '../../shared/tracing/trace-context.js';

export type { AttemptReport } from './attempt-recorder.js';

/** Default time an attempt may take, from sending to the end of the (truncated) response. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 15_000;

// Most successes recorded in one statement.
const SUCCESS_BATCH_MAX = 128;

/** Options of a dispatcher. */
export interface DispatcherOptions {
  /** Attempts in flight at once (default: config.webhookConcurrency, SENTRAL_WEBHOOK_CONCURRENCY). */
  concurrency?: number;
  /** Attempts in flight at once to one endpoint (default: config.webhookEndpointConcurrency, SENTRAL_WEBHOOK_ENDPOINT_CONCURRENCY). */
  endpointConcurrency?: number;
  /** Request timeout (default 15 s). */
  timeoutMs?: number;
  /**
   * How long a claim holds a delivery before another dispatcher may take it, unless renewed (default
   * DELIVERY_LEASE_MS, 10 s); claims being sent under are renewed every third of it.
   */
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

/** A running dispatcher. */
export interface Dispatcher {
  /** Stops claiming, waits for attempts in flight to be recorded, and unsubscribes. */
  stop(): Promise<void>;
  /** Resolves when nothing is being claimed or sent (tests use it between clock moves). */
  whenIdle(): Promise<void>;
  /** Looks for due deliveries now (what a bus wake-up does). */
  wake(): void;
}

/**
 * Starts delivering webhooks: claims due deliveries (delivery-claim.ts), sends each (webhook-sender.ts),
 * records the attempt and schedules the retry or gives up (attempt-recorder.ts). When to claim is the
 * shared claim loop's (shared/work/claim-loop.ts): on the bus subject DISPATCHER_WAKE_SUBJECT, when an
 * attempt finishes, at the next due time, and on a slow poll; at most `concurrency` attempts in flight, and
 * at most `endpointConcurrency` of them to one endpoint (a slow endpoint cannot hold every place).
 */
export async function startDispatcher(services: Services, options: DispatcherOptions = {}): Promise<Dispatcher> {
  const { sql, clock, log, bus, config } = services;
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const jitter = options.jitter ?? 0;
  const metrics = dispatcherMetrics(services.metrics, sql, clock);
  const leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS;
  const concurrency = options.concurrency ?? config.webhookConcurrency;
  const endpointCap = options.endpointConcurrency ?? config.webhookEndpointConcurrency;
  const deliveries = new DeliveryClaim(sql, leaseMs);
  const claims = startClaimRenewal(services, deliveries, leaseMs);
  // Successes that finish together are recorded in one statement.
  const successes = createBatcher<{ delivery: ClaimedDelivery; result: FinishedAttempt }, true>(async (batch) => {
    await recordSuccesses(sql, clock, batch);
    return batch.map(() => true as const);
  }, { maxBatch: SUCCESS_BATCH_MAX });

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    claims.sending.set(delivery.id, delivery);
    try {
      await send(delivery);
    } finally {
      claims.sending.delete(delivery.id);
    }
  }

  async function send(delivery: ClaimedDelivery): Promise<void> {
    const attemptedAt = clock.now();
    const started = clock.monotonic();
    // The attempt continues the trace the event was recorded in (the request, the worker's message).
    const traced = { parent: delivery.trace_context ?? undefined, kind: SpanKind.CLIENT, attributes: { 'sentral.event_id': delivery.event_id, 'sentral.delivery_id': delivery.id } };
    const result = await inSpan(`webhook ${delivery.event_type}`, traced, () => sendWebhook(
      { id: delivery.id, url: delivery.url, body: delivery.body, secrets: delivery.secrets ?? [], ed25519PrivateKey: delivery.ed25519_private_key },
      { attemptedAt, timeoutMs, allowInsecureTargets: config.allowInsecureTargets, ...(options.lookup ? { lookup: options.lookup } : {}) },
    ));
    const durationMs = Math.max(0, Math.round(clock.monotonic() - started));
    metrics.attemptDuration.observe(durationMs / 1000);
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const finished = { ...result, attemptedAt, durationMs, succeeded };
    const report = succeeded
      ? await successes.submit({ delivery, result: finished }).then(() => successReport(delivery, finished))
      : await recordAttempt(sql, clock, delivery, finished, jitter);
    metrics.attempts.inc({ outcome: report.outcome });
    if (report.endpointDisabled) {
      log.warn({ endpointId: delivery.endpoint_id, reason: report.endpointDisabled }, 'webhook endpoint disabled');
    }
    options.onAttempt?.(report);
  }

  const loop = await startClaimLoop<ClaimedDelivery>({
    name: 'webhook dispatcher',
    clock,
    log,
    bus,
    wakeSubject: DISPATCHER_WAKE_SUBJECT,
    concurrency,
    pollIntervalMs: options.pollIntervalMs ?? 5_000,
    // Each claim is one walk of the pending deliveries: claimed for half the slots at a time, not one per finished attempt.
    minClaim: Math.ceil(concurrency / 2),
    // The loop's held ids are the deliveries being sent (claims.sending, which knows their endpoints) and,
    // for a moment after an attempt is recorded, that attempt's.
    claim: (room, now, held) => deliveries.claimFair(room, now, new Map([...held].map((id) => [id, claims.sending.get(id) ?? { endpoint_id: '' }])), endpointCap),
    idOf: (delivery) => delivery.id,
    run: attempt,
    nextDueAt: () => deliveries.nextClaimableAt(),
  });
  return {
    async stop() {
      await loop.stop();
      await claims.stop();
    },
    whenIdle: () => loop.whenIdle(),
    wake: () => loop.wake(),
  };
}

/**
 * Renews, every third of the lease, the claims of the deliveries being sent (`sending`), so that a slow
 * endpoint keeps its delivery with this dispatcher while a dead dispatcher's claims run out within the
 * lease. A renewal that fails (the database away) is logged and tried again at the next round; should the
 * lease run out meanwhile, another dispatcher may send the delivery again, with the same webhook-id.
 */
function startClaimRenewal(services: Services, deliveries: DeliveryClaim, leaseMs: number): { sending: Map<string, ClaimedDelivery>; stop(): Promise<void> } {
  const { clock, log } = services;
  const sending = new Map<string, ClaimedDelivery>();
  let stopped = false;
  let renewing: Promise<void> = Promise.resolve();
  let timer: Timer | undefined;
  const everyMs = Math.floor(leaseMs / 3);
  // At a fixed rate: a slow renewal does not push the next one back.
  const round = (): void => {
    const next = clock.now() + everyMs;
    renewing = deliveries
      .renew([...sending.values()], clock.now())
      .catch((err: unknown) => log.warn({ err, deliveries: sending.size }, 'webhook claims not renewed; trying again'))
      .finally(() => {
        if (!stopped) timer = clock.setTimerAt(next, round);
      });
  };
  timer = clock.setTimer(everyMs, round);
  return {
    sending,
    async stop() {
      stopped = true;
      timer?.cancel();
      await renewing;
    },
  };
}
