import type { Clock } from '../../shared/clock/clock.js';
import type { Bus } from '../../shared/bus/bus.js';
import type { Db, Tx } from '../../shared/db/database.js';
import { cursorSeq, pageOf } from '../../shared/db/page.js';
import { newId } from '../../shared/ids/ids.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { DISPATCHER_WAKE_SUBJECT } from '../../protocol/bus/bus-names.js';
import { EVENT_API_VERSION, type EventEnvelope, type EventList } from '../../protocol/events/event-envelope.js';
import type { EventType } from '../../protocol/events/event-catalogue.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import { ownProfileRows } from '../accounts/profile-scope.js';
import { outgoingTrace, type TraceCarrier } from '../../shared/tracing/trace-context.js';

/** What happened, to whom: the input of recordEvent. */
export interface NewEvent {
  companyId: string;
  profileId: string | null;
  mode: 'live' | 'test';
  /** A type of the event catalogue (protocol/events/event-catalogue.ts), which describes its data. */
  type: EventType;
  data: Record<string, unknown>;
  /** The object the event is about (e.g. the call id): events of one object reach each endpoint in order. */
  objectId: string | null;
  /** Defaults to the clock's now. */
  occurredAtMs?: number;
  /** The event's id when the caller needs it in the data (sms.status carries its eventId); a new one otherwise. */
  id?: string;
  /** The trace context it was recorded in (a batch of several messages' events); the active one by default. */
  trace?: TraceCarrier | undefined;
}

interface EventRow {
  id: string;
  seq: number;
  body: string;
}

/**
 * True when an endpoint's event filter wants `type`: an entry matches its exact name, `prefix.*` matches
 * every type under `prefix.` (any depth: `call.*` takes call.ended and call.participant.joined), and `*`
 * matches all.
 */
export function eventTypeMatches(filter: readonly string[], type: string): boolean {
  return filter.some((entry) => {
    if (entry === '*') return true;
    if (entry.endsWith('.*')) return type.startsWith(entry.slice(0, -1));
    return entry === type;
  });
}

/**
 * Stores an event in the caller's transaction and one delivery per matching endpoint (same company and
 * mode; whole-company endpoints or the event's profile; the event filter). Disabled endpoints get a
 * delivery too: it waits until the endpoint is revived. Call `wakeDispatcher` after the commit.
 * `data` gains `mode` and `profileId`, which every event carries.
 */
export async function recordEvent(tx: Tx, clock: Clock, input: NewEvent): Promise<EventEnvelope> {
  const event = await insertEvent(tx, clock, input);
  const endpoints = await tx<{ id: string; events: string[] }[]>`
    select id, events from webhook_endpoints
    where company_id = ${input.companyId} and mode = ${input.mode}
      and (profile_id is null or profile_id = ${input.profileId}::uuid)`;
  const wanted = endpoints.filter((e) => eventTypeMatches(e.events, input.type)).map((e) => e.id);
  await insertDeliveries(tx, clock, event.id, input.objectId, wanted);
  return event;
}

/**
 * recordEvent for many events in one go (the messaging outbox moves a batch of messages at once): one
 * insert of the events, one lookup of the endpoints, one insert of the deliveries. Events and deliveries
 * are stored in the order given, so the events of one object keep their order.
 */
export async function recordEvents(tx: Tx, clock: Clock, inputs: readonly NewEvent[]): Promise<void> {
  if (inputs.length === 0) return;
  const active = traceContext(tx);
  const rows = inputs.map((input) => {
    const envelope = envelopeOf(clock, input);
    return {
      id: envelope.id,
      company_id: input.companyId,
      profile_id: input.profileId,
      mode: input.mode,
      type: input.type,
      object_id: input.objectId,
      occurred_at_ms: input.occurredAtMs ?? clock.now(),
      body: JSON.stringify(envelope),
      trace_context: input.trace ? traceContext(tx, input.trace) : active,
    };
  });
  const companies = [...new Set(inputs.map((i) => i.companyId))];
  // The endpoints do not depend on the insert: both are sent at once (one round trip on the transaction's connection).
  const [, endpoints] = await Promise.all([
    tx`insert into events ${tx(rows)}`,
    tx<{ id: string; events: string[]; company_id: string; mode: string; profile_id: string | null }[]>`
      select id, events, company_id, mode, profile_id from webhook_endpoints where company_id = any(${tx.array(companies)}::text[])`,
  ]);
  if (endpoints.length === 0) return;
  const now = clock.now();
  const deliveries = inputs.flatMap((input, i) =>
    endpoints
      .filter((e) => e.company_id === input.companyId && e.mode === input.mode && (e.profile_id === null || e.profile_id === input.profileId))
      .filter((e) => eventTypeMatches(e.events, input.type))
      .map((e) => ({ id: newId('dlv', clock), event_id: rows[i]!.id, endpoint_id: e.id, object_id: input.objectId, state: 'pending', next_attempt_at_ms: now, created_at_ms: now })),
  );
  if (deliveries.length > 0) await tx`insert into webhook_deliveries ${tx(deliveries)}`;
}

