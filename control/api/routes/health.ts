import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../../shared/services/services.js';
import { OPENAPI_PATH } from '../plugins/openapi.js';

/** The result of a readiness check: ok, or the names of the failing parts. */
export interface Readiness {
  ok: boolean;
  failing: string[];
}

/** Options of the operational routes. */
export interface HealthRouteOptions {
  services: Services;
  readiness?: () => Promise<Readiness>;
}

/** GET /healthz, /readyz, /metrics (no auth, not in the API document) and GET /v1/openapi.json. */
export const healthRoutes: FastifyPluginAsyncTypebox<HealthRouteOptions> = async (app, { services, readiness }) => {
  const hidden = { hide: true } as Record<string, unknown>;
  app.get('/healthz', { schema: hidden, config: { auth: 'none' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: hidden, config: { auth: 'none' } }, async (_request, reply) => {
    let result: Readiness;
    try {
      result = readiness ? await readiness() : { ok: true, failing: [] };
    } catch {
      result = { ok: false, failing: ['readiness'] };
    }
    return reply.code(result.ok ? 200 : 503).send({ status: result.ok ? 'ready' : 'unavailable', failing: result.failing });
  });
  app.get('/metrics', { schema: hidden, config: { auth: 'none' } }, async (_request, reply) => {
    const text = await services.metrics.metrics();
    return reply.type(services.metrics.contentType).send(text);
  });
  app.get(OPENAPI_PATH, { schema: { ...hidden, summary: 'This API described in OpenAPI 3.1' }, config: { auth: 'none' } }, async () => app.swagger());
};
