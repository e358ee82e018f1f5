import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { authenticateApiKey } from '../../accounts/api-keys.js';
import { verifyAdminToken } from '../../accounts/admin-token.js';

const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/i;

/**
 * Authenticates every request by its route's `config.auth` (default: an API key) and checks the route's
 * scope. Missing, malformed, unknown or revoked credentials are 401 unauthenticated; a missing scope is
 * 403 forbidden naming it. Unknown routes pass through to the 404 handler. Keys resolve through the
 * short-lived key cache in the hot store, falling back to PostgreSQL when the store is away.
 */
export function registerAuth(app: FastifyInstance, services: Services): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    const auth = config.auth ?? 'key';
    if (auth === 'none') return;
    const header = request.headers.authorization;
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
    const principal = await authenticateApiKey(services.sql, presented, { hot: services.hot, log: request.log });
    if (!principal) throw new SentralError('unauthenticated', { message: 'The API key is not valid, or it was revoked.' });
    request.principal = principal;
    if (config.scope !== undefined && !principal.scopes.has(config.scope)) {
      throw new SentralError('forbidden', { message: `This operation needs the scope ${config.scope}.` });
    }
  });
}

function missingMessage(auth: 'key' | 'admin'): string {
  return auth === 'admin'
    ? 'The admin API needs Authorization: Bearer <admin token>.'
    : 'Send Authorization: Bearer <API key> (sk_live_… or sk_test_…).';
}
