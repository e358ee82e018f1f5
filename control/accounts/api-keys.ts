import type { Clock } from '../../shared/clock/clock.js';
import type { HotStore } from '../../shared/kv/hot-store.js';
import type { Db, Sql } from '../../shared/db/database.js';
import { newId } from '../../shared/ids/ids.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { isScope, type Scope } from '../../protocol/api/scopes.js';
import type { ApiKey } from '../../protocol/api/api-keys.js';
import { apiKeyMode, displayPrefix, generateApiKey, hashSecret } from './key-secret.js';
import type { KeyPrincipal } from './principal.js';
import { isoOrNull } from '../../shared/clock/iso.js';
import { cachedPrincipal, forgetCachedKeys, type KeyCache } from './api-key-cache.js';
import { ownProfileRows } from './profile-scope.js';

interface KeyRow {
  id: string;
  company_id: string;
  profile_id: string | null;
  mode: 'live' | 'test';
  name: string;
  scopes: string[];
  prefix: string;
  created_at_ms: number;
  revoked_at_ms: number | null;
}

/** What a new key is for. */
export interface NewKey {
  companyId: string;
  profileId: string | null;
  mode: 'live' | 'test';
  name: string;
  scopes: readonly Scope[];
}

/** Stores a new key (only its hash) and returns its record and, this once, its whole value. */
export async function insertApiKey(db: Db, clock: Clock, input: NewKey): Promise<{ record: ApiKey; key: string }> {
  const key = generateApiKey(input.mode);
  const [row] = await db<KeyRow[]>`
    insert into api_keys (id, company_id, profile_id, mode, name, scopes, key_hash, prefix, created_at_ms)
    values (${newId('key', clock)}, ${input.companyId}, ${input.profileId}, ${input.mode}, ${input.name},
            ${db.array([...input.scopes])}, ${hashSecret(key)}, ${displayPrefix(key)}, ${clock.now()})
    returning *`;
  return { record: toApiKey(row!), key };
}

/** Most active (unrevoked) keys a company may hold, both modes and all profiles together. */
export const MAX_ACTIVE_KEYS_PER_COMPANY = 500;

/**
 * Checks that `caller` may mint `wanted` (never more power than its own: scopes a subset, a profile key only
 * for its own profile and its own mode; a company key of either mode mints keys of either mode, as the
 * request says) and stores it. A key of the other mode is not seen by the key that made it afterwards (test
 * and live never mix): its secret is shown once, in this answer. The profile must be an active one of the company,
 * and the company may hold at most MAX_ACTIVE_KEYS_PER_COMPANY active keys (409 api_key_limit_reached).
 */
export async function createApiKey(
  sql: Sql,
  clock: Clock,
  caller: KeyPrincipal,
  wanted: { name: string; mode: 'live' | 'test'; profileId?: string | undefined; scopes: readonly string[] },
): Promise<{ record: ApiKey; key: string }> {
  if (wanted.mode !== caller.mode && caller.profileId !== null) {
    throw new SentralError('forbidden', { message: `A ${caller.mode} profile key can only create ${caller.mode} keys; a company key creates keys of either mode.`, param: 'mode' });
  }
  const extra = wanted.scopes.filter((s) => !isScope(s) || !caller.scopes.has(s));
  if (extra.length > 0) {
    throw new SentralError('forbidden', { message: `A key cannot grant scopes it does not hold: ${extra.join(', ')}.`, param: 'scopes' });
  }
  let profileId = wanted.profileId ?? null;
  if (caller.profileId !== null) {
    if (profileId !== null && profileId.toLowerCase() !== caller.profileId) {
      throw new SentralError('not_found', { message: 'No such profile.', param: 'profileId' });
    }
    profileId = caller.profileId;
  }
  return sql.begin(async (tx) => {
    if (profileId !== null) {
      const [p] = await tx<{ status: string }[]>`
        select status from profiles where id = ${profileId} and company_id = ${caller.companyId}`;
      if (!p) throw new SentralError('not_found', { message: 'No such profile.', param: 'profileId' });
      if (p.status !== 'active') throw new SentralError('profile_archived', { param: 'profileId' });
    }
    // The company row is locked so that concurrent creations cannot both pass the count.
    await tx`select id from companies where id = ${caller.companyId} for update`;
    const [count] = await tx<{ active: number }[]>`
      select count(*)::int as active from api_keys where company_id = ${caller.companyId} and revoked_at_ms is null`;
    if (count!.active >= MAX_ACTIVE_KEYS_PER_COMPANY) throw new SentralError('api_key_limit_reached');
    return insertApiKey(tx, clock, {
      companyId: caller.companyId,
      profileId,
      mode: wanted.mode,
      name: wanted.name,
      scopes: wanted.scopes as Scope[],
    });
  });
}

