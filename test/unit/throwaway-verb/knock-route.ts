/** The throwaway knock verb's route half: POST /v1/calls/:id/knock { times }. */
import { Type } from 'typebox';
import { Command } from '../../../protocol/calls/command.js';
import { askCommand } from '../../../control/api/routes/call-verbs/command-route.js';
import { defineVerbRoute, type VerbRequest } from '../../../control/api/routes/call-verbs/verb-route.js';

/** The knock's request body. */
export const KnockRequest = Type.Object({ times: Type.Integer({ minimum: 1, maximum: 5 }) });

/** knock: the route asks the call with the command id derived from the Idempotency-Key. */
export const knockRoute = defineVerbRoute({
  verb: 'knock',
  path: 'knock',
  summary: 'Knock',
  scope: 'calls:write',
  idempotency: 'required',
  body: KnockRequest,
  response: { 201: Command, 200: Command },
  handle: (r: VerbRequest<{ times: number }>) => askCommand(r, 'command.knock', { times: r.body.times }),
});
