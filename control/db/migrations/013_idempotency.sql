-- Idempotency records: one per (scope, key), claimed with insert ... on conflict do nothing.
create table idempotency_records (
  scope text not null,
  key text not null,
  fingerprint text not null,
  state text not null check (state in ('running', 'done')),
  -- While running: a crashed holder's claim lapses after this time so a retry can proceed.
  locked_until_ms bigint not null,
  status integer,
  headers jsonb,
  body text,
  expires_at_ms bigint not null,
  primary key (scope, key)
);
create index idempotency_expiry on idempotency_records (expires_at_ms);
