import { randomUUID } from 'node:crypto';
import type postgres from 'postgres';
import type { Sql } from '../../shared/db/database.js';
import type { TraceCarrier } from '../../shared/tracing/trace-context.js';

/**
 * How long a claim holds a delivery unless renewed. The dispatcher renews the claims of what it is sending
 * every third of this, so an attempt may take as long as it likes, while the deliveries
 * of a dispatcher that died are claimable again within this, and the later events of their objects (which
 * wait for them, in order) go out within this and one attempt.
 */
export const DELIVERY_LEASE_MS = 10_000;

// No cap per endpoint (a claim on its own, as tests make one).
const UNCAPPED = 2 ** 31 - 1;

/** A delivery this dispatcher holds a claim (a lease) on, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  attempt_count: number;
  run_attempts: number;
  claim_token: string;
  body: string;
  event_type: string;
  /** The trace context the event was recorded in (null with tracing off then). */
  trace_context: TraceCarrier | null;
  url: string;
  ed25519_private_key: string | null;
  secrets: string[] | null;
}

/**
 * Claiming due webhook deliveries with FOR UPDATE SKIP LOCKED and a lease, so several dispatchers share
 * the work, and finding when the next one becomes claimable.
 *
 * Order: a delivery about object X to endpoint E is not eligible while an earlier delivery (recorded before
 * it) about X to E is still pending; one that succeeded or gave up no longer blocks.
 */
export class DeliveryClaim {
  constructor(
    private readonly sql: Sql,
    private readonly leaseMs: number,
  ) {}

  /**
   * Claims up to `room` due, eligible deliveries not in `sending` (this dispatcher's own, even if their lease ran out),
   * at most `endpointCap` in flight per endpoint counting those in `sending`: the walk skips the endpoints
   * already at their cap, and of the candidates it finds each endpoint gets only its remaining room, so a
   * slow endpoint's queue ahead in due order neither fills the claim nor stops it short of other endpoints'
   * deliveries (a claim that caps an endpoint is followed by another: see claimFair).
   * The walk stops at the first delivery not yet due. Twice `room` candidates, so that rows another
   * dispatcher is claiming at this moment (skipped as locked) do not leave this claim short. The lock
   * re-checks each row as it is now (another dispatcher may have claimed or finished it since the walk's
   * snapshot); `state not in (…)` means state = 'pending' but keeps the planner from reading a partial
   * index of pending deliveries for this lookup by id.
   */
  async claim(room: number, now: number, sending: ReadonlySet<string> | ReadonlyMap<string, Pick<ClaimedDelivery, 'endpoint_id'>>, endpointCap = UNCAPPED): Promise<ClaimedDelivery[]> {
    const sql = this.sql;
    const token = randomUUID();
    const inFlight = new Map<string, number>();
    if (sending instanceof Map) {
      for (const d of sending.values()) inFlight.set(d.endpoint_id, (inFlight.get(d.endpoint_id) ?? 0) + 1);
    }
    const capped = [...inFlight].filter(([, n]) => n >= endpointCap).map(([id]) => id);
    return sql<ClaimedDelivery[]>`
      ${this.walk(sql`w.next_attempt_at_ms <= ${now}`, capped)},
      candidates as (
        select c.id, c.endpoint_id, row_number() over (partition by c.endpoint_id order by c.next_attempt_at_ms, c.seq) as rank
        from (
          select c.id, c.endpoint_id, c.next_attempt_at_ms, c.seq from walk c
          where c.eligible and c.next_attempt_at_ms <= ${now}
            and (c.lease_until_ms is null or c.lease_until_ms <= ${now})
            and not (c.id = any(${sql.array([...sending.keys()])}::text[]))
          limit ${2 * room}) c
      ),
      due as (
        select d.id from webhook_deliveries d
        where d.id = any(array(
            select k.id from candidates k
            left join unnest(${sql.array([...inFlight.keys()])}::text[], ${sql.array([...inFlight.values()])}::int[]) as f(endpoint_id, n)
              on f.endpoint_id = k.endpoint_id
            where k.rank <= ${endpointCap} - coalesce(f.n, 0)))
          and d.state not in ('succeeded', 'failed') and d.next_attempt_at_ms <= ${now}
          and (d.lease_until_ms is null or d.lease_until_ms <= ${now})
        order by d.next_attempt_at_ms, d.seq
        limit ${room}
        for update skip locked
      )
      update webhook_deliveries w
      set lease_until_ms = ${now + this.leaseMs}, claim_token = ${token}
      from due, events ev, webhook_endpoints ep
      where w.id = due.id and ev.id = w.event_id and ep.id = w.endpoint_id
      returning w.id, w.endpoint_id, w.event_id, w.attempt_count, w.run_attempts, w.claim_token, ev.body, ev.type as event_type,
        ev.trace_context, ep.url,
        ep.ed25519_private_key,
        (select array_agg(s.secret order by s.created_at_ms desc, s.id desc) from webhook_endpoint_secrets s
          where s.endpoint_id = w.endpoint_id and (s.expires_at_ms is null or s.expires_at_ms > ${now})) as secrets`;
  }

