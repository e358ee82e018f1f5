import { createHmac } from 'node:crypto';
import type { Clock } from '../../shared/clock/clock.js';
import type { Db } from '../../shared/db/database.js';
import { newId } from '../../shared/ids/ids.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { ConsoleSession, ConsoleSessionRevoked, ConsoleSignInLink } from '../../protocol/api/console-sessions.js';
import { hashSecret, randomBase62 } from './key-secret.js';
import { authenticateApiKey, keyPrincipalOf } from './api-keys.js';
import type { KeyPrincipal } from './principal.js';
import { ownProfileRows } from './profile-scope.js';

/** How long a sign-in link can be used (once). */
export const LINK_TTL_MS = 10 * 60_000;
/** How long a console session lasts after its link was used. */
export const SESSION_TTL_MS = 12 * 60 * 60_000;
/** Where the console signs in: the link is this path with the token in the fragment. */
export const SIGN_IN_PATH = '/console/sign-in';

const LINK_TOKEN = /^csl_[0-9A-Za-z]{40}$/;
const SESSION_TOKEN = /^css_[0-9A-Za-z]{43}$/;

interface SessionRow {
  id: string;
  expires_at_ms: number;
  key_id: string;
  company_id: string;
  profile_id: string | null;
  mode: 'live' | 'test';
  scopes: string[];
  prefix: string;
}

/** A console session as authenticated from its cookie: the key's principal and the session. */
export interface AuthenticatedSession {
  principal: KeyPrincipal;
  session: ConsoleSession;
}

/**
 * Mints a sign-in link for the calling key: usable once, within LINK_TTL_MS. Only the token's hash is
 * stored; `origin` is where the browser will open it (this API's own origin).
 */
export async function createSignInLink(db: Db, clock: Clock, caller: KeyPrincipal, origin: string): Promise<ConsoleSignInLink> {
  const token = `csl_${randomBase62(40)}`;
  const id = newId('cs', clock);
  const expires = clock.now() + LINK_TTL_MS;
  await db`
    insert into console_sessions (id, key_id, company_id, link_hash, link_expires_at_ms, created_at_ms)
    values (${id}, ${caller.keyId}, ${caller.companyId}, ${hashSecret(token)}, ${expires}, ${clock.now()})`;
  return { id, object: 'console_sign_in_link', url: `${origin}${SIGN_IN_PATH}#${token}`, expiresAt: new Date(expires).toISOString() };
}

/** A sign-in link's URL for an API key's value (the first start's demo key), or null when the key is not valid. */
export async function signInLinkForKey(db: Db, clock: Clock, key: string, origin: string): Promise<string | null> {
  const principal = await authenticateApiKey(db, key);
  return principal ? (await createSignInLink(db, clock, principal, origin)).url : null;
}

/**
 * Uses a sign-in link: the first use within its lifetime, while its key is active, opens the session and
 * returns the cookie's value (shown only here); any other use is console_link_invalid, saying why.
 */
export async function signIn(db: Db, clock: Clock, token: string): Promise<{ cookie: string; session: ConsoleSession }> {
  if (!LINK_TOKEN.test(token)) throw new SentralError('console_link_invalid', { message: 'This is not a sign-in link.', param: 'token' });
  const now = clock.now();
  const cookie = `css_${randomBase62(43)}`;
  const linkHash = hashSecret(token);
  const [row] = await db<SessionRow[]>`
    update console_sessions s
    set signed_in_at_ms = ${now}, session_hash = ${hashSecret(cookie)}, expires_at_ms = ${now + SESSION_TTL_MS}
    from api_keys k left join profiles p on p.id = k.profile_id
    where s.link_hash = ${linkHash} and s.signed_in_at_ms is null and s.revoked_at_ms is null
      and s.link_expires_at_ms > ${now} and k.id = s.key_id and k.revoked_at_ms is null
      and (k.profile_id is null or p.status = 'active')
    returning s.id, s.expires_at_ms, k.id as key_id, k.company_id, k.profile_id, k.mode, k.scopes, k.prefix`;
  if (!row) throw new SentralError('console_link_invalid', { message: await refusal(db, linkHash, now), param: 'token' });
  return { cookie, session: toSession(row, cookie) };
}

