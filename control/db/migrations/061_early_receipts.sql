-- A carrier's receipt can arrive before the transaction that records the carrier took the message (and its
-- part ids) has committed. Such a receipt waits here and is applied when the parts are recorded.
create table if not exists early_receipts (
  channel text not null,
  carrier_ref text not null,
  outcome text,
  description text,
  received_at_ms bigint not null,
  primary key (channel, carrier_ref)
);
create index if not exists early_receipts_age on early_receipts (received_at_ms);
