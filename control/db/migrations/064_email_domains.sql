-- Sender domains of a profile (docs/email.md): the DKIM key pair every message from the domain is signed
-- with, and whether the records to publish were found. One row per profile and domain, for both modes.
create table if not exists email_domains (
  id text primary key,
  company_id text not null references companies(id),
  profile_id uuid not null references profiles(id),
  domain text not null,
  dkim_selector text not null,
  -- PKCS#8 PEM; read only to sign, never shown or logged.
  dkim_private_key text not null,
  dkim_public_key text not null,
  status text not null default 'pending' check (status in ('pending', 'verified')),
  -- The last verification's findings per record (purpose, found, detail).
  checks jsonb,
  created_at_ms bigint not null,
  verified_at_ms bigint,
  checked_at_ms bigint,
  unique (profile_id, domain)
);
