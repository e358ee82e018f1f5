-- Messaging core (docs/messaging.md): one row per message of any channel (SMS, email, letter), its large
-- payloads apart, the carrier's ids for it, one suppression list per profile, and a profile's SMS senders.
create table if not exists messages (
  id text primary key,
  -- Listing order (newest first) and its cursor.
  seq bigserial not null unique,
  channel text not null check (channel in ('sms', 'email', 'letter')),
  company_id text not null references companies(id),
  profile_id uuid not null references profiles(id),
  mode text not null check (mode in ('live', 'test')),
  direction text not null check (direction in ('outbound', 'inbound')),
  -- The channel's state; changed only through the channel's transition function (message-transitions.ts).
  state text not null,
  from_address text not null,
  to_address text not null,
  -- The channel's own fields (SMS: text, encoding, units).
  content jsonb not null,
  price_ore bigint not null default 0,
  -- The ledger reservation it draws from: its own (released when it never left) or its campaign's.
  reservation_id text,
  own_reservation boolean not null default true,
  send_at_ms bigint,
  valid_until_ms bigint,
  -- The outbox claim: due when state is scheduled or accepted and this has passed; a message in
  -- `sending` whose lease ran out has an unknown outcome.
  next_attempt_at_ms bigint,
  lease_until_ms bigint,
  attempts integer not null default 0,
  carrier_ref text,
  error_code text,
  error_desc text,
  external_ref text,
  metadata jsonb,
  campaign_id text,
  -- Inbound: the profile's number it came to.
  number_id text,
  created_at_ms bigint not null,
  updated_at_ms bigint not null
);
create index if not exists messages_due on messages (next_attempt_at_ms) where state in ('scheduled', 'accepted');
create index if not exists messages_sending on messages (lease_until_ms) where state = 'sending';
create index if not exists messages_list on messages (company_id, mode, channel, seq);
create index if not exists messages_profile on messages (profile_id, channel, seq);
create index if not exists messages_campaign on messages (campaign_id) where campaign_id is not null;

create table if not exists message_blobs (
  message_id text not null references messages(id),
  name text not null,
  content_type text not null,
  body bytea not null,
  primary key (message_id, name)
);

-- The carrier's ids of a message's parts (a long SMS is several submits): receipts find the message by
-- them, and the message is delivered when every part is.
create table if not exists message_parts (
  channel text not null,
  carrier_ref text not null,
  message_id text not null references messages(id),
  part integer not null,
  -- The part's last final status from the carrier (null until a receipt says).
  status text,
  primary key (channel, carrier_ref)
);
create index if not exists message_parts_message on message_parts (message_id);

-- One list per profile, whatever the channel: phone numbers (E.164) and lower-cased email addresses.
create table if not exists suppressions (
  profile_id uuid not null references profiles(id),
  address text not null,
  reason text not null,
  source text not null check (source in ('api', 'keyword', 'bounce', 'complaint')),
  created_at_ms bigint not null,
  primary key (profile_id, address)
);

-- Alphanumeric SMS sender ids registered on a profile (numbers are the profile's own phone_numbers).
create table if not exists sms_senders (
  id text primary key,
  company_id text not null references companies(id),
  profile_id uuid not null references profiles(id),
  sender text not null,
  created_at_ms bigint not null,
  unique (profile_id, sender)
);
