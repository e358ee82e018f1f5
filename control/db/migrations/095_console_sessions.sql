-- Console sessions: a sign-in link minted by an API key, then the browser session it opens. Both secrets
-- are stored as sha256 hashes only, like keys. The session acts with its key's scopes and dies with it.
create table console_sessions (
  id text primary key,
  key_id text not null references api_keys(id),
  company_id text not null references companies(id),
  link_hash text not null unique,
  link_expires_at_ms bigint not null,
  -- Set when the link was used (once): the session's cookie value is hashed into session_hash.
  signed_in_at_ms bigint,
  session_hash text unique,
  expires_at_ms bigint,
  revoked_at_ms bigint,
  created_at_ms bigint not null
);
create index console_sessions_key on console_sessions (key_id);

-- A call's (or any object's) events in order, for its timeline in the console.
create index events_company_object_seq on events (company_id, mode, object_id, seq) where object_id is not null;
