-- Numbers become the customer's resource: a type (a phone number, or a dedicated SMS number), SMS on or off,
-- the paid period, and suspension when the month's rent cannot be paid. A suspended number is still held.
alter table phone_numbers add column type text not null default 'phone' check (type in ('phone', 'sms'));
alter table phone_numbers add column sms_enabled boolean not null default true;
alter table phone_numbers add column paid_until_ms bigint;
alter table phone_numbers add column release_at_ms bigint;
alter table phone_numbers drop constraint phone_numbers_status_check;
alter table phone_numbers add constraint phone_numbers_status_check check (status in ('active', 'suspended', 'released'));
drop index phone_numbers_active;
create unique index phone_numbers_held on phone_numbers (number) where status <> 'released';
