import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { IdParam } from '../../../protocol/api/common.js';
import { ConsoleSession, ConsoleSessionRevoked, ConsoleSignIn, ConsoleSignInLink, ConsoleSignInLinkRequest } from '../../../protocol/api/console-sessions.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { createSignInLink, revokeSession, signIn } from '../../accounts/console-sessions.js';
import { consoleCookie } from '../console-cookie.js';
import { errorResponses, idempotencySentence } from '../plugins/openapi.js';
import { keyPrincipal } from '../route-config.js';

/**
 * Console sessions: an API key asks for a sign-in link (10 minutes, usable once); the console page
 * exchanges the link's token for an httpOnly session cookie whose powers are the key's; sign out or
 * revoke. docs/console.md.
 */
export const consoleSessionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['console'];

  app.post('/v1/console-sessions', {
    schema: { tags, summary: 'Get a sign-in link to the web console (valid 10 minutes, usable once), acting with this key\'s scopes', body: ConsoleSignInLinkRequest, response: { 201: ConsoleSignInLink } },
    config: { scope: 'console:sign-in', idempotency: 'required', session: 'refused' },
  }, async (request, reply) => {
    const link = await createSignInLink(sql, clock, keyPrincipal(request), `${request.protocol}://${request.host}`);
    return reply.code(201).header('cache-control', 'no-store').send(link);
  });

  app.post('/v1/console-sessions/sign-in', {
    schema: {
      tags,
      summary: 'Use a sign-in link: sets the session cookie and returns the session with its CSRF token',
      description: `No credentials: the link's token is the credential, good once. ${idempotencySentence('unsupported')}`,
      security: [],
      body: ConsoleSignIn,
      response: { 200: ConsoleSession, ...errorResponses(['invalid_request', 'console_link_invalid', 'idempotency_unsupported']) },
    },
    config: { auth: 'none', idempotency: 'unsupported' },
  }, async (request, reply) => {
    const { cookie, session } = await signIn(sql, clock, request.body.token);
    return reply.header('set-cookie', consoleCookie(request, cookie)).header('cache-control', 'no-store').send(session);
  });

  app.get('/v1/console-sessions/current', {
    schema: { tags, summary: 'The console session of this request\'s cookie, with its CSRF token', response: { 200: ConsoleSession } },
    config: { scope: 'console:sign-in', session: 'without-csrf' },
  }, async (request, reply) => reply.header('cache-control', 'no-store').send(currentSession(request.consoleSession)));

  app.delete('/v1/console-sessions/current', {
    schema: { tags, summary: 'Sign out: revoke the console session of this request\'s cookie and clear the cookie', response: { 200: ConsoleSessionRevoked } },
    config: { scope: 'console:sign-in', idempotency: 'optional' },
  }, async (request, reply) => {
    const revoked = await revokeSession(sql, clock, keyPrincipal(request), currentSession(request.consoleSession).id);
    return reply.header('set-cookie', consoleCookie(request, null)).send(revoked);
  });

  app.delete('/v1/console-sessions/:id', {
    schema: { tags, summary: 'Revoke a console session at once', params: Type.Object({ id: IdParam }), response: { 200: ConsoleSessionRevoked } },
    config: { scope: 'console:sign-in', idempotency: 'optional' },
  }, async (request) => revokeSession(sql, clock, keyPrincipal(request), request.params.id));
};

function currentSession<T>(session: T | null): T {
  if (session === null) throw new SentralError('not_found', { message: 'This request came with an API key, not a console session.' });
  return session;
}
