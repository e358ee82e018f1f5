import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../../shared/services/services.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import {
  claimIdempotencyKeys,
  completeIdempotencyKeys,
  reapIdempotencyRecords,
  releaseIdempotencyKey,
  requestFingerprint,
  type ClaimResult,
  type KeyClaim,
  type KeyCompletion,
  type StoredResponse,
} from '../idempotency-store.js';
import type { Timer } from '../../../shared/clock/clock.js';
import { createBatcher } from '../../../shared/work/batcher.js';
import { principalScope } from '../../accounts/principal.js';
import { dependencyOutage } from '../../../shared/errors/dependency-outage.js';
import { retryThroughOutage } from '../../../shared/work/outage-retry.js';

const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
// Headers that belong to one transmission, not to the stored response.
const NOT_REPLAYED = new Set(['request-id', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'ratelimit-limit', 'ratelimit-remaining', 'retry-after']);

// Most keys claimed or completed in one statement.
const BATCH_MAX = 100;

const SECRET_REPLAY = 'The Idempotency-Key was used by another API key, and its answer holds a secret shown only to that key.';

interface Claim {
  scope: string;
  key: string;
  lockedUntilMs: number;
}

/**
 * One idempotency mechanism for every route that opts in with `config.idempotency`. Keys are scoped to
 * the principal (company, mode and, for a profile key, profile; or the operator), so another principal's
 * same key is a new request of its own; the fingerprint is method, path and canonical body. 2xx and 4xx
 * responses are stored for 24 h and replayed with Idempotency-Replayed: true. A 400 (the request failed
 * validation, nothing ran) and a 5xx release the key, as Stripe saves no result for a request it refused.
 * A response holding a secret (Cache-Control: no-store) is replayed only to the API key that made it.
 */
export function registerIdempotency(app: FastifyInstance, services: Services): void {
  const claims = new WeakMap<FastifyRequest, Claim>();
  // Concurrent requests claim and complete their keys together: one statement (and commit) for a batch.
  const claimer = createBatcher<KeyClaim, ClaimResult>((batch) => claimIdempotencyKeys(services.sql, batch, services.clock.now()), { maxBatch: BATCH_MAX });
  const completer = createBatcher<KeyCompletion, true>(async (batch) => {
    await completeIdempotencyKeys(services.sql, batch, services.clock.now());
    return batch.map(() => true as const);
  }, { maxBatch: BATCH_MAX });
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const mode = request.routeOptions.config.idempotency;
    const raw = request.headers['idempotency-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (mode === undefined) return;
    if (mode === 'unsupported') {
      if (key !== undefined) throw new SentralError('idempotency_unsupported', { param: 'Idempotency-Key' });
      return;
    }
    if (key === undefined) {
      if (mode === 'required') throw new SentralError('idempotency_key_required', { param: 'Idempotency-Key' });
      return;
    }
    if (Array.isArray(raw) || !KEY_PATTERN.test(key)) throw new SentralError('idempotency_key_invalid', { param: 'Idempotency-Key' });
    const p = request.principal;
    const scope = p === null ? 'anonymous' : principalScope(p);
    const madeBy = p?.kind === 'key' ? p.keyId : null;
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const result = await claimer.submit({ scope, key, fingerprint, madeBy });
    switch (result.kind) {
      case 'claimed':
        claims.set(request, { scope, key, lockedUntilMs: result.lockedUntilMs });
        request.idempotencyKey = key;
        return;
      case 'reuse':
        throw new SentralError('idempotency_key_reuse', { param: 'Idempotency-Key' });
      case 'in_flight':
        throw new SentralError('idempotency_in_flight', { param: 'Idempotency-Key', retryAfterSeconds: result.retryAfterSeconds });
      case 'replay':
        if (holdsSecret(result.response) && result.madeBy !== madeBy) {
          throw new SentralError('idempotency_key_reuse', { param: 'Idempotency-Key', message: SECRET_REPLAY });
        }
        reply.code(result.response.status).headers(result.response.headers).header('idempotency-replayed', 'true');
        return reply.send(result.response.body);
    }
  });

  // A release that fails because the database is away (the 503 being sent) must not replace the answer: an
  // error thrown while an error is sent goes out in Fastify's own shape, with the raw SQLSTATE as its code.
  // It is tried again until the database takes it (a restart, a standby promoted), within the claim's lease:
  // meanwhile a retry hears idempotency_in_flight, then runs again, instead of waiting out the 60 s lease.
  const release = async (claim: Claim, request: FastifyRequest): Promise<void> => {
    const attempt = () => releaseIdempotencyKey(services.sql, claim.scope, claim.key, claim.lockedUntilMs);
    try {
      await attempt();
    } catch (err) {
      if (dependencyOutage(err) !== 'database') return void request.log.warn({ err }, 'idempotency key not released');
      void retryThroughOutage(services.clock, claim.lockedUntilMs, attempt).catch((late: unknown) =>
        request.log.warn({ err: late }, 'idempotency key not released; its claim runs out'),
      );
    }
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    if (reply.statusCode >= 500 || reply.statusCode === 400) {
      await release(claim, request);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !NOT_REPLAYED.has(name.toLowerCase())) headers[name.toLowerCase()] = String(value);
    }
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    await completer.submit({ scope: claim.scope, key: claim.key, response: { status: reply.statusCode, headers, body } });
    return payload;
  });
}

// A response with a secret (a signing secret, a key) is marked no-store, which is also what keeps it from caches.
function holdsSecret(response: StoredResponse): boolean {
  return (response.headers['cache-control'] ?? '').includes('no-store');
}

/** Deletes expired idempotency records every `intervalMs` on the services' clock until stopped. */
export function startIdempotencyReaper(services: Services, intervalMs = 60_000): { stop(): void } {
  let timer: Timer | undefined;
  let stopped = false;
  const tick = (): void => {
    reapIdempotencyRecords(services.sql, services.clock.now())
      .catch((err: unknown) => services.log.warn({ err }, 'idempotency reaper failed'))
      .finally(() => {
        if (!stopped) timer = services.clock.setTimer(intervalMs, tick);
      });
  };
  timer = services.clock.setTimer(intervalMs, tick);
  return {
    stop() {
      stopped = true;
      timer?.cancel();
    },
  };
}
