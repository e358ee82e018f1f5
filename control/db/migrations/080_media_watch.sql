-- Calls never outlive their media (control/calls/host/media-watcher.ts). Each live call's media node, so the
-- watcher finds the calls on a node that stopped heartbeating without looking into actor snapshots.
alter table call_views add column if not exists media_node_id text;
update call_views v set media_node_id = s.snapshot->'context'->'media'->>'nodeId'
  from actor_snapshots s where s.call_id = v.call_id and not v.done and v.media_node_id is null;
create index if not exists call_views_live_media on call_views (media_node_id) where not done;

-- The last heartbeat each media node was seen with (the registry in the bus forgets a node with its TTL):
-- where the billing of a call on a lost node stops. A standalone process writes its stop here too.
create table if not exists media_nodes_seen (
  node_id text primary key,
  heartbeat_at_ms bigint not null
);
