import type { Registry } from 'prom-client';
import type { HttpResponse, TemplatedApp } from '../server/uws.js';

/**
 * Installs `/healthz` (liveness and load, JSON) and `/metrics` (Prometheus text) on the node's server;
 * `exposition`, when given, is what `/metrics` answers instead of the registry (a worker answers its host's).
 */
export function installHttpRoutes(app: TemplatedApp, deps: { registry: Registry; status: () => Record<string, unknown>; exposition?: () => Promise<string> }): void {
  app.get('/healthz', (res) => {
    res.writeHeader('content-type', 'application/json').end(JSON.stringify({ status: 'ok', ...deps.status() }));
  });
  app.get('/metrics', (res) => {
    let aborted = false;
    res.onAborted(() => {
      aborted = true;
    });
    (deps.exposition ?? (() => deps.registry.metrics()))().then(
      (text) => !aborted && res.cork(() => res.writeHeader('content-type', deps.registry.contentType).end(text)),
      () => !aborted && res.cork(() => end(res, '500 Internal Server Error', 'internal_error', 'metrics unavailable')),
    );
  });
  app.any('/*', (res) => end(res, '404 Not Found', 'not_found', 'No such resource.'));
}

function end(res: HttpResponse, status: string, code: string, message: string): void {
  res.writeStatus(status).writeHeader('content-type', 'application/json').end(JSON.stringify({ error: { code, message } }));
}
