-- A company key lists the contacts of all its profiles (GET /v1/contacts without a profile): without this
-- index that read scanned every company's contacts, so one customer's 100,000-contact import made every
-- other customer's contact list slower (52 ms a read at 100,000 contacts, growing with the table).
create index if not exists contacts_company on contacts (company_id, mode, seq);