/** Keys the caller can see: its mode, and its profile's keys only for a profile key. */
export async function listApiKeys(db: Db, caller: KeyPrincipal): Promise<ApiKey[]> {
  const rows = await db<KeyRow[]>`
    select * from api_keys
    where company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}
    order by created_at_ms, id`;
  return rows.map(toApiKey);
}

/** One key the caller can see, or not_found. */
export async function getApiKey(db: Db, caller: KeyPrincipal, id: string): Promise<ApiKey> {
  const [row] = await db<KeyRow[]>`
    select * from api_keys
    where id = ${id} and company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}`;
  if (!row) throw new SentralError('not_found', { message: 'No such API key.' });
  return toApiKey(row);
}

/**
 * Revokes a key the caller can see (revoking twice keeps the first time) and returns it. A key revokes
 * only keys with no power beyond its own: scopes a subset of its own (403 forbidden otherwise) and, for a
 * profile key, keys of its profile (others are not visible to it: 404). The key cache is cleared every
 * time, so a repeat after a hot-store failure finishes the job.
 */
export async function revokeApiKey(db: Db, clock: Clock, hot: HotStore, caller: KeyPrincipal, id: string): Promise<ApiKey> {
  const target = await getApiKey(db, caller, id);
  const beyond = target.scopes.filter((s) => !isScope(s) || !caller.scopes.has(s));
  if (beyond.length > 0) {
    throw new SentralError('forbidden', { message: `A key cannot revoke a key with scopes it does not hold: ${beyond.join(', ')}.`, param: 'id' });
  }
  const [row] = await db<KeyRow[]>`
    update api_keys set revoked_at_ms = coalesce(revoked_at_ms, ${clock.now()})
    where id = ${id} and company_id = ${caller.companyId} returning *`;
  await forgetCachedKeys(hot);
  return toApiKey(row!);
}

/**
 * The principal of a presented key, or null when it is malformed, unknown, revoked, or belongs to an
 * archived profile. With a cache, found keys are kept in the hot store for a short while (api-key-cache.ts).
 */
export async function authenticateApiKey(db: Db, presented: string, cache?: KeyCache): Promise<KeyPrincipal | null> {
  if (apiKeyMode(presented) === null) return null;
  const keyHash = hashSecret(presented);
  return cache ? cachedPrincipal(cache, keyHash, () => lookUpKey(db, keyHash)) : lookUpKey(db, keyHash);
}

async function lookUpKey(db: Db, keyHash: string): Promise<KeyPrincipal | null> {
  const [row] = await db<{ id: string; company_id: string; profile_id: string | null; mode: 'live' | 'test'; scopes: string[] }[]>`
    select k.id, k.company_id, k.profile_id, k.mode, k.scopes
    from api_keys k left join profiles p on p.id = k.profile_id
    where k.key_hash = ${keyHash} and k.revoked_at_ms is null
      and (k.profile_id is null or p.status = 'active')`;
  return row ? keyPrincipalOf(row) : null;
}

/** The principal of an active key's row (its id, company, profile, mode and scopes). */
export function keyPrincipalOf(row: { id: string; company_id: string; profile_id: string | null; mode: 'live' | 'test'; scopes: string[] }): KeyPrincipal {
  return {
    kind: 'key',
    keyId: row.id,
    companyId: row.company_id,
    profileId: row.profile_id,
    mode: row.mode,
    scopes: new Set(row.scopes.filter(isScope)),
  };
}

/** Revokes every key of a profile at once (archiving; the caller clears the key cache after commit); returns how many were revoked. */
export async function revokeProfileKeys(db: Db, clock: Clock, profileId: string): Promise<number> {
  const rows = await db`update api_keys set revoked_at_ms = ${clock.now()} where profile_id = ${profileId} and revoked_at_ms is null returning id`;
  return rows.length;
}

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    object: 'api_key',
    name: row.name,
    mode: row.mode,
    profileId: row.profile_id,
    scopes: row.scopes,
    prefix: row.prefix,
    createdAt: isoOrNull(row.created_at_ms)!,
    revokedAt: isoOrNull(row.revoked_at_ms),
  };
}
