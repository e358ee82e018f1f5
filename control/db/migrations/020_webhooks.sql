-- The event log, webhook endpoints, deliveries and attempts. Times set by the application's clock are
-- epoch milliseconds (bigint), as elsewhere, so tests can move time.

-- The event log: one row per event, with the exact JSON body every delivery of it sends.
create table events (
  id text primary key,
  -- Insertion order: the event log's cursor and the order of deliveries of one object.
  seq bigserial not null unique,
  company_id text not null references companies(id),
  profile_id uuid,
  mode text not null check (mode in ('live', 'test')),
  type text not null,
  -- The object the event is about (e.g. a call id): events of one object reach an endpoint in order.
  object_id text,
  occurred_at_ms bigint not null,
  -- The serialized envelope, sent byte for byte on every attempt.
  body text not null
);
create index events_company_seq on events (company_id, mode, seq);
create index events_company_type_seq on events (company_id, mode, type, seq);

create table webhook_endpoints (
  id text primary key,
  company_id text not null references companies(id),
  -- Null: the whole company; otherwise only events of this profile.
  profile_id uuid references profiles(id),
  mode text not null check (mode in ('live', 'test')),
  url text not null,
  -- Exact event type names, `prefix.*` wildcards, or `*`.
  events text[] not null,
  description text not null default '',
  -- Ed25519 (v1a) signing, when turned on.
  ed25519_private_key text,
  ed25519_public_key text,
  -- Disabled endpoints get no attempts; their deliveries wait until revived.
  disabled_at_ms bigint,
  disabled_reason text check (disabled_reason in ('gone', 'failing')),
  -- Start of the current run of failed attempts (null after a success): five days of it disables.
  failing_since_ms bigint,
  created_at_ms bigint not null,
  updated_at_ms bigint not null
);
create index webhook_endpoints_company on webhook_endpoints (company_id, mode);

-- HMAC secrets of an endpoint; after a rotation the old ones keep signing until expires_at_ms.
create table webhook_endpoint_secrets (
  id bigserial primary key,
  endpoint_id text not null references webhook_endpoints(id) on delete cascade,
  secret text not null,
  created_at_ms bigint not null,
  expires_at_ms bigint
);
create index webhook_endpoint_secrets_endpoint on webhook_endpoint_secrets (endpoint_id);

-- One delivery of one event to one endpoint; its id is the webhook-id of every attempt.
create table webhook_deliveries (
  id text primary key,
  seq bigserial not null unique,
  event_id text not null references events(id),
  endpoint_id text not null references webhook_endpoints(id) on delete cascade,
  -- Copied from the event: the ordering key within the endpoint.
  object_id text,
  state text not null check (state in ('pending', 'succeeded', 'failed')),
  -- All attempts ever, and attempts in the current retry run (the retry schedule's position).
  attempt_count integer not null default 0,
  run_attempts integer not null default 0,
  next_attempt_at_ms bigint not null,
  -- A dispatcher that claimed the delivery holds it until lease_until_ms (then another may take it).
  lease_until_ms bigint,
  claim_token text,
  created_at_ms bigint not null,
  completed_at_ms bigint,
  unique (event_id, endpoint_id)
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at_ms, seq) where state = 'pending';
create index webhook_deliveries_object on webhook_deliveries (endpoint_id, object_id, seq) where state = 'pending';
create index webhook_deliveries_endpoint_state on webhook_deliveries (endpoint_id, state, seq);

create table webhook_attempts (
  id text primary key,
  seq bigserial not null unique,
  delivery_id text not null references webhook_deliveries(id) on delete cascade,
  endpoint_id text not null,
  event_id text not null,
  attempted_at_ms bigint not null,
  -- Null when no response came (timeout, refused, blocked target).
  status_code integer,
  -- At most 1 KiB of the response body.
  response_body text,
  duration_ms integer not null,
  error text
);
create index webhook_attempts_endpoint on webhook_attempts (endpoint_id, seq);
