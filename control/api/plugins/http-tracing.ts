import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activeTracer } from '../../../shared/tracing/tracing.js';
import { SpanKind, incomingTrace, runInTrace, startSpan, type OpenSpan } from '../../../shared/tracing/trace-context.js';

/**
 * With tracing on, each API request is a server span named by its method and route template, child of a
 * `traceparent` the client sent; everything the request does (bus messages to actors included) runs in it.
 * Off, no hook is added.
 */
export function registerHttpTracing(app: FastifyInstance): void {
  if (!activeTracer()) return;
  const spans = new WeakMap<FastifyRequest, OpenSpan>();
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const header = (name: string): string | undefined => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const span = startSpan(`${request.method} ${route}`, {
      parent: incomingTrace(header),
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': request.method, 'http.route': route },
    });
    if (!span) return done();
    spans.set(request, span);
    runInTrace(span.context, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    spans.get(request)?.end({ 'http.response.status_code': reply.statusCode }, reply.statusCode >= 500);
  });
}
