-- Campaigns (docs/campaigns.md): one template sent to a contact list, scheduled, throttled and quiet at
-- night, its whole audience priced and reserved at start; one row per recipient, its message id derived
-- from the campaign and the contact.
create table if not exists campaigns (
  id text primary key,
  -- Listing order (newest first) and its cursor.
  seq bigserial not null unique,
  company_id text not null references companies(id),
  profile_id uuid not null references profiles(id),
  mode text not null check (mode in ('live', 'test')),
  name text not null,
  status text not null check (status in ('draft', 'scheduled', 'running', 'paused', 'completed', 'canceled')),
  channel text not null check (channel in ('sms', 'email', 'letter')),
  sender text not null,
  template_id text not null,
  list_id text not null,
  exclude_list_ids text[] not null default '{}',
  send_at_ms bigint,
  valid_until_ms bigint,
  -- Messages handed to the outbox per second, and the token bucket that paces it (one second's worth deep).
  rate_per_second integer not null,
  bucket_tokens double precision not null default 0,
  bucket_at_ms bigint,
  -- Quiet hours in Europe/Oslo, minutes after local midnight (both null: none).
  quiet_start_minute integer,
  quiet_end_minute integer,
  -- The template as it was when the campaign started (later edits do not change a running campaign).
  template_snapshot jsonb,
  reservation_id text,
  -- The campaign runner takes a campaign when this has passed (also its lease while it works on it).
  next_run_at_ms bigint,
  started_at_ms bigint,
  finished_at_ms bigint,
  -- When the reservation's rest went back (after the last message that could draw from it settled).
  settled_at_ms bigint,
  metadata jsonb,
  created_at_ms bigint not null,
  updated_at_ms bigint not null
);
create index if not exists campaigns_profile on campaigns (company_id, mode, seq);
create index if not exists campaigns_due on campaigns (next_run_at_ms) where next_run_at_ms is not null;

create table if not exists campaign_recipients (
  campaign_id text not null references campaigns(id),
  -- Sending order.
  position integer not null,
  contact_id text not null,
  address text,
  -- pending: not handed over yet; queued: its message is in the outbox (message_id);
  -- skipped: never sent (skip_reason: recipient_opted_out, contact_address_missing, a template error);
  -- canceled / expired: the campaign was canceled or its validity ended before it was handed over.
  state text not null check (state in ('pending', 'queued', 'skipped', 'canceled', 'expired')),
  skip_reason text,
  -- The rendered message and its price, fixed at start: what was reserved is what is drawn.
  content jsonb,
  price_ore bigint not null default 0,
  message_id text,
  primary key (campaign_id, contact_id)
);
create index if not exists campaign_recipients_pending on campaign_recipients (campaign_id, position) where state = 'pending';
