/**
 * The media watcher: calls never outlive their media. Every few seconds a worker reads the media-node registry
 * (bus KV `media-nodes`) and the live calls of the read model; a call whose node is no longer heartbeating
 * is mailed `call.mediaLost`, which its machine takes as a hang-up at the moment the media was last known
 * alive (billing stops there). The nodes' last heartbeats are kept in PostgreSQL (`media_nodes_seen`,
 * migration 080), because the registry forgets a node with its TTL.
 *
 * A node started again under the same id within the TTL never stops heartbeating; its registry entry's
 * `startedAt` tells the runs apart (`media_nodes_seen.started_at_ms`, migration 081), and the calls created
 * before the new run are ended as lost at the previous run's last heartbeat.
 *
 * Standalone, the media node lives in the process: a stop writes the stop as the node's last heartbeat, and
 * the first sweep of the next start ends the calls that were live at the stop (`service_restarted`), billed
 * to it. Several workers may sweep at once: the message id is the call's, so the call gets it once.
 */
import type { ActorMessage } from '../../../protocol/calls/mailbox.js';
import type { MediaLostEvent } from '../../../protocol/calls/call-actor.js';
import { MEDIA_NODE_TTL_MS, type MediaNodeRecord } from '../../../protocol/media/media-node-record.js';
import { mailboxSubject } from '../../../protocol/bus/bus-names.js';
import type { Bus } from '../../../shared/bus/bus.js';
import type { Clock, Timer } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import type { Logger } from '../../../shared/log/log.js';
import { MediaNodePicker } from '../requests/media-node-picker.js';

/** How often a worker looks for calls whose media is gone: with the registry's TTL, a call ends ≤ 22 s after its node's last heartbeat. */
export const MEDIA_WATCH_INTERVAL_MS = 2_000;

/** What the watcher needs. */
export interface MediaWatcherDeps {
  sql: Sql;
  bus: Bus;
  clock: Clock;
  log: Logger;
  partitions: number;
  /** Standalone: the media node is this process's, so what the first sweep finds lost was lost by a restart. */
  standalone: boolean;
  /** Default MEDIA_WATCH_INTERVAL_MS. */
  intervalMs?: number;
}

/** A call the watcher found without its media, and what it was told. */
export interface LostCall {
  callId: string;
  nodeId: string;
  reason: MediaLostEvent['reason'];
  /** When the media was last known alive: where the call ends and its billing stops. */
  lostAt: number;
}

/** A running watcher. */
export interface MediaWatcher {
  /** Stops watching (waits for a sweep under way); standalone, records the stop as the local node's last heartbeat. */
  stop(): Promise<void>;
}

const encoder = new TextEncoder();

/** Nodes whose heartbeat is fresh (a record outliving its TTL in a bus that keeps it counts as gone). */
function alive(records: readonly MediaNodeRecord[], now: number): MediaNodeRecord[] {
  return records.filter((r) => now - r.heartbeatAt <= MEDIA_NODE_TTL_MS);
}

/** Keeps the nodes' last heartbeats and runs (never moving one back; a run not given is kept). */
async function noteHeartbeats(sql: Sql, listed: { nodeId: string; heartbeatAt: number; startedAt?: number }[]): Promise<void> {
  // One row per node: a registry read can list a node twice (its entry rewritten during the listing), and
  // an upsert that meets its own row twice fails the statement (and the sweep).
  const byNode = new Map<string, { nodeId: string; heartbeatAt: number; startedAt?: number }>();
  for (const n of listed) {
    const seen = byNode.get(n.nodeId);
    byNode.set(n.nodeId, seen ? { nodeId: n.nodeId, heartbeatAt: Math.max(seen.heartbeatAt, n.heartbeatAt), startedAt: Math.max(seen.startedAt ?? 0, n.startedAt ?? 0) } : n);
  }
  const nodes = [...byNode.values()];
  if (nodes.length === 0) return;
  await sql`
    insert into media_nodes_seen (node_id, heartbeat_at_ms, started_at_ms)
    select x.node_id, x.at, nullif(x.started, 0) from unnest(
      ${sql.array(nodes.map((n) => n.nodeId))}::text[], ${sql.array(nodes.map((n) => n.heartbeatAt))}::bigint[], ${sql.array(nodes.map((n) => n.startedAt ?? 0))}::bigint[]
    ) as x(node_id, at, started)
    on conflict (node_id) do update set
      heartbeat_at_ms = greatest(media_nodes_seen.heartbeat_at_ms, excluded.heartbeat_at_ms),
      started_at_ms = greatest(media_nodes_seen.started_at_ms, excluded.started_at_ms)`;
}

