import type { Scope } from '../../protocol/api/scopes.js';

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
