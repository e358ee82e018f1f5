import type { Scope } from '../../protocol/api/scopes.js';
import { derivedId } from '../../shared/ids/derived-id.js';
import type { IdPrefix } from '../../shared/ids/ids.js';

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

/**
 * The isolation scope of a principal: company and mode, and the profile of a profile key. Idempotency
 * records and the ids derived from an Idempotency-Key live inside it, so two principals never share one.
 */
export function principalScope(p: Principal): string {
  if (p.kind === 'admin') return 'admin';
  return p.profileId === null ? `${p.companyId}:${p.mode}` : `${p.companyId}:${p.mode}:${p.profileId}`;
}

/**
 * The id a request names when it carries an Idempotency-Key: derived from the caller's scope, the key and
 * `parts`, so a retry names the same object and another principal's same key names another one.
 */
export function idempotentId(prefix: IdPrefix, caller: KeyPrincipal, idempotencyKey: string, ...parts: string[]): string {
  const scope = caller.profileId === null ? [caller.companyId, caller.mode] : [caller.companyId, caller.mode, caller.profileId];
  return derivedId(prefix, ...scope, idempotencyKey, ...parts);
}