/**
 * One sweep: mails `call.mediaLost` to every live call whose node is gone, or whose node runs again under
 * the same id (a restart within the registry's TTL: the call was on the previous run), then notes the live
 * nodes' heartbeats and runs. `reason` is what those calls end with. Returns the calls told.
 */
export async function sweepLostMedia(deps: MediaWatcherDeps, picker: MediaNodePicker, reason: MediaLostEvent['reason']): Promise<LostCall[]> {
  const { sql, bus, clock, partitions } = deps;
  const live = alive(await picker.registered(), clock.now());
  // Read before the live nodes are noted: a restarted node's stored heartbeat is still its previous run's.
  const rows = await sql<{ call_id: string; node_id: string; seen_at: string | null; created_at: string; answered_at: string | null }[]>`
    with live (node_id, started_at) as (
      select * from unnest(${sql.array(live.map((n) => n.nodeId))}::text[], ${sql.array(live.map((n) => n.startedAt))}::bigint[])
    )
    select v.call_id, v.media_node_id as node_id, s.heartbeat_at_ms as seen_at, v.body->>'createdAt' as created_at, v.body->>'answeredAt' as answered_at
    from call_views v
      left join media_nodes_seen s on s.node_id = v.media_node_id
      left join live l on l.node_id = v.media_node_id
    where not v.done and v.media_node_id is not null and v.body->>'state' <> 'ended'
      and (l.node_id is null
        or (s.started_at_ms < l.started_at and (v.body->>'createdAt')::timestamptz < to_timestamp(l.started_at / 1000.0)))
    order by v.call_id`;
  const lost: LostCall[] = [];
  for (const row of rows) {
    // Never before the call began or was answered: a node seen last before those did not lose them earlier.
    const floor = Math.max(Date.parse(row.created_at), row.answered_at === null ? 0 : Date.parse(row.answered_at));
    const lostAt = Math.max(row.seen_at === null ? floor : Number(row.seen_at), floor);
    const message: ActorMessage = { id: `medialost-${row.call_id}`, callId: row.call_id, type: 'call.mediaLost', payload: { reason }, at: lostAt };
    await bus.publish(mailboxSubject(row.call_id, partitions), encoder.encode(JSON.stringify(message)), { msgId: message.id });
    lost.push({ callId: row.call_id, nodeId: row.node_id, reason, lostAt });
  }
  await noteHeartbeats(sql, live);
  return lost;
}

/**
 * Starts watching: the first sweep runs now (standalone, it ends what a restart left live), then one every
 * interval on the injected clock; a failed sweep is logged and tried again next time.
 */
export async function startMediaWatcher(deps: MediaWatcherDeps): Promise<MediaWatcher> {
  const { clock, log } = deps;
  const picker = new MediaNodePicker(deps.bus, clock);
  const intervalMs = deps.intervalMs ?? MEDIA_WATCH_INTERVAL_MS;
  let stopped = false;
  let timer: Timer | undefined;
  let running: Promise<void> = Promise.resolve();
  let first = true;
  // The calls told last sweep: one told again (its actor has not ended it yet) is not logged again.
  let told = new Set<string>();
  const sweep = async (): Promise<void> => {
    const reason = deps.standalone && first ? 'service_restarted' : 'media_lost';
    const lost = await sweepLostMedia(deps, picker, reason);
    first = false;
    for (const l of lost) if (!told.has(l.callId)) log.warn({ callId: l.callId, nodeId: l.nodeId, reason: l.reason, lostAt: new Date(l.lostAt).toISOString() }, 'call ended: its media is gone');
    told = new Set(lost.map((l) => l.callId));
  };
  const tick = (): void => {
    running = sweep()
      .catch((err: unknown) => log.error({ err }, 'media watch sweep failed'))
      .finally(() => {
        if (!stopped) timer = clock.setTimer(intervalMs, tick);
      });
  };
  tick();
  await running;
  return {
    async stop() {
      stopped = true;
      timer?.cancel();
      await running;
      if (!deps.standalone) return;
      const at = clock.now();
      await noteHeartbeats(deps.sql, alive(await picker.registered(), at).map((n) => ({ nodeId: n.nodeId, heartbeatAt: at }))).catch((err: unknown) =>
        log.warn({ err }, 'the stop was not recorded for the media node'),
      );
    },
  };
}
