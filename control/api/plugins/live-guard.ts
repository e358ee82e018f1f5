import type { FastifyInstance } from 'fastify';
import { SentralError } from '../../../shared/errors/sentral-error.js';

/**
 * Resources that are live whatever key names them: real and paid from the balance. Every operation under
 * one of these paths that is not a read takes a live key.
 */
export const LIVE_RESOURCES: readonly string[] = ['/v1/numbers'];

const READS = new Set(['GET', 'HEAD']);

/** True when a route (its path pattern) changes a live resource when called with `method`. */
export function changesLiveResource(method: string, routePath: string): boolean {
  return !READS.has(method.toUpperCase()) && LIVE_RESOURCES.some((p) => routePath === p || routePath.startsWith(`${p}/`));
}

/**
 * Test and live never mix: a test key is refused (403 live_key_required), before validation and before an
 * Idempotency-Key is claimed, on every operation that changes a live resource. Reads stay open to test keys
 * (a test call may dial from the profile's live number); docs/security.md.
 */
export function registerLiveGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const p = request.principal;
    if (p?.kind !== 'key' || p.mode === 'live' || request.is404) return;
    if (changesLiveResource(request.method, request.routeOptions.url ?? '')) throw new SentralError('live_key_required');
  });
}
