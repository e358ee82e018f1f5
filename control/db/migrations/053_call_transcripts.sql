-- Transcripts of calls. Segments are filed as the call's actor receives them from the media node (live
-- transcription as each utterance ends, the post-call transcript after the call); the transcript row is
-- written when call.transcript.ready is recorded and says which source the transcript is.
create table if not exists call_transcript_segments (
  id bigserial primary key,
  call_id text not null references calls(id),
  source text not null check (source in ('recording', 'live')),
  participant_id text not null,
  kind text not null,
  start_ms bigint not null,
  end_ms bigint not null,
  text text not null,
  confidence real not null
);
create index if not exists call_transcript_segments_call on call_transcript_segments (call_id, source, start_ms);

create table if not exists call_transcripts (
  call_id text primary key references calls(id),
  source text not null check (source in ('recording', 'live')),
  complete boolean not null,
  segment_count integer not null,
  created_at_ms bigint not null
);
