import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** Names of the per-route series (deploy/'s alert rules and dashboard use them). */
export const HTTP_METRICS = {
  requests: 'sentral_http_requests_total',
  duration: 'sentral_http_request_duration_seconds',
} as const;

/**
 * Request rate, errors and duration per route and status class: `route` is the route's template
 * (`/v1/calls/:callId`), never the raw path, so ids do not become series; a request no route matched is
 * counted under `route="unmatched"`.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Registry): void {
  const labelNames = ['method', 'route', 'status_class'] as const;
  // Several API servers on one registry (tests, one process) share the series.
  const requests =
    (metrics.getSingleMetric(HTTP_METRICS.requests) as Counter<(typeof labelNames)[number]> | undefined) ??
    new Counter({ name: HTTP_METRICS.requests, help: 'API requests answered, by route and status class (2xx, 4xx, 5xx)', labelNames, registers: [metrics] });
  const duration =
    (metrics.getSingleMetric(HTTP_METRICS.duration) as Histogram<(typeof labelNames)[number]> | undefined) ??
    new Histogram({
      name: HTTP_METRICS.duration,
      help: 'Time from request to answer, by route and status class',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [metrics],
    });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
