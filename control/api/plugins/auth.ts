import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../../shared/services/services.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { authenticateApiKey } from '../../accounts/api-keys.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import { verifyAdminToken } from '../../accounts/admin-token.js';
import { authenticateSession } from '../../accounts/console-sessions.js';
import { CSRF_HEADER, readConsoleCookie } from '../console-cookie.js';
import type { SentralRouteConfig } from '../route-config.js';

const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/i;

/**
 * Authenticates every request by its route's `config.auth` (default: an API key) and checks the route's
 * scope. Missing, malformed, unknown or revoked credentials are 401 unauthenticated; a missing scope is
 * 403 forbidden naming it. Unknown routes pass through to the 404 handler. Keys resolve through the
 * short-lived key cache in the hot store, falling back to PostgreSQL when the store is away. Without an
 * Authorization header, a key route also takes a console session cookie with its CSRF header: the
 * session's principal is its key's, so it passes the same scope checks (docs/console.md).
 */
export function registerAuth(app: FastifyInstance, services: Services): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('consoleSession', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    const auth = config.auth ?? 'key';
    if (auth === 'none') return;
    const header = request.headers.authorization;
    const cookie = header === undefined && auth === 'key' ? readConsoleCookie(request.headers.cookie) : null;
    if (cookie !== null) return sessionAuth(request, services, cookie, config);
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (!match) throw new SentralError('unauthenticated', { message: missingMessage(auth) });
    const presented = match[1]!;
    if (auth === 'admin') {
      if (!(await verifyAdminToken(services.sql, services.config, presented))) {
        throw new SentralError('unauthenticated', { message: 'The admin token is not valid.' });
      }
      request.principal = { kind: 'admin' };
      return;
    }
    const principal = await authenticateApiKey(services.sql, presented, { hot: services.hot, clock: services.clock, log: request.log });
    if (!principal) throw new SentralError('unauthenticated', { message: 'The API key is not valid, or it was revoked.' });
    request.principal = principal;
    requireScope(principal, config);
  });
}

async function sessionAuth(request: FastifyRequest, services: Services, cookie: string, config: SentralRouteConfig): Promise<void> {
  if (config.session === 'refused') {
    throw new SentralError('forbidden', { message: 'A console session cannot do this: use an API key in the Authorization header.' });
  }
  const found = await authenticateSession(services.sql, services.clock, cookie);
  if (!found) throw new SentralError('unauthenticated', { message: 'The console session has ended (signed out, expired, or its key was revoked): sign in again.' });
  if (config.session !== 'without-csrf' && !sameText(request.headers[CSRF_HEADER], found.session.csrfToken)) {
    throw new SentralError('csrf_token_invalid');
  }
  request.principal = found.principal;
  request.consoleSession = found.session;
  requireScope(found.principal, config);
}

function requireScope(principal: KeyPrincipal, config: SentralRouteConfig): void {
  if (config.scope !== undefined && !principal.scopes.has(config.scope)) {
    throw new SentralError('forbidden', { message: `This operation needs the scope ${config.scope}.` });
  }
}

function sameText(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function missingMessage(auth: 'key' | 'admin'): string {
  return auth === 'admin'
    ? 'The admin API needs Authorization: Bearer <admin token>.'
    : 'Send Authorization: Bearer <API key> (sk_live_… or sk_test_…).';
}