/** Stores an event without deliveries (recordEvent's first half; the test event uses it directly). */
export async function insertEvent(tx: Db, clock: Clock, input: NewEvent): Promise<EventEnvelope> {
  const envelope = envelopeOf(clock, input);
  await tx`
    insert into events (id, company_id, profile_id, mode, type, object_id, occurred_at_ms, body, trace_context)
    values (${envelope.id}, ${input.companyId}, ${input.profileId}, ${input.mode}, ${input.type}, ${input.objectId},
            ${input.occurredAtMs ?? clock.now()}, ${JSON.stringify(envelope)}, ${traceContext(tx)})`;
  return envelope;
}

// The trace context to store with an event (the dispatcher continues the trace from it): the one given, else
// the active one; null with tracing off.
function traceContext(db: Db, given?: TraceCarrier): ReturnType<Db['json']> | null {
  const carrier = given ?? outgoingTrace();
  return carrier ? db.json(carrier) : null;
}

// The envelope an event is stored and delivered in; `data` gains `mode` and `profileId`.
function envelopeOf(clock: Clock, input: NewEvent): EventEnvelope {
  return {
    object: 'event',
    id: input.id ?? newId('evt', clock),
    type: input.type,
    api_version: EVENT_API_VERSION,
    occurred_at: new Date(input.occurredAtMs ?? clock.now()).toISOString(),
    data: { ...input.data, mode: input.mode, profileId: input.profileId },
  };
}

/** Creates a delivery of an event to each of `endpointIds`, due now. */
export async function insertDeliveries(tx: Db, clock: Clock, eventId: string, objectId: string | null, endpointIds: readonly string[]): Promise<void> {
  if (endpointIds.length === 0) return;
  const now = clock.now();
  const rows = endpointIds.map((endpointId) => ({
    id: newId('dlv', clock),
    event_id: eventId,
    endpoint_id: endpointId,
    object_id: objectId,
    state: 'pending',
    next_attempt_at_ms: now,
    created_at_ms: now,
  }));
  await tx`insert into webhook_deliveries ${tx(rows)}`;
}

/** Tells every dispatcher that deliveries may be due now (after the transaction that made them commits). */
export async function wakeDispatcher(bus: Bus): Promise<void> {
  await bus.notify(DISPATCHER_WAKE_SUBJECT, new Uint8Array(0));
}

/** One event of the event log the caller can see (its company and mode; its profile for a profile key). */
export async function getEvent(db: Db, caller: KeyPrincipal, id: string): Promise<EventEnvelope> {
  const [row] = await db<EventRow[]>`
    select id, seq, body from events
    where id = ${id} and company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}`;
  if (!row) throw new SentralError('not_found', { message: 'No such event.' });
  return JSON.parse(row.body) as EventEnvelope;
}

/** A page of the event log, oldest first, after the event `after` (for catching up on missed events). */
export async function listEvents(
  db: Db,
  caller: KeyPrincipal,
  query: { type?: string | undefined; objectId?: string | undefined; after?: string | undefined; limit?: number | undefined },
): Promise<EventList> {
  const limit = query.limit ?? 50;
  const afterSeq = query.after === undefined ? 0 : await cursorSeq(db<{ seq: number }[]>`
    select seq from events where id = ${query.after} and company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}`, 'event', 'after');
  const rows = await db<EventRow[]>`
    select id, seq, body from events
    where company_id = ${caller.companyId} and mode = ${caller.mode} and seq > ${afterSeq}
      and ${ownProfileRows(db, caller)}
      and (${query.type ?? null}::text is null or type = ${query.type ?? null})
      and (${query.objectId ?? null}::text is null or object_id = ${query.objectId ?? null})
    order by seq
    limit ${limit + 1}`;
  return pageOf(rows, limit, (r) => JSON.parse(r.body) as EventEnvelope);
}
