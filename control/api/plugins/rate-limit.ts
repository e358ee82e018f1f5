import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import type { TokenBucketSpec } from '../../../shared/kv/hot-store.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';

/** Default per-key bucket: 100 requests per second sustained, bursts of 200. */
export const defaultRateLimit: TokenBucketSpec = { capacity: 200, refillPerSecond: 100 };

/**
 * Limits each API key (and the admin token) with a token bucket in the hot store; over the limit is
 * 429 rate_limited with Retry-After. The store is loss-tolerant: when it fails, requests pass (logged).
 */
export function registerRateLimit(app: FastifyInstance, services: Services, bucket: TokenBucketSpec = defaultRateLimit): void {
  app.addHook('onRequest', async (request, reply) => {
    const p = request.principal;
    if (!p) return;
    const id = p.kind === 'key' ? `key:${p.keyId}` : 'admin';
    let result;
    try {
      result = await services.hot.takeToken(`rl:${id}`, bucket);
    } catch (err) {
      request.log.warn({ err }, 'rate limit store unavailable; request allowed');
      return;
    }
    reply.header('ratelimit-limit', String(bucket.capacity));
    reply.header('ratelimit-remaining', String(Math.max(0, result.remaining)));
    if (!result.allowed) {
      throw new SentralError('rate_limited', { retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) });
    }
  });
}
