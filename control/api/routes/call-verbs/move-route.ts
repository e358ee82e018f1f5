import { Call } from '../../../../protocol/calls/call.js';
import { MoveRequest } from '../../../../protocol/calls/move.js';
import { moveCaller } from '../../../calls/requests/call-moves.js';
import { defineVerbRoute, type VerbRequest } from './verb-route.js';

/** move: POST /v1/calls/:id/move: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/move.ts). */
export const moveRoute = defineVerbRoute({
  verb: 'move',
  path: 'move',
  summary: 'Move the caller into another call (a conference) or into a queue. 200 with the caller\'s call as it is then: an unanswered caller\'s call.answered and the link\'s call.participant.joined follow as events',
  scope: 'calls:write',
  idempotency: 'required',
  prices: ['inboundMinuteOre'],
  body: MoveRequest,
  response: { 200: Call },
  handle: async (r: VerbRequest<MoveRequest>) => ({ status: 200, body: await moveCaller(r.calls, r.caller, r.call, r.body, r.idempotencyKey) }),
});
