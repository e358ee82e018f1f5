-- Audio clips for `play`: metadata and the samples themselves (16 kHz PCM16 LE, mono), the system of
-- record; media nodes fetch a clip they lack over the bus and keep a copy on local disk.
create table audio_clips (
  id text primary key,
  -- Listing order (newest first) and its cursor.
  seq bigserial not null unique,
  company_id text not null references companies(id),
  -- Null: uploaded with a company key for the whole company; otherwise the profile's own clip.
  profile_id uuid references profiles(id),
  mode text not null check (mode in ('live', 'test')),
  name text not null,
  sample_rate integer not null check (sample_rate = 16000),
  sample_count integer not null check (sample_count > 0),
  duration_ms integer not null,
  -- What was uploaded: its rate, channels and encoding (for support questions).
  source_sample_rate integer not null,
  source_channels integer not null,
  created_at_ms bigint not null,
  samples bytea not null
);
-- Stored uncompressed and out of line: PCM barely compresses, and the bus reads clips in slices, which
-- substring() then fetches without reading the whole value.
alter table audio_clips alter column samples set storage external;
create index audio_clips_company on audio_clips (company_id, mode, seq);
