-- The calls' read model: what the API shows of each call, written by the same transaction that commits the
-- call actor's snapshot (and by the sweeper for a call that never started). Reads never look inside a
-- snapshot, so XState's snapshot format stays the actor host's business. The documents are the call's public
-- view as computed by control/calls/machines/call-view.ts: fields added there are carried without changes here.
create table if not exists call_views (
  call_id text primary key,
  -- The actor finished: nothing changes the call any more (but metadata set after it, kept in calls).
  done boolean not null,
  -- The call as GET /v1/calls/:id shows it, before its participants' connections are signed.
  body jsonb not null,
  -- What adding to a running call needs besides its view: when its paid time ends (null before billing
  -- starts), the minutes its reservation pays for, and the dialled participant.
  paid_until_ms bigint,
  paid_minutes integer not null,
  primary_participant_id text,
  updated_at_ms bigint not null
);

-- The call's parts the API reads one by one, each as its route returns it: kind 'command' (GET
-- /v1/calls/:id/commands/:commandId) and 'stream' (GET /v1/calls/:id/streams/:streamId).
create table if not exists call_view_items (
  call_id text not null,
  kind text not null,
  item_id text not null,
  body jsonb not null,
  primary key (call_id, kind, item_id)
);
