import type { Clock } from '../../shared/clock/clock.js';
import type { Sql } from '../../shared/db/database.js';
import { newId } from '../../shared/ids/ids.js';
import type { AttemptOutcome } from './dispatcher-metrics.js';
import type { ClaimedDelivery } from './delivery-claim.js';
import { nextRetryDelay } from './retry-schedule.js';
import type { SendResult } from './webhook-sender.js';

/** An endpoint that has failed without a single success for this long is disabled. */
export const FAILING_DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

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

/** One finished attempt to record: what the endpoint answered, when and how long it took. */
export interface FinishedAttempt extends SendResult {
  attemptedAt: number;
  durationMs: number;
  succeeded: boolean;
}

/**
 * Records an attempt and moves its delivery on: succeeded, a retry at the schedule's next delay (with
 * `jitter`), or given up. A failure marks the endpoint failing; 410 Gone, or failing for
 * FAILING_DISABLE_AFTER_MS, disables it. Only the holder of the claim moves the delivery on.
 */
export async function recordAttempt(sql: Sql, clock: Clock, delivery: ClaimedDelivery, result: FinishedAttempt, jitter: number): Promise<AttemptReport> {
  const now = clock.now();
  const runAttempts = delivery.run_attempts + 1;
  const delay = result.succeeded ? null : nextRetryDelay(runAttempts, jitter);
  const outcome: AttemptOutcome = result.succeeded ? 'succeeded' : delay === null ? 'gave_up' : 'retry_scheduled';
  const nextAttemptAtMs = delay === null ? null : now + delay;
  let endpointDisabled: 'gone' | 'failing' | null = null;
  // The attempt and the delivery's next state, in one statement (one round trip). The endpoint may have
  // been deleted meanwhile (its deliveries with it): then nothing is recorded. A dispatcher whose lease ran
  // out (its claim token replaced) records the attempt but does not move the delivery.
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
