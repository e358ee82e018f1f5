-- Message templates of a profile, per channel (Liquid, rendered per contact by previews and campaigns).
create table if not exists templates (
  id text primary key,
  -- Listing order (oldest first) and its cursor.
  seq bigserial not null unique,
  company_id text not null references companies(id),
  profile_id uuid not null references profiles(id),
  mode text not null check (mode in ('live', 'test')),
  channel text not null check (channel in ('sms', 'email', 'letter')),
  name text not null,
  -- email and letter: the subject; sms: null.
  subject text,
  -- sms: the text; email: the plain-text body (or null with html); letter: the letter's text.
  body text,
  -- email only: the HTML body.
  html text,
  created_at_ms bigint not null,
  updated_at_ms bigint not null
);
create index if not exists templates_profile on templates (profile_id, mode, seq);
