import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Uuid } from '../../../protocol/api/common.js';
import { Call } from '../../../protocol/calls/call.js';
import { DequeueRequest, Queue, QueueName } from '../../../protocol/calls/move.js';
import { SentralError, isSentralError } from '../../../shared/errors/sentral-error.js';
import type { Services } from '../../../shared/services/services.js';
import { moveCaller } from '../../calls/requests/call-moves.js';
import { findCall } from '../../calls/store/call-records.js';
import { callsService } from '../../calls/requests/calls-service.js';
import { queueBody, queuedCallers } from '../../calls/store/queues.js';
import { keyPrincipal } from '../route-config.js';

/** Callers a dequeue passes over (they hung up or were moved on meanwhile) before it gives up with queue_empty. */
const DEQUEUE_ATTEMPTS = 10;

/**
 * Queues of a profile (docs/calls-api.md, Move and queues): POST /v1/calls/:id/move with `queue` puts a caller
 * in; GET reads the callers in order with their positions; dequeue moves the first into a call.
 */
export const queueRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const calls = callsService(services);
  const tags = ['queues'];
  const params = Type.Object({ name: QueueName });

  app.get('/v1/queues/:name', {
    schema: {
      tags,
      summary: 'The callers waiting in a queue, first first, with their positions',
      params,
      querystring: Type.Object({ profileId: Type.Optional(Uuid) }, { additionalProperties: false }),
      response: { 200: Queue },
    },
    config: { scope: 'calls:read' },
  }, async (request) => {
    const caller = keyPrincipal(request);
    // A profile key reads its own profile's queues; a company key names the profile.
    const profileId = caller.profileId ?? request.query.profileId;
    if (profileId === undefined) throw new SentralError('invalid_request', { message: 'A company key names the queue\'s profile with ?profileId=.', param: 'profileId' });
    if (caller.profileId !== null && request.query.profileId !== undefined && request.query.profileId !== caller.profileId) throw new SentralError('not_found', { param: 'profileId' });
    const callers = await queuedCallers(sql, { companyId: caller.companyId, profileId, mode: caller.mode }, request.params.name, clock.now());
    return queueBody(request.params.name, callers);
  });

  app.post('/v1/queues/:name/dequeue', {
    schema: {
      tags,
      summary: 'Move the first caller of a queue into a call (of the queue\'s profile); answers the moved caller\'s call',
      params,
      body: DequeueRequest,
      response: { 200: Call },
    },
    config: { scope: 'calls:write', idempotency: 'required', prices: ['inboundMinuteOre'] },
  }, async (request) => {
    const caller = keyPrincipal(request);
    const target = await findCall(sql, caller, request.body.callId).catch((err: unknown) => {
      throw isSentralError(err, 'not_found') ? new SentralError('not_found', { message: 'No such call to move the caller into.', param: 'callId' }) : err;
    });
    const scope = { companyId: target.companyId, profileId: target.profileId, mode: target.mode };
    for (let attempt = 0; attempt < DEQUEUE_ATTEMPTS; attempt++) {
      const [first] = await queuedCallers(sql, scope, request.params.name, clock.now());
      if (!first) break;
      try {
        const queued = await findCall(sql, caller, first.callId);
        return await moveCaller(calls, caller, queued, { callId: target.id, fromQueue: request.params.name }, request.idempotencyKey);
      } catch (err) {
        // The first caller left the queue since it was read (hung up, moved by another dequeue): try the next.
        if (isSentralError(err, 'queue_caller_taken') || isSentralError(err, 'call_ended')) continue;
        throw err;
      }
    }
    throw new SentralError('queue_empty');
  });
};
