-- A campaign's start writes all its recipients at once (100,000 rows in under two seconds is the target):
-- a foreign-key check per row and a text primary key were most of that insert's time. Recipients are
-- written only by the start, for the campaign it holds locked, and a campaign that has recipients is never
-- deleted (only drafts are), so the reference to campaigns goes; a recipient is keyed by its position in
-- the campaign (the start numbers the audience's contacts, each once).
alter table campaign_recipients drop constraint if exists campaign_recipients_campaign_id_fkey;
alter table campaign_recipients drop constraint if exists campaign_recipients_pkey;
alter table campaign_recipients add constraint campaign_recipients_pkey primary key (campaign_id, position);
