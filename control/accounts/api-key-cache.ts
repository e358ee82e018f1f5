import { randomUUID } from 'node:crypto';
import type { Clock } from '../../shared/clock/clock.js';
import type { HotStore } from '../../shared/kv/hot-store.js';
import type { Logger } from '../../shared/log/log.js';
import { isScope } from '../../protocol/api/scopes.js';
import type { KeyPrincipal } from './principal.js';

/** How long a resolved key stays cached; revoking a key or archiving a profile ends it at once. */
export const KEY_CACHE_TTL_MS = 60_000;

/**
 * How long a process reuses a principal it read from the hot store without asking again: the bound on a
 * revocation made through another API process (the process that revoked forgets at once).
 */
export const KEY_LOCAL_TTL_MS = 1_000;

// Every entry's name holds the current generation, a random value that revoking or archiving replaces:
// entries of an older generation are never read again. Random (not a counter) so that a store that lost
// the generation can never bring an old one, and its stale entries, back.
const GENERATION = 'apikeys:generation';

/** The hot store holding the key cache, the clock of the process's own copy, and where trouble is reported. */
export interface KeyCache {
  hot: HotStore;
  clock: Clock;
  log: Pick<Logger, 'warn'>;
}

// The process's own copy in front of each hot store, by key hash: a request it answers costs no hot-store
// round trip (two with Redis: the generation and the entry). `epoch` counts this process's forgets, so a
// lookup that started before one never stores what it found.
interface LocalKeys {
  epoch: number;
  entries: Map<string, { principal: KeyPrincipal; until: number }>;
}
const local = new WeakMap<HotStore, LocalKeys>();
// Entries kept at most before the copy starts over (the keys of a process's callers; each is small).
const LOCAL_MAX_ENTRIES = 50_000;

function localOf(hot: HotStore): LocalKeys {
  let keys = local.get(hot);
  if (!keys) local.set(hot, (keys = { epoch: 0, entries: new Map() }));
  return keys;
}

/**
 * The principal of a key hash: from this process's copy, else from the hot store's cache, else from `load`
 * (PostgreSQL) and then cached. Only found principals are cached. A failing hot store never fails the
 * lookup: `load` answers instead.
 */
export async function cachedPrincipal(
  cache: KeyCache,
  keyHash: string,
  load: () => Promise<KeyPrincipal | null>,
): Promise<KeyPrincipal | null> {
  const mine = localOf(cache.hot);
  const now = cache.clock.now();
  const known = mine.entries.get(keyHash);
  if (known && known.until > now) return known.principal;
  const epoch = mine.epoch;
  const { principal, shared } = await sharedPrincipal(cache, keyHash, load);
  // Without the hot store nothing is kept: every request asks PostgreSQL until the store is back.
  if (!principal || !shared || mine.epoch !== epoch) {
    mine.entries.delete(keyHash);
    return principal;
  }
  if (mine.entries.size >= LOCAL_MAX_ENTRIES) mine.entries.clear();
  mine.entries.set(keyHash, { principal, until: now + KEY_LOCAL_TTL_MS });
  return principal;
}

// The principal from the hot store's cache, or else from `load` and then cached there; `shared` false when
// the hot store could not be asked.
async function sharedPrincipal(cache: KeyCache, keyHash: string, load: () => Promise<KeyPrincipal | null>): Promise<{ principal: KeyPrincipal | null; shared: boolean }> {
  let entry: string;
  try {
    // The generation is read before PostgreSQL: a revocation that commits after this read also replaces
    // it, so what this lookup caches is stale under a name nobody asks for any more.
    entry = `apikeys:${await generation(cache.hot)}:${keyHash}`;
    const hit = decode(await cache.hot.get(entry));
    if (hit) return { principal: hit, shared: true };
  } catch (err) {
    cache.log.warn({ err }, 'API key cache unavailable; key looked up in PostgreSQL');
    return { principal: await load(), shared: false };
  }
  const principal = await load();
  if (principal) {
    await cache.hot.set(entry, encode(principal), { ttlMs: KEY_CACHE_TTL_MS }).catch((err: unknown) => {
      cache.log.warn({ err }, 'API key cache unavailable; key not cached');
    });
  }
  return { principal, shared: true };
}

/**
 * Makes every cached key stale: at once in this process, within KEY_LOCAL_TTL_MS in every other process
 * sharing the hot store. Call it after revoking keys has committed; it rejects when the store cannot be
 * reached (the caller should answer so).
 */
export async function forgetCachedKeys(hot: HotStore): Promise<void> {
  const mine = localOf(hot);
  mine.epoch++;
  mine.entries.clear();
  await hot.set(GENERATION, randomUUID());
}

async function generation(hot: HotStore): Promise<string> {
  const current = await hot.get(GENERATION);
  if (current !== null) return current;
  const fresh = randomUUID();
  if (await hot.setIfAbsent(GENERATION, fresh)) return fresh;
  return (await hot.get(GENERATION)) ?? fresh;
}

interface CachedPrincipal {
  keyId: string;
  companyId: string;
  profileId: string | null;
  mode: 'live' | 'test';
  scopes: string[];
}

function encode(p: KeyPrincipal): string {
  const cached: CachedPrincipal = { keyId: p.keyId, companyId: p.companyId, profileId: p.profileId, mode: p.mode, scopes: [...p.scopes] };
  return JSON.stringify(cached);
}

// An entry that does not read back as a principal counts as a miss.
function decode(value: string | null): KeyPrincipal | null {
  if (value === null) return null;
  let c: Partial<CachedPrincipal>;
  try {
    c = JSON.parse(value) as Partial<CachedPrincipal>;
  } catch {
    return null;
  }
  if (
    typeof c !== 'object' || c === null || typeof c.keyId !== 'string' || typeof c.companyId !== 'string'
    || !(c.profileId === null || typeof c.profileId === 'string') || (c.mode !== 'live' && c.mode !== 'test') || !Array.isArray(c.scopes)
  ) {
    return null;
  }
  return { kind: 'key', keyId: c.keyId, companyId: c.companyId, profileId: c.profileId, mode: c.mode, scopes: new Set(c.scopes.filter(isScope)) };
}
