-- Queues are read from the calls' views (control/calls/queues.ts): the callers of a queue are the running
-- calls whose view names it. This index keeps that read from scanning every running call.
create index if not exists call_views_queue on call_views ((body->'queue'->>'name')) where not done;
