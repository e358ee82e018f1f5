-- Which channels exist is the channel registry's to say (control/messaging/channel-registry.ts): a new
-- channel is its folder and one registry line, with no change to this table.
alter table messages drop constraint if exists messages_channel_check;
