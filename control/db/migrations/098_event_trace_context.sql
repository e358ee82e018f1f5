-- The W3C trace context an event was recorded in (traceparent, tracestate), when tracing is on: the webhook
-- dispatcher reads events from here, not from a message with headers, and continues the trace from it.
alter table events add column trace_context jsonb;
