import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../../protocol/api/errors.js';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import type { SentralRouteConfig } from '../route-config.js';

/** The path of the OpenAPI document. */
export const OPENAPI_PATH = '/v1/openapi.json';

/**
 * Registers @fastify/swagger (OpenAPI 3.1) before any route, so that every route is documented from its
 * own schemas. The route's config adds what the plugins enforce: its auth (security and scope), whether
 * Idempotency-Key is required, optional or refused, and the errors it can answer.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method: String(method), url: r.url, config: r.config ?? {} });
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'sentral API',
        version: '1',
        description:
          'Voice platform API. Every error has the body {"error":{"code","message","param","requestId"}} and every ' +
          'response a request-id header. Authorization: Bearer <API key>; the scope each operation needs is in ' +
          'x-scope and in its security requirement.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'sk_live_… or sk_test_…' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'The operator admin token (admin API only)' },
        },
      },
    },
    transform: ({ schema, url, route }) => ({ schema: documentRoute(schema, route), url }),
  });
}

/** A route as registered: method, path (parameters written :name) and its config. */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: SentralRouteConfig;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered on a server built with registerOpenApi (checks that none is undocumented). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

function documentRoute(schema: FastifySchema | undefined, route: RouteOptions): FastifySchema {
  const base: FastifySchema & Record<string, unknown> = { ...(schema ?? {}) };
  const config = route.config ?? {};
  const auth = config.auth ?? 'key';
  if (auth === 'none') return base;
  const errors: ErrorCode[] = ['invalid_request', 'unauthenticated', 'not_found', 'rate_limited'];
  if (auth === 'key') {
    base.security = [{ apiKey: config.scope ? [config.scope] : [] }];
    errors.push('forbidden');
    if (config.scope) base['x-scope'] = config.scope;
  } else {
    base.security = [{ adminToken: [] }];
  }
  if (base.body !== undefined) errors.push('invalid_json', 'payload_too_large', 'unsupported_media_type');
  const idem = config.idempotency;
  if (idem !== undefined) {
    base['x-idempotency'] = idem;
    if (idem === 'unsupported') errors.push('idempotency_unsupported');
    else {
      errors.push('idempotency_key_invalid', 'idempotency_key_reuse', 'idempotency_in_flight');
      if (idem === 'required') errors.push('idempotency_key_required');
      const header = Type.String({
        minLength: 1,
        maxLength: 255,
        description: idem === 'required' ? 'Required. Replays of the same key return the stored response.' : 'Optional; recommended.',
      });
      const existing = (base.headers ?? { type: 'object', properties: {} }) as { properties?: Record<string, unknown>; required?: string[] };
      base.headers = {
        type: 'object',
        properties: { ...(existing.properties ?? {}), 'Idempotency-Key': header },
        required: [...(existing.required ?? []), ...(idem === 'required' ? ['Idempotency-Key'] : [])],
      };
    }
  }
  const responses: Record<string, unknown> = { ...((base.response as Record<string, unknown> | undefined) ?? {}) };
  for (const [status, codes] of groupByStatus(errors)) {
    responses[String(status)] = { ...ErrorBody, description: `Error: ${codes.join(', ')}` };
  }
  base.response = responses;
  base['x-errors'] = errors;
  return base;
}

function groupByStatus(codes: ErrorCode[]): Map<number, ErrorCode[]> {
  const out = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorCatalogue[code].status;
    out.set(status, [...(out.get(status) ?? []), code]);
  }
  return out;
}
