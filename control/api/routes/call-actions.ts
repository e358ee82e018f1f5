import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TObject } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import { DtmfRequest } from '../../../protocol/calls/call-control.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { Services } from '../../../shared/services/services.js';
import { findCall } from '../../calls/store/call-records.js';
import { callsService } from '../../calls/requests/calls-service.js';
import { callVerbRoutes } from './call-verbs/verb-routes.js';
import type { VerbRoute } from './call-verbs/verb-route.js';
import { keyPrincipal } from '../route-config.js';

/**
 * What a running call does on request: one route per call verb, registered from the route registry
 * (call-verbs/verb-routes.ts); each route half names its verb, whose decision half the call machine runs
 * (control/calls/verbs/). The API loads no decision half and no machine: that every verb has its route and
 * every route a verb is checked by `matchedRoutes` in the tests and when the docs are written. Command verbs answer at once with a command (`cmd_…`,
 * derived from the Idempotency-Key) whose outcome arrives as call.command.completed / failed / uncertain.
 * Keypad tones are refused with their code until they exist.
 */
export const callActionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const calls = callsService(services);
  const { sql } = services;
  const params = Type.Object({ id: IdParam });

  const register = (route: VerbRoute) => {
    const routeParams: TObject = route.params ? Type.Object({ ...params.properties, ...route.params.properties }) : params;
    app.route({
      method: 'POST',
      url: `/v1/calls/:id/${route.path}`,
      schema: { tags: [route.tag ?? 'calls'], summary: route.summary, params: routeParams, ...(route.body ? { body: route.body } : {}), response: route.response },
      config: { scope: route.scope, idempotency: route.idempotency, ...(route.prices ? { prices: route.prices } : {}) },
      ...(route.preValidation ? { preValidation: route.preValidation } : {}),
      handler: async (request, reply) => {
        const caller = keyPrincipal(request);
        const { id, ...rest } = request.params as Record<string, string>;
        const call = await findCall(sql, caller, id!);
        const answer = await route.handle({ calls, caller, call, body: request.body as never, params: rest, idempotencyKey: request.idempotencyKey });
        return reply.code(answer.status).send(answer.body);
      },
    });
  };
  for (const route of callVerbRoutes.all()) register(route);

  app.post('/v1/calls/:id/dtmf', {
    schema: { tags: ['calls'], summary: 'Send keypad tones into the call (not opened yet: capability_unavailable)', params, body: Type.Optional(DtmfRequest) },
    config: { scope: 'calls:write', idempotency: 'optional' },
  }, async () => {
    throw new SentralError('capability_unavailable', { message: 'Sending keypad tones into a call is not opened yet.' });
  });
};
