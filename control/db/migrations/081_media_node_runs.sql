-- The run of each media node last seen (its registry entry's startedAt): a node started again under the same
-- id within its TTL never stops heartbeating, so the watcher tells its previous run's calls lost by this.
alter table media_nodes_seen add column if not exists started_at_ms bigint;
