-- Where an inbound call's decision window ended (awaiting_decision, decided, routed, ended; null: outbound),
-- so that a decision sent after the number's routing ran is call_already_routed even once the call is over
-- (the API answers from the read model then: the actor is done).
alter table call_views add column if not exists inbound_phase text;
