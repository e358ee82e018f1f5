import type { Timer } from '../../shared/clock/clock.js';
import type { Subscription } from '../../shared/bus/bus.js';
import type { Resolver } from '../../shared/net/target-check.js';
import type { Services } from '../app/services.js';
import { DISPATCHER_WAKE_SUBJECT } from '../../protocol/bus/bus-names.js';
import { dispatcherMetrics } from './dispatcher-metrics.js';
import { DeliveryClaim, type ClaimedDelivery } from './delivery-claim.js';
import { recordAttempt, type AttemptReport } from './attempt-recorder.js';
import { sendWebhook } from './webhook-sender.js';

export type { AttemptReport } from './attempt-recorder.js';

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

/** A running dispatcher. */
export interface Dispatcher {
  /** Stops claiming, waits for attempts in flight to be recorded, and unsubscribes. */
  stop(): Promise<void>;
  /** Resolves when nothing is being claimed or sent (tests use it between clock moves). */
  whenIdle(): Promise<void>;
  /** Looks for due deliveries now (what a bus wake-up does). */
  wake(): void;
}

// Delay before looking again when due deliveries exist that this dispatcher could not claim
// (locked by another dispatcher's claim at that moment): avoids spinning on them.
const MIN_REARM_MS = 250;

/**
 * Starts delivering webhooks: claims due deliveries (delivery-claim.ts), sends each (webhook-sender.ts),
 * records the attempt and schedules the retry or gives up (attempt-recorder.ts). This loop only decides
 * when to claim: on the bus subject DISPATCHER_WAKE_SUBJECT, when an attempt finishes, at the next due
 * time, and on a slow poll; at most `concurrency` attempts are in flight.
 */
export async function startDispatcher(services: Services, options: DispatcherOptions = {}): Promise<Dispatcher> {
  const { sql, clock, log, bus, config } = services;
  const concurrency = options.concurrency ?? 16;
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const jitter = options.jitter ?? 0;
  const metrics = dispatcherMetrics(services.metrics, sql, clock);
  const deliveries = new DeliveryClaim(sql, options.leaseMs ?? timeoutMs + 30_000);

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
        const claimed = await deliveries.claim(room, clock.now(), sending);
        for (const delivery of claimed) start(delivery);
        if (claimed.length === room) again = true;
      } while (again && !stopped);
      if (!stopped) await arm();
    } catch (err) {
      log.error({ err }, 'webhook dispatcher could not claim deliveries');
      await arm(clock.now() + pollIntervalMs);
    }
  }

  function start(delivery: ClaimedDelivery): void {
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

  // The next wake-up: the earliest time a delivery becomes claimable, capped by the safety poll. While
  // attempts are in flight their completions wake the dispatcher, so the query runs only when idle.
  async function arm(at?: number): Promise<void> {
    const now = clock.now();
    let wakeAt = at ?? now + pollIntervalMs;
    if (at === undefined && inFlight.size === 0) {
      const next = await deliveries.nextClaimableAt();
      if (next !== null) wakeAt = Math.min(wakeAt, Math.max(next, now + MIN_REARM_MS));
    }
    if (stopped) return;
    timer?.cancel();
    timer = clock.setTimerAt(wakeAt, wake);
  }

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const attemptedAt = clock.now();
    const started = clock.monotonic();
    const result = await sendWebhook(
      { id: delivery.id, url: delivery.url, body: delivery.body, secrets: delivery.secrets ?? [], ed25519PrivateKey: delivery.ed25519_private_key },
      { attemptedAt, timeoutMs, allowInsecureTargets: config.allowInsecureTargets, ...(options.lookup ? { lookup: options.lookup } : {}) },
    );
    const durationMs = Math.max(0, Math.round(clock.monotonic() - started));
    metrics.attemptDuration.observe(durationMs / 1000);
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const report = await recordAttempt(sql, clock, delivery, { ...result, attemptedAt, durationMs, succeeded }, jitter);
    metrics.attempts.inc({ outcome: report.outcome });
    if (report.endpointDisabled) {
      log.warn({ endpointId: delivery.endpoint_id, reason: report.endpointDisabled }, 'webhook endpoint disabled');
    }
    options.onAttempt?.(report);
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
