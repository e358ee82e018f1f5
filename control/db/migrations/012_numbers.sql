-- Phone numbers provisioned to profiles by operators.
create table phone_numbers (
  id text primary key,
  number text not null,
  company_id text not null references companies(id),
  profile_id uuid not null references profiles(id),
  inbound_mode text not null default 'routing' check (inbound_mode in ('api', 'routing')),
  decide_within_seconds integer not null default 10,
  routing jsonb,
  assigned_to text,
  status text not null default 'active' check (status in ('active', 'released')),
  created_at_ms bigint not null
);
-- One active provisioning per number; a released number can be provisioned again.
create unique index phone_numbers_active on phone_numbers (number) where status = 'active';
create index phone_numbers_profile on phone_numbers (profile_id);
