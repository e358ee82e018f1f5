import type { Config } from '../../shared/config/config.js';
import type { Db, Sql } from '../../shared/db/database.js';
import { hashSecret, randomBase62, sameHash } from './key-secret.js';

const SETTING = 'admin_token_sha256';

/** A new admin token: `sat_` and 40 base62 characters (the log redacts the prefix's values). */
export function generateAdminToken(): string {
  return `sat_${randomBase62(40)}`;
}

/** Stores the hash of the admin token (the token itself is never stored). */
export async function storeAdminTokenHash(db: Db, token: string): Promise<void> {
  await db`insert into system_settings (key, value) values (${SETTING}, ${hashSecret(token)})
           on conflict (key) do update set value = excluded.value, updated_at = now()`;
}

/**
 * True when `presented` is the admin token: SENTRAL_ADMIN_TOKEN when configured, otherwise the token
 * whose hash was stored at first start. Compared as hashes in constant time.
 */
export async function verifyAdminToken(sql: Sql, config: Config, presented: string): Promise<boolean> {
  if (presented.length < 16 || presented.length > 512) return false;
  const presentedHash = hashSecret(presented);
  if (config.adminToken !== undefined) return sameHash(presentedHash, hashSecret(config.adminToken));
  const [row] = await sql<{ value: string }[]>`select value from system_settings where key = ${SETTING}`;
  return row !== undefined && sameHash(presentedHash, row.value);
}
