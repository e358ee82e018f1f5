import type { FastifyInstance } from 'fastify';
import { SentralError } from '../../../shared/errors/sentral-error.js';

/**
 * JSON bodies only, and an empty body is no body. Operations that take no body (hangup, recover-failed,
 * answer, reject, …) are called by ordinary clients with `Content-Type: application/octet-stream`, with
 * `application/json` and nothing after it, or with no type at all; each of those is the same request
 * without a body (what Stripe's and Twilio's APIs do). A body that is present is JSON, and is parsed and
 * validated as JSON: with no Content-Type it is read as JSON; with a type other than JSON it is 415.
 * An absent body is an empty object (no parameters, as in Stripe's API), so the route's schema decides:
 * a body of optional fields is satisfied, a required field is named (400 invalid_request, param).
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else json(request, body as string, done);
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else if (request.headers['content-type'] === undefined) json(request, body as string, done);
    else done(new SentralError('unsupported_media_type'), undefined);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && WITH_BODY.has(request.method)) request.body = {};
  });
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
