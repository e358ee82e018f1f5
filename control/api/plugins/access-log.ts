import type { FastifyInstance } from 'fastify';

/**
 * The access log (SENTRAL_ACCESS_LOG=1): one info line per answered request with its method, path (no
 * query string: it may carry cursors and ids a log need not keep), status, time taken and request id.
 */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}
