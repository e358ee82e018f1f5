-- The simulated digital mailbox service (docs/letters.md): registered recipients, the letters it received
-- (with their PDFs), and its event feed (a letter opened). Its HTTP server and the admin API share these.
create table if not exists sim_mailboxes (
  -- nid:<national identity number> or org:<organisation number>.
  recipient text primary key,
  created_at_ms bigint not null
);

create table if not exists sim_mailbox_letters (
  -- The sender's message id (a letter's ltr_ id): a repeated delivery of it is the same letter.
  message_id text primary key,
  recipient text,
  channel text not null check (channel in ('digital', 'print')),
  subject text not null,
  pdf bytea not null,
  delivered_at_ms bigint not null,
  read_at_ms bigint
);
create index if not exists sim_mailbox_letters_recipient on sim_mailbox_letters (recipient, delivered_at_ms);

create table if not exists sim_mailbox_events (
  seq bigserial primary key,
  message_id text not null,
  type text not null,
  at_ms bigint not null
);
