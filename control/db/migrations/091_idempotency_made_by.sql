-- The API key that made an idempotency record: a stored response holding a secret (a webhook signing secret)
-- is replayed only to it. Records are scoped to the principal (company, mode and profile) by their scope.
alter table idempotency_records add column if not exists made_by text;
