import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import { BusError } from '../../../shared/bus/bus-error.js';
import { dependencyOutage } from '../../../shared/errors/dependency-outage.js';
import { isSentralError, SentralError } from '../../../shared/errors/sentral-error.js';
import { isBusError } from '../../../shared/bus/bus-error.js';
import type { ErrorBody } from '../../../protocol/api/errors.js';
import { patternWords } from '../../../protocol/api/pattern-words.js';

// Fastify's own errors from parsing and routing, and the catalogue code each becomes.
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_CTP_INVALID_TYPE: 'invalid_request',
  FST_ERR_BAD_URL: 'not_found',
  FST_ERR_ASYNC_CONSTRAINT: 'invalid_request',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'invalid_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/** Seconds a client is told to wait (Retry-After) when a dependency is away. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 2;

/** Turns every error, and every unknown route, into the one error body shape. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const err = withBodyLimit(toSentralError(error), request);
    if (err.code === 'service_unavailable') request.log.warn({ err: error }, 'request failed: a dependency is unavailable');
    else if (err.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, err);
  });
  app.setNotFoundHandler(async (request, reply) => sendError(request, reply, new SentralError('not_found', { message: `No route ${request.method} ${request.url.split('?')[0]}.` })));
}

/** Fastify's `frameworkErrors` option: errors met before routing (a malformed URL) get the same shape. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('request-id', request.id);
  sendError(request, reply, toSentralError(error));
}

/** Sends `err` as the error body with its status, request id and Retry-After. */
export function sendError(request: FastifyRequest, reply: FastifyReply, err: SentralError): FastifyReply {
  const body: ErrorBody = { error: { code: err.code, message: err.message, requestId: request.id } };
  if (err.param !== undefined) body.error.param = err.param;
  if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
  return reply.code(err.status).type('application/json; charset=utf-8').send(body);
}

// A body over the limit hears what the limit is.
function withBodyLimit(err: SentralError, request: FastifyRequest): SentralError {
  if (err.code !== 'payload_too_large' || err.message !== errorCatalogue.payload_too_large.message) return err;
  const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit;
  if (limit === undefined) return err;
  const size = limit % 1_048_576 === 0 ? `${limit / 1_048_576} MiB (${limit} bytes)` : `${limit} bytes`;
  return new SentralError('payload_too_large', { message: `The request body is larger than the limit of ${size}.` });
}

/** The catalogued error for anything thrown while serving a request. */
export function toSentralError(error: unknown): SentralError {
  if (isSentralError(error)) return error;
  // A dependency away (bus, Redis, database) is a 503 to retry, never a 500.
  const outage = dependencyOutage(error) ?? (error instanceof BusError ? 'bus' : null);
  if (outage) return new SentralError('service_unavailable', { message: `A backing service (${outage}) is unavailable; retry later.`, retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS, cause: error });
  // The bus failing under a request is a dependency outage: retry later, not a 500.
  if (isBusError(error)) return new SentralError('service_unavailable', { message: 'The message bus is unavailable; retry later.', retryAfterSeconds: 1, cause: error });
  const e = error as Partial<FastifyError> & { validation?: ValidationIssue[]; validationContext?: string };
  if (Array.isArray(e.validation)) return validationError(e.validation, e.validationContext);
  const mapped = e.code !== undefined ? FASTIFY_CODES[e.code] : undefined;
  if (mapped) return new SentralError(mapped);
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  const byStatus = STATUS_CODES[status];
  if (byStatus) return new SentralError(byStatus);
  if (status >= 400 && status < 500) return new SentralError('invalid_request');
  return new SentralError('internal_error', { cause: error });
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * The issues worth reporting: for a body that matches no branch of a union, those of the branch it comes closest
 * to (the fewest missing and unknown fields), so `{"queue":"a b"}` hears about the queue's pattern rather than a
 * missing `callId` of the other branch.
 */
function closestBranch(issues: ValidationIssue[]): ValidationIssue[] {
  const union = issues.find((i) => i.keyword === 'anyOf' && i.schemaPath !== undefined);
  if (!union) return issues;
  const prefix = `${union.schemaPath}/anyOf/`;
  const branches = new Map<string, ValidationIssue[]>();
  for (const i of issues) {
    if (!i.schemaPath?.startsWith(prefix)) continue;
    const branch = i.schemaPath.slice(prefix.length).split('/')[0]!;
    branches.set(branch, [...(branches.get(branch) ?? []), i]);
  }
  let best: ValidationIssue[] | null = null;
  let bestMisfits = Infinity;
  for (const branchIssues of branches.values()) {
    const misfits = branchIssues.filter((i) => i.instancePath === union.instancePath && (i.keyword === 'required' || i.keyword === 'additionalProperties')).length;
    if (misfits < bestMisfits) {
      best = branchIssues;
      bestMisfits = misfits;
    }
  }
  return best ?? issues;
}

// The first issue names the param: a missing property, an unknown one, or the path of a wrong value.
function validationError(all: ValidationIssue[], context: string | undefined): SentralError {
  const issues = closestBranch(all);
  const issue = issues.find((i) => i.keyword !== 'boolean') ?? issues[0];
  if (!issue) return new SentralError('invalid_request');
  const segments = issue.instancePath.split('/').filter((s) => s !== '').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let detail = issue.message ?? 'is not valid';
  const params = issue.params ?? {};
  if (issue.keyword === 'required') {
    const missing = (params.requiredProperties as string[] | undefined)?.[0] ?? (params.missingProperty as string | undefined);
    if (missing) segments.push(missing);
    detail = 'is required';
  } else if (issue.keyword === 'additionalProperties') {
    const extra = (params.additionalProperties as string[] | undefined)?.[0] ?? (params.additionalProperty as string | undefined);
    if (extra) segments.push(extra);
    detail = 'is not a known field';
  }
  const allowed = allowedValues(all, issue);
  if (allowed !== null) detail = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  else if (issue.keyword === 'pattern') detail = patternWords(String(params.pattern)) ?? 'is not in the form this field takes (see the API reference)';
  else if (issue.keyword === 'propertyNames') detail = 'has a key that is not allowed';
  const param = segments.length > 0 ? truncate(segments.join('.'), 100) : undefined;
  const where = context === 'body' || context === undefined ? 'body' : context;
  const message = param ? `${param} ${detail}.` : `The request ${where} ${detail}.`;
  return new SentralError('invalid_request', { message: truncate(message), ...(param ? { param } : {}) });
}

// An enum (a union of constants): the values the field takes, from every branch's issue at its path.
function allowedValues(issues: ValidationIssue[], issue: ValidationIssue): unknown[] | null {
  if (issue.keyword === 'enum') return (issue.params?.allowedValues as unknown[] | undefined) ?? null;
  if (issue.keyword !== 'const') return null;
  const values = issues.filter((i) => i.keyword === 'const' && i.instancePath === issue.instancePath).map((i) => i.params?.allowedValue);
  return [...new Set(values)];
}

function truncate(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
