import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../shared/services/services.js';
import type { TokenBucketResult, TokenBucketSpec } from '../../../shared/kv/hot-store.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';

/** Default per-key bucket: 100 requests per second sustained, bursts of 200. */
export const defaultRateLimit: TokenBucketSpec = { capacity: 200, refillPerSecond: 100 };

/** The company bucket when none is given: twice the key bucket (by default 200 per second, bursts of 400). */
export function companyBucketFor(keyBucket: TokenBucketSpec): TokenBucketSpec {
  return { capacity: keyBucket.capacity * 2, refillPerSecond: keyBucket.refillPerSecond * 2 };
}

/**
 * Limits each API key, and each company over all its keys (so minting keys buys no throughput), with
 * token buckets in the hot store; the admin token has a key bucket of its own. Over either limit is 429
 * rate_limited with Retry-After. The store is loss-tolerant: when it fails, requests pass (logged).
 */
export function registerRateLimit(
  app: FastifyInstance,
  services: Services,
  bucket: TokenBucketSpec = defaultRateLimit,
  companyBucket: TokenBucketSpec = companyBucketFor(bucket),
): void {
  app.addHook('onRequest', async (request, reply) => {
    const p = request.principal;
    if (!p) return;
    let results: Array<{ spec: TokenBucketSpec; result: TokenBucketResult }>;
    try {
      const key = await services.hot.takeToken(p.kind === 'key' ? `rl:key:${p.keyId}` : 'rl:admin', bucket);
      results = [{ spec: bucket, result: key }];
      // The company's bucket is spent only by requests its key bucket let through.
      if (p.kind === 'key' && key.allowed) results.push({ spec: companyBucket, result: await services.hot.takeToken(`rl:co:${p.companyId}`, companyBucket) });
    } catch (err) {
      request.log.warn({ err }, 'rate limit store unavailable; request allowed');
      return;
    }
    // The headers describe the tighter of the two buckets.
    const tightest = results.reduce((a, b) => (b.result.remaining < a.result.remaining ? b : a));
    reply.header('ratelimit-limit', String(tightest.spec.capacity));
    reply.header('ratelimit-remaining', String(Math.max(0, tightest.result.remaining)));
    const refused = results.filter((r) => !r.result.allowed);
    if (refused.length > 0) {
      const waitMs = Math.max(...refused.map((r) => r.result.retryAfterMs));
      throw new SentralError('rate_limited', { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
    }
  });
}
