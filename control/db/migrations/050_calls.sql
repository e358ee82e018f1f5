-- Calls as the API knows them: who owns each call (company, profile, mode) and what was launched, so that
-- a retried POST /v1/calls reuses its reservations and every call route checks ownership before acting.
-- The call's live state is its actor's snapshot (actor_snapshots); this table never duplicates it.
create table if not exists calls (
  id text primary key,
  company_id text not null references companies(id),
  profile_id uuid not null references profiles(id),
  mode text not null check (mode in ('live', 'test')),
  -- The actor's input as launched (charges included): a retry with the same Idempotency-Key sends it again.
  launch jsonb not null,
  -- Metadata set with PATCH after the actor finished (the outcome of a call); null while the actor has it.
  metadata_after_end jsonb,
  created_at_ms bigint not null
);
create index if not exists calls_company on calls (company_id, created_at_ms);

-- Recordings reported ready by a media node: the file lives in the node's recording storage under `key`.
create table if not exists call_recordings (
  id text primary key,
  call_id text not null references calls(id),
  command_id text not null,
  duration_ms bigint not null,
  storage_key text not null,
  created_at_ms bigint not null
);
create index if not exists call_recordings_call on call_recordings (call_id);
