import type { CallReply } from '../../../../protocol/calls/call-actor.js';
import { Call } from '../../../../protocol/calls/call.js';
import { askActor, messageIdFor } from '../../../calls/mailbox/call-mailbox.js';
import { endedRefusal } from '../../../calls/requests/call-additions.js';
import { isSentralError } from '../../../../shared/errors/sentral-error.js';
import { defineVerbRoute } from './verb-route.js';

/** reject: POST /v1/calls/:id/reject: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/reject.ts). */
export const rejectRoute = defineVerbRoute({
  verb: 'reject',
  path: 'reject',
  summary: 'Inbound decision: reject the caller; the call ends unanswered and nothing is charged',
  scope: 'calls:write',
  idempotency: 'optional',
  response: { 200: Call },
  handle: async (r) => {
    try {
      const answer = await askActor(r.calls.actors, r.call.id, { id: messageIdFor(r.caller, r.idempotencyKey, 'call.reject'), type: 'call.reject' });
      return { status: 200, body: await r.calls.signer.call(answer.body as CallReply) };
    } catch (err) {
      // The actor is done: the read model says whether the number's routing had run.
      if (isSentralError(err, 'call_ended')) throw await endedRefusal(r.calls, r.call.id, true);
      throw err;
    }
  },
});
