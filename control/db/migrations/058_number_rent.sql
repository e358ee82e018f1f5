-- Numbers customers rent themselves. The operator's inventory holds the numbers that can be rented (loaded
-- through the admin API); a number is available while no record of phone_numbers holds it.
create table number_inventory (
  number text primary key,
  type text not null check (type in ('phone', 'sms')),
  created_at_ms bigint not null
);

-- One rent charge per number and month (YYYY-MM): the primary key makes a charge happen once however often
-- the rent runner meets the number (two workers, a retried pass, a restart).
create table number_rents (
  number_id text not null references phone_numbers(id),
  period text not null,
  amount_ore bigint not null check (amount_ore >= 0),
  created_at_ms bigint not null,
  primary key (number_id, period)
);

-- When the rent runner next looks at a rented number: the end of its paid month (renew or, once deleted,
-- release it), or at once after a top-up of a company whose number is suspended. Null: nothing to do
-- (operator-provisioned numbers pay no rent; a suspended number waits for a top-up).
alter table phone_numbers add column rent_due_at_ms bigint;
create index phone_numbers_rent_due on phone_numbers (rent_due_at_ms) where rent_due_at_ms is not null;
