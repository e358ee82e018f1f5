-- Transcription jobs (POST /v1/transcription/jobs): queued -> running -> completed | failed.
create table if not exists transcription_jobs (
  id text primary key,
  -- Listing order (newest first) and its cursor.
  seq bigserial not null unique,
  company_id text not null references companies(id),
  profile_id uuid references profiles(id),
  mode text not null check (mode in ('live', 'test')),
  status text not null check (status in ('queued', 'running', 'completed', 'failed')),
  source_type text not null check (source_type in ('clip', 'recording')),
  clip_id text,
  recording_id text,
  call_id text,
  -- The recording's file under the shared recordings directory (source_type recording).
  storage_key text,
  language text not null,
  duration_ms bigint not null,
  -- Reserved when queued (live keys), captured when completed, released when failed.
  reservation_id text,
  price_ore bigint not null default 0,
  failure_reason text,
  segments jsonb,
  failed_utterances integer not null default 0,
  attempts integer not null default 0,
  -- A running job whose runner died is taken again after this (ms epoch).
  lease_until_ms bigint,
  created_at_ms bigint not null,
  completed_at_ms bigint
);
create index if not exists transcription_jobs_due on transcription_jobs (created_at_ms) where status in ('queued', 'running');
create index if not exists transcription_jobs_company on transcription_jobs (company_id, mode, seq);
