-- The dispatcher's walk over pending deliveries (control/events/delivery-claim.ts) steps through
-- webhook_deliveries_due in (next_attempt_at_ms, seq) order, one row per step. With statistics taken while
-- nothing was pending, the planner read each step from webhook_deliveries_object instead (the same
-- predicate, a smaller index) and sorted every pending delivery per step: a claim took 100 ms instead of 5.
-- The object index now covers only deliveries with an object, which the walk's step query does not imply,
-- so only the order-check (`object_id = …`) can use it.
drop index webhook_deliveries_object;
create index webhook_deliveries_object on webhook_deliveries (endpoint_id, object_id, seq) where state = 'pending' and object_id is not null;