/** The session a cookie value names, when it is signed in, unexpired, unrevoked and its key still active. */
export async function authenticateSession(db: Db, clock: Clock, cookie: string): Promise<AuthenticatedSession | null> {
  if (!SESSION_TOKEN.test(cookie)) return null;
  const [row] = await db<SessionRow[]>`
    select s.id, s.expires_at_ms, k.id as key_id, k.company_id, k.profile_id, k.mode, k.scopes, k.prefix
    from console_sessions s join api_keys k on k.id = s.key_id left join profiles p on p.id = k.profile_id
    where s.session_hash = ${hashSecret(cookie)} and s.revoked_at_ms is null and s.expires_at_ms > ${clock.now()}
      and k.revoked_at_ms is null and (k.profile_id is null or p.status = 'active')`;
  if (!row) return null;
  return { principal: keyPrincipalOf({ ...row, id: row.key_id }), session: toSession(row, cookie) };
}

/**
 * The CSRF header value of a session: derived from its cookie (an HMAC keyed by it), so a page that can
 * read its own session's answer can send it, and a page of another site, which can neither read the
 * cookie nor that answer, cannot.
 */
export function csrfTokenOf(cookie: string): string {
  return createHmac('sha256', cookie).update('sentral console csrf').digest('base64url');
}

/**
 * Revokes a console session opened by a key the caller can see (same company and mode; a profile key
 * only its profile's); revoking twice keeps the first time.
 */
export async function revokeSession(db: Db, clock: Clock, caller: KeyPrincipal, id: string): Promise<ConsoleSessionRevoked> {
  const [row] = await db<{ id: string; revoked_at_ms: number }[]>`
    update console_sessions s set revoked_at_ms = coalesce(s.revoked_at_ms, ${clock.now()})
    from api_keys k
    where s.id = ${id} and s.company_id = ${caller.companyId} and k.id = s.key_id and k.mode = ${caller.mode}
      and ${ownProfileRows(db, caller, db`k.profile_id`)}
    returning s.id, s.revoked_at_ms`;
  if (!row) throw new SentralError('not_found', { message: 'No such console session.' });
  return { id: row.id, object: 'console_session', revokedAt: new Date(Number(row.revoked_at_ms)).toISOString() };
}

// Why a link was refused, for the person holding it; an unknown link says no more than that.
async function refusal(db: Db, linkHash: string, now: number): Promise<string> {
  const [row] = await db<{ signed_in_at_ms: number | null; link_expires_at_ms: number; revoked_at_ms: number | null }[]>`
    select signed_in_at_ms, link_expires_at_ms, revoked_at_ms from console_sessions where link_hash = ${linkHash}`;
  if (!row) return 'This sign-in link does not exist.';
  if (row.signed_in_at_ms !== null) return 'This sign-in link was used already: a link signs in once. Ask for a new one.';
  if (row.revoked_at_ms !== null) return 'This sign-in link was revoked.';
  if (Number(row.link_expires_at_ms) <= now) return 'This sign-in link has expired (links last 10 minutes). Ask for a new one.';
  return 'The API key that made this sign-in link was revoked.';
}

function toSession(row: SessionRow, cookie: string): ConsoleSession {
  return {
    id: row.id,
    object: 'console_session',
    keyId: row.key_id,
    keyPrefix: row.prefix,
    mode: row.mode,
    profileId: row.profile_id,
    scopes: row.scopes,
    csrfToken: csrfTokenOf(cookie),
    expiresAt: new Date(Number(row.expires_at_ms)).toISOString(),
  };
}
