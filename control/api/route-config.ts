import type { Scope } from '../../protocol/api/scopes.js';
import type { PriceList } from '../../protocol/api/admin.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { KeyPrincipal, Principal } from '../accounts/principal.js';
import type { FastifyRequest } from 'fastify';
import type { ConsoleSession } from '../../protocol/api/console-sessions.js';

/**
 * What a route declares in its `config` so that the shared plugins treat it right:
 * - auth: who may call it (default 'key': an API key; 'admin': the admin token; 'none': anyone).
 * - scope: the scope a key needs (403 forbidden naming it otherwise).
 * - idempotency: 'required' (400 without the header), 'optional', or 'unsupported' (400 with it);
 *   unset means the route changes nothing and ignores the header.
 * - session: how a key route takes a console session cookie (unset: with its CSRF header;
 *   'without-csrf': the read that hands the page its CSRF token; 'refused': only an API key will do).
 * - prices: the prices of the price list the operation reserves or draws (x-prices in the OpenAPI
 *   document); an operation with prices requires an Idempotency-Key, so a retry never pays twice.
 */
export interface SentralRouteConfig {
  auth?: 'key' | 'admin' | 'none';
  scope?: Scope;
  idempotency?: 'required' | 'optional' | 'unsupported';
  session?: 'without-csrf' | 'refused';
  prices?: readonly PriceName[];
}

/** The name of one price of the price list (protocol/api/admin.ts). */
export type PriceName = keyof PriceList;

declare module 'fastify' {
  interface FastifyContextConfig extends SentralRouteConfig {}
  interface FastifyRequest {
    /** The authenticated caller (null on auth 'none' routes). */
    principal: Principal | null;
    /** The Idempotency-Key this request runs under, when it has claimed one (handlers derive ids from it). */
    idempotencyKey: string | null;
    /** The console session the request came with, when it came with one rather than an API key. */
    consoleSession: ConsoleSession | null;
  }
}

/** The key principal of a request on an auth 'key' route. */
export function keyPrincipal(request: FastifyRequest): KeyPrincipal {
  const p = request.principal;
  if (p?.kind !== 'key') throw new SentralError('unauthenticated');
  return p;
}

/** The key principal, which must be a company key (not limited to one profile) for this operation. */
export function companyPrincipal(request: FastifyRequest): KeyPrincipal {
  const p = keyPrincipal(request);
  if (p.profileId !== null) throw new SentralError('forbidden', { message: 'This operation needs a company key, not a profile key.' });
  return p;
}
