import { SentralError } from '../../shared/errors/sentral-error.js';
import type { KeyPrincipal } from './principal.js';
import type { Db } from '../../shared/db/database.js';

/**
 * The profile a request acts for: a profile key's own (naming another is not_found), or the active profile
 * of its company that a company key names in profileId (null when it names none).
 */
export async function requestedProfile(db: Db, caller: KeyPrincipal, wanted: string | undefined): Promise<string | null> {
  const profileId = wanted?.toLowerCase() ?? null;
  if (caller.profileId !== null) {
    if (profileId !== null && profileId !== caller.profileId) throw new SentralError('not_found', { message: 'No such profile.', param: 'profileId' });
    return caller.profileId;
  }
  if (profileId === null) return null;
  const [p] = await db<{ status: string }[]>`select status from profiles where id = ${profileId}::uuid and company_id = ${caller.companyId}`;
  if (!p || p.status !== 'active') throw new SentralError('not_found', { message: 'No such active profile.', param: 'profileId' });
  return profileId;
}

/**
 * The profile a new contact, list, template or campaign belongs to: as requestedProfile, but a company key
 * must name one (these belong to one profile, never to the whole company).
 */
export async function ownerProfile(db: Db, caller: KeyPrincipal, wanted: string | undefined): Promise<string> {
  if (caller.profileId === null && wanted === undefined) {
    throw new SentralError('invalid_request', { message: 'A company key must name the profile (profileId).', param: 'profileId' });
  }
  return (await requestedProfile(db, caller, wanted))!;
}

/**
 * The rows of `table` (alias or name) the caller sees: its company and mode, and only its own profile's for
 * a profile key; a company key may narrow to one profile with `profileId`.
 */
export function visibleTo(db: Db, caller: KeyPrincipal, table: string, profileId?: string) {
  const only = caller.profileId ?? profileId?.toLowerCase() ?? null;
  const t = db(table);
  return db`${t}.company_id = ${caller.companyId} and ${t}.mode = ${caller.mode}
    and ${only === null ? db`true` : db`${t}.profile_id = ${only}::uuid`}`;
}

/** The profile part of what the caller sees: everything for a company key, only its profile's rows (`column`) for a profile key. */
export function ownProfileRows(db: Db, caller: KeyPrincipal, column = db`profile_id`) {
  return caller.profileId === null ? db`true` : db`${column} = ${caller.profileId}::uuid`;
}
