-- Test numbers: a number rented with a test key is a test number (free, from the fictitious test range, see
-- control/numbers/test-numbers.ts), seen and changed only by test keys and receiving only in test mode.
-- Every number before this one is live.
alter table phone_numbers add column mode text not null default 'live' check (mode in ('live', 'test'));