  /**
   * Claims up to `room` as claim() does, again while a claim came back short because it brought an endpoint
   * to its cap (the walk's candidates beyond that endpoint's room were dropped, and other endpoints'
   * deliveries may lie behind them): each round caps one more endpoint at least, so this ends, and a capped
   * endpoint never leaves the claim loop waiting with room free and other endpoints' deliveries due.
   */
  async claimFair(room: number, now: number, sending: ReadonlyMap<string, Pick<ClaimedDelivery, 'endpoint_id'>>, endpointCap: number): Promise<ClaimedDelivery[]> {
    const claimed: ClaimedDelivery[] = [];
    const held = new Map(sending);
    const cappedCount = (): number => {
      const n = new Map<string, number>();
      for (const d of held.values()) n.set(d.endpoint_id, (n.get(d.endpoint_id) ?? 0) + 1);
      return [...n.values()].filter((x) => x >= endpointCap).length;
    };
    let capped = cappedCount();
    for (;;) {
      const got = await this.claim(room - claimed.length, now, held, endpointCap);
      for (const d of got) {
        claimed.push(d);
        held.set(d.id, d);
      }
      if (claimed.length >= room || got.length === 0) return claimed;
      const nowCapped = cappedCount();
      if (nowCapped === capped) return claimed;
      capped = nowCapped;
    }
  }

  /**
   * Extends to `now + lease` the leases of deliveries still held under the claims given (id and claim
   * token); a delivery another dispatcher claimed meanwhile (its token changed) or that was settled stays
   * as it is.
   */
  async renew(held: readonly Pick<ClaimedDelivery, 'id' | 'claim_token'>[], now: number): Promise<void> {
    if (held.length === 0) return;
    const sql = this.sql;
    await sql`
      update webhook_deliveries w set lease_until_ms = ${now + this.leaseMs}
      from unnest(${sql.array(held.map((d) => d.id))}::text[], ${sql.array(held.map((d) => d.claim_token))}::text[]) as h(id, token)
      where w.id = h.id and w.claim_token = h.token and w.state = 'pending'`;
  }

  /**
   * The earliest time an eligible delivery becomes claimable (its due time or the end of its lease), null
   * when none is pending. The walk stops at the first eligible delivery that holds no lease: every later one
   * is due no earlier.
   */
  async nextClaimableAt(): Promise<number | null> {
    const [row] = await this.sql<{ next: number | null }[]>`
      ${this.walk(this.sql`not (w.eligible and coalesce(w.lease_until_ms, 0) <= w.next_attempt_at_ms)`, [])}
      select min(greatest(c.next_attempt_at_ms, coalesce(c.lease_until_ms, 0))) as next from walk c where c.eligible`;
    return row?.next ?? null;
  }

  // Walks the pending deliveries in due order (next_attempt_at_ms, seq), one index step at a time, marking
  // each as eligible when its endpoint is enabled and no earlier delivery of its object to that endpoint is
  // pending; the walk goes on while `goOn` (over the walked row `w`) holds and its reader wants more rows.
  // Each recursive step is one descent of webhook_deliveries_due (`limit 1` in index order), so the cost is
  // the rows walked, never all pending ones, whatever the planner's statistics say (an ordinary
  // `order by … limit` was planned as "read every pending delivery, then sort" without fresh statistics).
  // Deliveries to the endpoints in `skip` (at their cap) are passed over inside that descent, as a filter of
  // the index scan, so they cost a heap read each and no walked row.
  // The eligibility checks are scalar subqueries (one probe of the endpoint's primary key and one of
  // webhook_deliveries_object per walked row), which the planner cannot turn into joins over all rows.
  private walk(goOn: postgres.Fragment, skip: readonly string[]): postgres.Fragment {
    const sql = this.sql;
    const eligible = (): postgres.Fragment => sql`
      ((select ep.disabled_at_ms from webhook_endpoints ep where ep.id = d.endpoint_id) is null
        and (d.object_id is null or not exists (
          select 1 from webhook_deliveries p
          where p.endpoint_id = d.endpoint_id and p.object_id = d.object_id and p.state = 'pending' and p.seq < d.seq)))`;
    const skipped = (): postgres.Fragment => sql`not (d.endpoint_id = any(${sql.array([...skip])}::text[]))`;
    return sql`
      with recursive walk as (
        (select d.id, d.endpoint_id, d.seq, d.next_attempt_at_ms, d.lease_until_ms, ${eligible()} as eligible
         from webhook_deliveries d where d.state = 'pending' and ${skipped()}
         order by d.next_attempt_at_ms, d.seq limit 1)
        union all
        (select n.* from walk w cross join lateral (
           select d.id, d.endpoint_id, d.seq, d.next_attempt_at_ms, d.lease_until_ms, ${eligible()} as eligible
           from webhook_deliveries d
           where d.state = 'pending' and (d.next_attempt_at_ms, d.seq) > (w.next_attempt_at_ms, w.seq) and ${skipped()}
           order by d.next_attempt_at_ms, d.seq limit 1) n
         where ${goOn}))`;
  }
}
