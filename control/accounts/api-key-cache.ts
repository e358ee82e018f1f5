import { randomUUID } from 'node:crypto';
import type { HotStore } from '../../shared/kv/hot-store.js';
import type { Logger } from '../../shared/log/log.js';
import { isScope } from '../../protocol/api/scopes.js';
import type { KeyPrincipal } from './principal.js';

/** How long a resolved key stays cached; revoking a key or archiving a profile ends it at once. */
export const KEY_CACHE_TTL_MS = 60_000;

// Every entry's name holds the current generation, a random value that revoking or archiving replaces:
// entries of an older generation are never read again. Random (not a counter) so that a store that lost
// the generation can never bring an old one, and its stale entries, back.
const GENERATION = 'apikeys:generation';

/** The hot store holding the key cache, and where its trouble is reported. */
export interface KeyCache {
  hot: HotStore;
  log: Pick<Logger, 'warn'>;
}

/**
 * The principal of a key hash: from the cache, or else from `load` (PostgreSQL) and then cached. Only
 * found principals are cached. A failing hot store never fails the lookup: `load` answers instead.
 */
export async function cachedPrincipal(
  cache: KeyCache,
  keyHash: string,
  load: () => Promise<KeyPrincipal | null>,
): Promise<KeyPrincipal | null> {
  let entry: string;
  try {
    // The generation is read before PostgreSQL: a revocation that commits after this read also replaces
    // it, so what this lookup caches is stale under a name nobody asks for any more.
    entry = `apikeys:${await generation(cache.hot)}:${keyHash}`;
    const hit = decode(await cache.hot.get(entry));
    if (hit) return hit;
  } catch (err) {
    cache.log.warn({ err }, 'API key cache unavailable; key looked up in PostgreSQL');
    return load();
  }
  const principal = await load();
  if (principal) {
    await cache.hot.set(entry, encode(principal), { ttlMs: KEY_CACHE_TTL_MS }).catch((err: unknown) => {
      cache.log.warn({ err }, 'API key cache unavailable; key not cached');
    });
  }
  return principal;
}

/**
 * Makes every cached key stale at once, in every process sharing the hot store. Call it after revoking
 * keys has committed; it rejects when the store cannot be reached (the caller should answer so).
 */
export async function forgetCachedKeys(hot: HotStore): Promise<void> {
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
