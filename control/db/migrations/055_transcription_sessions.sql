-- Transcription sessions (POST /v1/transcription/sessions): open until the media node reports the connection
-- closed (closed), or past their token's expiry without a report (expired, free).
create table if not exists transcription_sessions (
  id text primary key,
  seq bigserial not null unique,
  company_id text not null references companies(id),
  profile_id uuid references profiles(id),
  mode text not null check (mode in ('live', 'test')),
  status text not null check (status in ('open', 'closed', 'expired')),
  encoding text not null check (encoding in ('pcm16', 'mulaw')),
  language text not null,
  max_minutes integer not null,
  url text not null,
  reservation_id text,
  price_ore bigint not null default 0,
  audio_ms bigint,
  finals integer not null default 0,
  expires_at_ms bigint not null,
  created_at_ms bigint not null,
  closed_at_ms bigint
);
create index if not exists transcription_sessions_open on transcription_sessions (expires_at_ms) where status = 'open';
