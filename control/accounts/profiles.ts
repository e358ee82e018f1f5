import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock/clock.js';
import type { Db, Sql } from '../../shared/db/database.js';
import type { HotStore } from '../../shared/kv/hot-store.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { Profile, ProfileCreate, ProfileServices, ProfileUpdate } from '../../protocol/api/profiles.js';
import { revokeProfileKeys } from './api-keys.js';
import { forgetCachedKeys } from './api-key-cache.js';
import type { KeyPrincipal } from './principal.js';
import { isoOrNull } from '../../shared/clock/iso.js';

interface ProfileRow {
  id: string;
  company_id: string;
  slug: string;
  name: string;
  description: string;
  services: ProfileServices;
  limit_ore: number | null;
  status: 'active' | 'archived';
  created_at_ms: number;
  archived_at_ms: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_SERVICES: ProfileServices = { sms: false, email: false, letters: false, phone: false };

/** Who may see which profiles: a company (all of its profiles) or one profile of it. */
export interface ProfileViewer {
  companyId: string;
  profileId: string | null;
}

/** The viewer of a key principal. */
export function viewerOf(p: KeyPrincipal): ProfileViewer {
  return { companyId: p.companyId, profileId: p.profileId };
}

/** Creates a profile of a company; a slug already used in the company is profile_slug_taken. */
export async function createProfile(db: Db, clock: Clock, companyId: string, input: ProfileCreate): Promise<Profile> {
  const [row] = await db<ProfileRow[]>`
    insert into profiles (id, company_id, slug, name, description, services, created_at_ms)
    values (${randomUUID()}, ${companyId}, ${input.slug}, ${input.name}, ${input.description ?? ''},
            ${db.json({ ...NO_SERVICES, ...input.services })}, ${clock.now()})
    on conflict (company_id, slug) do nothing
    returning *`;
  if (!row) throw new SentralError('profile_slug_taken', { param: 'slug' });
  return toProfile(row);
}

/** Profiles the viewer can see (archived ones included, marked so). */
export async function listProfiles(db: Db, viewer: ProfileViewer): Promise<Profile[]> {
  const rows = await db<ProfileRow[]>`
    select * from profiles where company_id = ${viewer.companyId}
      and (${viewer.profileId}::uuid is null or id = ${viewer.profileId}::uuid)
    order by created_at_ms, slug`;
  return rows.map(toProfile);
}

/** One profile by slug or UUID, as the viewer sees it: another company's or profile's is not_found. */
export async function getProfile(db: Db, viewer: ProfileViewer, ref: string, options: { forUpdate?: boolean } = {}): Promise<Profile> {
  const byId = UUID.test(ref);
  const lock = options.forUpdate ? db`for update` : db``;
  const [row] = await db<ProfileRow[]>`
    select * from profiles where company_id = ${viewer.companyId}
      and ${byId ? db`id = ${ref.toLowerCase()}::uuid` : db`slug = ${ref}`}
      and (${viewer.profileId}::uuid is null or id = ${viewer.profileId}::uuid)
    ${lock}`;
  if (!row) throw new SentralError('not_found', { message: 'No such profile.' });
  return toProfile(row);
}

/**
 * Many profiles at once, each as its viewer sees it (getProfile's rule): one query for a batch of requests;
 * null where the viewer sees no such profile.
 */
export async function findProfiles(db: Db, lookups: readonly { viewer: ProfileViewer; ref: string }[]): Promise<(Profile | null)[]> {
  if (lookups.length === 0) return [];
  const ids = [...new Set(lookups.filter((l) => UUID.test(l.ref)).map((l) => l.ref.toLowerCase()))];
  const slugs = [...new Set(lookups.filter((l) => !UUID.test(l.ref)).map((l) => l.ref))];
  const companies = [...new Set(lookups.map((l) => l.viewer.companyId))];
  const rows = await db<ProfileRow[]>`
    select * from profiles where company_id = any(${db.array(companies)}::text[])
      and (id = any(${db.array(ids)}::uuid[]) or slug = any(${db.array(slugs)}::text[]))`;
  return lookups.map(({ viewer, ref }) => {
    const byId = UUID.test(ref);
    const row = rows.find((r) => r.company_id === viewer.companyId && (byId ? r.id === ref.toLowerCase() : r.slug === ref));
    return row === undefined || (viewer.profileId !== null && row.id !== viewer.profileId) ? null : toProfile(row);
  });
}

/** An active profile of the company by id, for parts that start something under it (calls, streams). */
export async function getActiveProfile(db: Db, companyId: string, profileId: string): Promise<Profile> {
  const profile = await getProfile(db, { companyId, profileId: null }, profileId);
  if (profile.state !== 'active') throw new SentralError('profile_archived', { param: 'profileId' });
  return profile;
}

/** Changes name, description or services; the slug cannot change and an archived profile cannot either. */
export async function updateProfile(sql: Sql, viewer: ProfileViewer, ref: string, input: ProfileUpdate): Promise<Profile> {
  if (input.slug !== undefined) throw new SentralError('profile_slug_immutable', { param: 'slug' });
  return sql.begin(async (tx) => {
    const current = await getProfile(tx, viewer, ref, { forUpdate: true });
    if (current.state !== 'active') throw new SentralError('profile_archived');
    const [row] = await tx<ProfileRow[]>`
      update profiles set
        name = ${input.name ?? current.name},
        description = ${input.description ?? current.description},
        services = ${tx.json({ ...current.services, ...input.services })}
      where id = ${current.id} returning *`;
    return toProfile(row!);
  });
}

/**
 * Archives a profile and revokes all its keys at once; history stays. Archiving twice is harmless, and
 * clears the key cache again (finishing the job after a hot-store failure).
 */
export async function archiveProfile(sql: Sql, clock: Clock, hot: HotStore, viewer: ProfileViewer, ref: string): Promise<Profile> {
  const profile = await sql.begin(async (tx) => {
    const current = await getProfile(tx, viewer, ref, { forUpdate: true });
    if (current.state === 'archived') return current;
    const [row] = await tx<ProfileRow[]>`
      update profiles set status = 'archived', archived_at_ms = ${clock.now()} where id = ${current.id} returning *`;
    await revokeProfileKeys(tx, clock, current.id);
    return toProfile(row!);
  });
  await forgetCachedKeys(hot);
  return profile;
}

/** Sets or removes (null) a profile's monthly spending limit. */
export async function setProfileLimit(db: Db, viewer: ProfileViewer, ref: string, limitOre: number | null): Promise<Profile> {
  const current = await getProfile(db, viewer, ref);
  const [row] = await db<ProfileRow[]>`update profiles set limit_ore = ${limitOre} where id = ${current.id} returning *`;
  return toProfile(row!);
}

function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    object: 'profile',
    name: row.name,
    slug: row.slug,
    description: row.description,
    services: { ...NO_SERVICES, ...row.services },
    limitOre: row.limit_ore,
    state: row.status,
    createdAt: isoOrNull(row.created_at_ms)!,
    archivedAt: isoOrNull(row.archived_at_ms),
  };
}
