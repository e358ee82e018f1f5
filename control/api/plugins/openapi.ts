import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { ErrorBody } from '../../../protocol/api/errors.js';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import type { SentralRouteConfig } from '../route-config.js';
import { operationIds, tagDescriptions } from './openapi-operations.js';
import { Command } from '../../../protocol/calls/command.js';
import { eventDocument, WEBHOOK_SIGNATURE_SCHEME, webhookSignatureScheme } from '../event-webhooks.js';

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
  const events = eventDocument();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'sentral API',
        version: '1',
        license: { name: 'Proprietary', identifier: 'LicenseRef-sentral-proprietary' },
        description:
          'Voice platform API. Every error has the body {"error":{"code","message","param","requestId"}} and every ' +
          'response a request-id header. Authorization: Bearer <API key>; the scope each operation needs is in ' +
          'x-scope and in its security requirement.',
      },
      // Relative: the API answers on whatever origin served this document (a client passes its base URL).
      servers: [{ url: '/', description: 'The server this document was read from' }],
      tags: Object.entries(tagDescriptions).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'sk_live_… or sk_test_…' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'The operator admin token (admin API only)' },
          [WEBHOOK_SIGNATURE_SCHEME]: webhookSignatureScheme,
        },
        schemas: events.schemas,
      },
      // Every event type sentral sends, from the event catalogue (protocol/events/event-catalogue.ts).
      webhooks: events.webhooks,
    } as Record<string, unknown>,
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

/** The operation's key in the operationId map: method and OpenAPI path (`GET /v1/calls/{id}`). */
export function operationKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

/**
 * What operations refused until their capability exists will answer once it does, so that the document
 * declares a success response for every operation (generated clients need one to type the result).
 */
const pendingSuccess: Readonly<Record<string, Record<string, unknown>>> = {
  'POST /v1/calls/{id}/dtmf': { 201: Command, 200: Command },
};

function documentRoute(schema: FastifySchema | undefined, route: RouteOptions): FastifySchema {
  const base: FastifySchema & Record<string, unknown> = { ...(schema ?? {}) };
  const config = route.config ?? {};
  const auth = config.auth ?? 'key';
  if (base.hide) return base;
  const key = operationKey(String([route.method].flat()[0]), route.url);
  base.operationId ??= operationIds[key];
  declareSuccess(base, key);
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
  // Every operation says in words whether it takes an Idempotency-Key (reference pages show the description).
  const stated = idempotencySentence(idem);
  base.description = base.description ? `${String(base.description)}\n\n${stated}` : stated;
  if (config.prices !== undefined) base['x-prices'] = config.prices;
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
  base.response = { ...((base.response as Record<string, unknown> | undefined) ?? {}), ...errorResponses(errors) };
  base['x-errors'] = errors;
  return base;
}

/** The sentence an operation's description carries about Idempotency-Key. */
export function idempotencySentence(mode: 'required' | 'optional' | 'unsupported' | undefined): string {
  switch (mode) {
    case 'required':
      return 'Idempotency-Key: required (400 idempotency_key_required without it); a retry with the same key returns the first answer and acts once.';
    case 'optional':
      return 'Idempotency-Key: optional, recommended; a retry with the same key returns the first answer and acts once.';
    case 'unsupported':
      return 'Idempotency-Key: not accepted (400 idempotency_unsupported); the answer holds a secret shown once, so it is never stored for a replay.';
    default:
      return 'Idempotency-Key: not needed; this operation changes nothing and is safe to repeat.';
  }
}

/**
 * Declares the success response with its media type: a file download (`produces` a non-JSON type) gets a
 * binary 200 of that type while its errors stay JSON; an operation not available yet gets its future one.
 */
function declareSuccess(base: FastifySchema & Record<string, unknown>, key: string): void {
  const responses = { ...((base.response as Record<string, unknown> | undefined) ?? {}) };
  const produces = base.produces as string[] | undefined;
  if (Object.keys(responses).some((s) => s.startsWith('2'))) return;
  if (produces?.some((t) => t !== 'application/json')) {
    const content = Object.fromEntries(produces.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }]));
    responses['200'] = { description: `The file (${produces.join(', ')})`, content };
    delete base.produces;
  } else if (pendingSuccess[key]) {
    Object.assign(responses, pendingSuccess[key]);
  }
  base.response = responses;
}

/** The error responses of an operation that can fail with `errors`, by status, each naming its codes. */
export function errorResponses(errors: ErrorCode[]): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of groupByStatus(errors)) {
    responses[String(status)] = { ...ErrorBody, description: `Error: ${codes.join(', ')}` };
  }
  return responses;
}

function groupByStatus(codes: ErrorCode[]): Map<number, ErrorCode[]> {
  const out = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorCatalogue[code].status;
    out.set(status, [...(out.get(status) ?? []), code]);
  }
  return out;
}
