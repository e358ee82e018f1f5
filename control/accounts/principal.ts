import type { Scope } from '../../protocol/api/scopes.js';
import type { Sql, Tx } from '../../shared/db/database.js';

/** Who is calling: an API key of a company (optionally limited to one profile) or the operator. */
export type Principal = KeyPrincipal | AdminPrincipal;

/** A caller authenticated by an API key. */
export interface KeyPrincipal {
  kind: 'key';
  keyId: string;
  companyId: string;
  /** Set for a profile key: it sees only this profile. */
  profileId: string | null;
  mode: 'live' | 'test';
  scopes: ReadonlySet<Scope>;
}

/** The operator, authenticated by the admin token. */
export interface AdminPrincipal {
  kind: 'admin';
}

/** A pool or a transaction: queries in this folder run on either. */
export type Db = Sql | Tx;

/** Epoch milliseconds as an ISO 8601 UTC timestamp, or null. */
export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
