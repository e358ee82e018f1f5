import type { Clock } from '../../shared/clock/clock.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { WebhookAttempt, WebhookDelivery } from '../../protocol/webhooks/webhook-endpoint.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import type { Db } from '../../shared/db/database.js';
import { isoOrNull } from '../../shared/clock/iso.js';
import { pageOf, type Page } from '../../shared/db/page.js';
import { insertDeliveries, insertEvent } from './event-log.js';
import { findEndpoint } from './webhook-endpoints.js';

/** The type of the event POST /v1/webhook-endpoints/:id/test sends. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** Paging of newest-first lists. */
export interface PageQuery {
  before?: string | undefined;
  limit?: number | undefined;
}

interface DeliveryRow {
  id: string;
  seq: number;
  event_id: string;
  event_type: string;
  endpoint_id: string;
  state: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at_ms: number;
  created_at_ms: number;
  completed_at_ms: number | null;
}

interface AttemptRow {
  id: string;
  seq: number;
  delivery_id: string;
  event_id: string;
  endpoint_id: string;
  attempted_at_ms: number;
  status_code: number | null;
  response_body: string | null;
  duration_ms: number;
  error: string | null;
}

/** Attempts made to an endpoint, newest first. */
export async function listAttempts(db: Db, caller: KeyPrincipal, endpointId: string, query: PageQuery): Promise<Page<WebhookAttempt>> {
  await findEndpoint(db, caller, endpointId);
  const limit = query.limit ?? 50;
  const beforeSeq = await cursorSeq(db, 'webhook_attempts', endpointId, query.before);
  const rows = await db<AttemptRow[]>`
    select * from webhook_attempts
    where endpoint_id = ${endpointId} and seq < ${beforeSeq}
    order by seq desc limit ${limit + 1}`;
  return pageOf(rows, limit, toAttempt);
}

/** Deliveries to an endpoint that gave up, newest first. */
export async function listFailedDeliveries(db: Db, caller: KeyPrincipal, endpointId: string, query: PageQuery): Promise<Page<WebhookDelivery>> {
  await findEndpoint(db, caller, endpointId);
  const limit = query.limit ?? 50;
  const beforeSeq = await cursorSeq(db, 'webhook_deliveries', endpointId, query.before);
  const rows = await db<DeliveryRow[]>`
    select d.*, e.type as event_type from webhook_deliveries d join events e on e.id = d.event_id
    where d.endpoint_id = ${endpointId} and d.state = 'failed' and d.seq < ${beforeSeq}
    order by d.seq desc limit ${limit + 1}`;
  return pageOf(rows, limit, toDelivery);
}

/**
 * Queues every delivery to the endpoint that gave up (made at or after `sinceMs` and before `untilMs`) for a
 * new run of the retry schedule, due now; returns how many. A disabled endpoint must be revived first.
 */
export async function recoverFailed(db: Db, clock: Clock, caller: KeyPrincipal, endpointId: string, range: { sinceMs?: number; untilMs?: number } = {}): Promise<number> {
  await requireEnabled(db, caller, endpointId);
  const rows = await db`
    update webhook_deliveries
    set state = 'pending', run_attempts = 0, next_attempt_at_ms = ${clock.now()}, completed_at_ms = null,
        lease_until_ms = null, claim_token = null
    where endpoint_id = ${endpointId} and state = 'failed'
      and created_at_ms >= ${range.sinceMs ?? 0} and created_at_ms < ${range.untilMs ?? Number.MAX_SAFE_INTEGER}
    returning id`;
  return rows.length;
}

/**
 * Resends one event to one endpoint: a delivery that gave up gets a new run of the retry schedule; one
 * still waiting for its next retry is due now (its place in the schedule kept; one being sent right now
 * is left to that attempt). A delivery already delivered, or none at all, is webhook_delivery_not_found.
 */
export async function redeliver(db: Db, clock: Clock, caller: KeyPrincipal, eventId: string, endpointId: string): Promise<WebhookDelivery> {
  await requireEnabled(db, caller, endpointId);
  const now = clock.now();
  const [row] = await db<DeliveryRow[]>`
    update webhook_deliveries d
    set state = 'pending',
        run_attempts = case when d.state = 'failed' then 0 else d.run_attempts end,
        next_attempt_at_ms = least(d.next_attempt_at_ms, ${now}),
        completed_at_ms = null,
        lease_until_ms = case when d.state = 'failed' then null else d.lease_until_ms end,
        claim_token = case when d.state = 'failed' then null else d.claim_token end
    from events e
    where e.id = d.event_id and d.event_id = ${eventId} and d.endpoint_id = ${endpointId} and d.state in ('failed', 'pending')
      and e.company_id = ${caller.companyId}
    returning d.*, e.type as event_type`;
  if (!row) throw new SentralError('webhook_delivery_not_found', { param: 'endpointId' });
  return toDelivery(row);
}

/**
 * Records a `webhook.test` event (in the event log, about the endpoint) and delivers it to this endpoint
 * only, whatever its event filter; returns the delivery.
 */
export async function sendTestEvent(db: Db, clock: Clock, caller: KeyPrincipal, endpointId: string): Promise<WebhookDelivery> {
  const endpoint = await requireEnabled(db, caller, endpointId);
  const event = await insertEvent(db, clock, {
    companyId: endpoint.company_id,
    profileId: endpoint.profile_id,
    mode: endpoint.mode,
    type: TEST_EVENT_TYPE,
    data: { endpointId },
    objectId: endpointId,
  });
  await insertDeliveries(db, clock, event.id, endpointId, [endpointId]);
  const [row] = await db<DeliveryRow[]>`
    select d.*, e.type as event_type from webhook_deliveries d join events e on e.id = d.event_id
    where d.event_id = ${event.id} and d.endpoint_id = ${endpointId}`;
  return toDelivery(row!);
}

async function requireEnabled(db: Db, caller: KeyPrincipal, endpointId: string): Promise<Awaited<ReturnType<typeof findEndpoint>>> {
  const endpoint = await findEndpoint(db, caller, endpointId);
  if (endpoint.disabled_at_ms !== null) throw new SentralError('webhook_endpoint_disabled');
  return endpoint;
}

// A cursor is an id of the same list; an unknown one is the caller's mistake, not an empty page.
async function cursorSeq(db: Db, table: 'webhook_attempts' | 'webhook_deliveries', endpointId: string, before: string | undefined): Promise<number> {
  if (before === undefined) return Number.MAX_SAFE_INTEGER;
  const [row] = await db<{ seq: number }[]>`select seq from ${db(table)} where id = ${before} and endpoint_id = ${endpointId}`;
  if (!row) throw new SentralError('invalid_request', { message: 'The cursor names no item of this list.', param: 'before' });
  return row.seq;
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    object: 'webhook_delivery',
    eventId: row.event_id,
    eventType: row.event_type,
    endpointId: row.endpoint_id,
    state: row.state,
    attemptCount: row.attempt_count,
    nextAttemptAt: row.state === 'pending' ? new Date(row.next_attempt_at_ms).toISOString() : null,
    createdAt: new Date(row.created_at_ms).toISOString(),
    completedAt: isoOrNull(row.completed_at_ms),
  };
}

function toAttempt(row: AttemptRow): WebhookAttempt {
  return {
    id: row.id,
    object: 'webhook_attempt',
    deliveryId: row.delivery_id,
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    attemptedAt: new Date(row.attempted_at_ms).toISOString(),
    statusCode: row.status_code,
    responseBody: row.response_body,
    durationMs: row.duration_ms,
    error: row.error,
  };
}
