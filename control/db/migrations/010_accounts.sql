-- Companies (the accounts), their profiles and API keys. Money is integer øre; times set by the
-- application's clock are epoch milliseconds (bigint) so tests can move time.
create table companies (
  id text primary key,
  name text not null,
  -- Available balance: open reservations are already taken off. Never below zero.
  balance_ore bigint not null default 0 check (balance_ore >= 0),
  -- Overrides of the default price list (field name -> øre).
  price_overrides jsonb not null default '{}'::jsonb,
  created_at_ms bigint not null
);

create table profiles (
  id uuid primary key,
  company_id text not null references companies(id),
  slug text not null,
  name text not null,
  description text not null default '',
  services jsonb not null,
  limit_ore bigint check (limit_ore is null or limit_ore >= 0),
  status text not null default 'active' check (status in ('active', 'archived')),
  created_at_ms bigint not null,
  archived_at_ms bigint,
  unique (company_id, slug)
);

create table api_keys (
  id text primary key,
  company_id text not null references companies(id),
  profile_id uuid references profiles(id),
  mode text not null check (mode in ('live', 'test')),
  name text not null,
  scopes text[] not null,
  -- sha256 (hex) of the whole key; the key itself is never stored.
  key_hash text not null unique,
  prefix text not null,
  created_at_ms bigint not null,
  revoked_at_ms bigint
);
create index api_keys_company on api_keys (company_id, mode);
create index api_keys_profile on api_keys (profile_id) where profile_id is not null;
