-- Mailbox messages the actor host could not handle for a reason a retry would not cure (data the database
-- refuses, an oversize or unreadable message, a bug). Each was answered with an error, acked, and its
-- partition moved on; this is where an operator reads what failed and why (docs/actors.md).
create table if not exists actor_failed_messages (
  id bigserial primary key,
  partition integer not null,
  -- the mailbox stream's sequence and how many times the bus had delivered it
  stream_seq bigint not null,
  delivery_count integer not null,
  -- null when the message was too broken to name them
  call_id text,
  message_id text,
  message_type text,
  -- the catalogue code the sender was answered with, and the error (its text, no payload)
  code text not null,
  error text not null,
  failed_at timestamptz not null
);
create index if not exists actor_failed_messages_failed_at on actor_failed_messages (failed_at);
create index if not exists actor_failed_messages_call on actor_failed_messages (call_id) where call_id is not null;
