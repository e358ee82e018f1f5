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
  if (result.succeeded) {
    await recordSuccesses(sql, clock, [{ delivery, result }]);
  } else {
    // The attempt and the delivery's next state, in one statement. The endpoint may have been deleted
    // meanwhile (its deliveries with it): then nothing is recorded. A dispatcher whose lease ran out (its
    // claim token replaced) records the attempt but does not move the delivery.
    const recorded = sql`
      with attempt as (
        insert into webhook_attempts (id, delivery_id, endpoint_id, event_id, attempted_at_ms, status_code, response_body, duration_ms, error)
        select ${newId('att', clock)}, ${delivery.id}, ${delivery.endpoint_id}, ${delivery.event_id}, ${result.attemptedAt},
               ${result.statusCode}, ${result.responseBody}, ${result.durationMs}, ${result.error}
        where exists (select 1 from webhook_deliveries where id = ${delivery.id})
      ), moved as (
        update webhook_deliveries
        set attempt_count = attempt_count + 1, run_attempts = ${runAttempts},
            state = ${outcome === 'gave_up' ? 'failed' : 'pending'},
            next_attempt_at_ms = ${nextAttemptAtMs ?? now},
            completed_at_ms = ${outcome === 'retry_scheduled' ? null : now},
            lease_until_ms = null, claim_token = null
        where id = ${delivery.id} and claim_token = ${delivery.claim_token}
      )`;
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
  return reportOf(delivery, result, outcome, nextAttemptAtMs, endpointDisabled);
}

/**
 * Records successful attempts in one statement (the dispatcher batches the successes that finish together):
 * each attempt, its delivery succeeded (only by the holder of its claim), and its endpoint no longer failing.
 * Touches (and locks) an endpoint row only when it was failing, so successes do not queue on it.
 */
export async function recordSuccesses(sql: Sql, clock: Clock, successes: readonly { delivery: ClaimedDelivery; result: FinishedAttempt }[]): Promise<void> {
  if (successes.length === 0) return;
  const now = clock.now();
  const column = <T>(pick: (s: { delivery: ClaimedDelivery; result: FinishedAttempt }) => T) => sql.array(successes.map(pick) as never[]);
  await sql`
    with v as (
      select * from unnest(${column(() => newId('att', clock))}::text[], ${column((s) => s.delivery.id)}::text[], ${column((s) => s.delivery.endpoint_id)}::text[],
                           ${column((s) => s.delivery.event_id)}::text[], ${column((s) => s.result.attemptedAt)}::bigint[], ${column((s) => s.result.statusCode)}::int[],
                           ${column((s) => s.result.responseBody)}::text[], ${column((s) => s.result.durationMs)}::int[], ${column((s) => s.delivery.claim_token)}::text[],
                           ${column((s) => s.delivery.run_attempts + 1)}::int[], ${column((s) => s.result.error)}::text[])
        as v(id, delivery_id, endpoint_id, event_id, attempted_at_ms, status_code, response_body, duration_ms, claim_token, run_attempts, error)
    ), attempt as (
      insert into webhook_attempts (id, delivery_id, endpoint_id, event_id, attempted_at_ms, status_code, response_body, duration_ms, error)
      select v.id, v.delivery_id, v.endpoint_id, v.event_id, v.attempted_at_ms, v.status_code, v.response_body, v.duration_ms, v.error
      from v where exists (select 1 from webhook_deliveries d where d.id = v.delivery_id)
    ), moved as (
      update webhook_deliveries d
      set attempt_count = d.attempt_count + 1, run_attempts = v.run_attempts, state = 'succeeded', next_attempt_at_ms = ${now},
          completed_at_ms = ${now}, lease_until_ms = null, claim_token = null
      from v where d.id = v.delivery_id and d.claim_token = v.claim_token
    )
    update webhook_endpoints set failing_since_ms = null
    where id in (select endpoint_id from v) and failing_since_ms is not null`;
}

/** The report of a success recorded by recordSuccesses. */
export function successReport(delivery: ClaimedDelivery, result: FinishedAttempt): AttemptReport {
  return reportOf(delivery, result, 'succeeded', null, null);
}

function reportOf(
  delivery: ClaimedDelivery,
  result: FinishedAttempt,
  outcome: AttemptOutcome,
  nextAttemptAtMs: number | null,
  endpointDisabled: 'gone' | 'failing' | null,
): AttemptReport {
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
