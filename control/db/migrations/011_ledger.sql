-- The append-only money ledger and the reservations it draws against. Live money only: test keys cost nothing.
create table reservations (
  id text primary key,
  company_id text not null references companies(id),
  profile_id uuid references profiles(id),
  service text not null,
  reserved_ore bigint not null check (reserved_ore >= 0),
  captured_ore bigint not null default 0,
  released_ore bigint not null default 0,
  state text not null default 'open' check (state in ('open', 'closed')),
  reference text,
  created_at_ms bigint not null,
  check (captured_ore + released_ore <= reserved_ore)
);
create index reservations_open on reservations (profile_id, state) where state = 'open';

create table ledger_entries (
  id text primary key,
  company_id text not null references companies(id),
  profile_id uuid references profiles(id),
  kind text not null check (kind in ('top_up', 'reserve', 'capture', 'release')),
  service text,
  amount_ore bigint not null check (amount_ore >= 0),
  reservation_id text references reservations(id),
  reference text,
  created_at_ms bigint not null
);
create index ledger_usage on ledger_entries (company_id, profile_id, kind, created_at_ms);
