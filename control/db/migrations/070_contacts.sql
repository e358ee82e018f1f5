-- Contacts of a profile (POST /v1/contacts, CSV imports) and the lists a campaign sends to.
create table if not exists contacts (
  id text primary key,
  -- Listing order (oldest first) and its cursor.
  seq bigserial not null unique,
  company_id text not null references companies(id),
  profile_id uuid not null references profiles(id),
  mode text not null check (mode in ('live', 'test')),
  name text,
  -- E.164, checked with libphonenumber-js.
  phone text,
  -- Lower-cased.
  email text,
  -- A Norwegian national identity number (11 digits, both check digits valid); shown masked.
  national_id text,
  attributes jsonb not null default '{}'::jsonb,
  -- The customer's own id: unique per profile and mode, so a re-import updates instead of duplicating.
  external_ref text,
  created_at_ms bigint not null,
  updated_at_ms bigint not null
);
create index if not exists contacts_profile on contacts (profile_id, mode, seq);
create unique index if not exists contacts_external_ref on contacts (profile_id, mode, external_ref) where external_ref is not null;

create table if not exists contact_lists (
  id text primary key,
  seq bigserial not null unique,
  company_id text not null references companies(id),
  profile_id uuid not null references profiles(id),
  mode text not null check (mode in ('live', 'test')),
  name text not null,
  description text not null default '',
  created_at_ms bigint not null,
  updated_at_ms bigint not null
);
create index if not exists contact_lists_profile on contact_lists (profile_id, mode, seq);

-- Membership; a deleted contact or list leaves no member row behind.
create table if not exists contact_list_members (
  list_id text not null references contact_lists(id) on delete cascade,
  contact_id text not null references contacts(id) on delete cascade,
  added_at_ms bigint not null,
  primary key (list_id, contact_id)
);
create index if not exists contact_list_members_contact on contact_list_members (contact_id);
