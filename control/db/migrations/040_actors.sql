-- The actor host: partition fencing, persisted actor snapshots, durable timers, processed mailbox messages.

-- One row per partition: the fencing epoch of its current owner. A worker that gains a partition's lease
-- bumps the epoch (the new value is its epoch); every write transaction of the host first checks that
-- its epoch is still the current one, so a worker that lost its lease cannot write any more.
create table if not exists partition_epochs (
  partition integer primary key,
  epoch bigint not null,
  -- the NATS KV revision of the lease the epoch was issued under, and who holds it (diagnostics)
  lease_revision bigint not null,
  owner text not null,
  claimed_at timestamptz not null
);

-- The last committed persisted snapshot of every call actor (status: active, done or error).
create table if not exists actor_snapshots (
  call_id text primary key,
  kind text not null,
  partition integer not null,
  epoch bigint not null,
  status text not null check (status in ('active', 'done', 'error')),
  snapshot jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index if not exists actor_snapshots_live on actor_snapshots (partition) where status = 'active';

-- Durable timers requested by actors: fire_at is epoch milliseconds; event is what the actor gets.
create table if not exists actor_timers (
  call_id text not null,
  timer_id text not null,
  partition integer not null,
  fire_at bigint not null,
  event jsonb not null,
  primary key (call_id, timer_id)
);
create index if not exists actor_timers_partition on actor_timers (partition);

-- Mailbox messages an actor has processed, with their outcome (reply and effects), so that a redelivered
-- or retried message is answered from here instead of being applied again.
create table if not exists actor_messages (
  call_id text not null,
  message_id text not null,
  outcome jsonb not null,
  processed_at timestamptz not null,
  primary key (call_id, message_id)
);
create index if not exists actor_messages_processed_at on actor_messages (processed_at);
