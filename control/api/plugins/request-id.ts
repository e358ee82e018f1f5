import type { FastifyInstance } from 'fastify';

/** Sends every response with a `request-id` header (the id fastify generated for the request). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', request.id);
  });
}
