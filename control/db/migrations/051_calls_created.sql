-- The reservation sweeper looks at every call created within its lookback window (calls without a
-- reservation, test keys included, can be left half-started too). Without this index that range is a
-- sequential scan of all calls ever made, every minute, on every worker (EXPLAIN: Seq Scan on calls,
-- Filter created_at_ms; with it, Index Scan using calls_created). The open-reservation half of its query
-- is served by reservations_open and calls' primary key, and the snapshot check by actor_snapshots' key.
create index if not exists calls_created on calls (created_at_ms);
