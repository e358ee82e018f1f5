import type { CallReply } from '../../../../protocol/calls/call-actor.js';
import { Call } from '../../../../protocol/calls/call.js';
import { askActor, messageIdFor } from '../../../calls/mailbox/call-mailbox.js';
import { isSentralError } from '../../../../shared/errors/sentral-error.js';
import { readCall } from '../../../calls/requests/call-reads.js';
import { defineVerbRoute } from './verb-route.js';

/** hangup: POST /v1/calls/:id/hangup: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/hangup.ts). */
export const hangupRoute = defineVerbRoute({
  verb: 'hangup',
  path: 'hangup',
  summary: 'Hang up for everyone; call.ended follows (an ended call is answered as it is)',
  scope: 'calls:write',
  idempotency: 'optional',
  response: { 200: Call },
  handle: async (r) => {
    try {
      const answer = await askActor(r.calls.actors, r.call.id, { id: messageIdFor(r.caller, r.idempotencyKey, 'hangup'), type: 'call.hangup' });
      return { status: 200, body: await r.calls.signer.call(answer.body as CallReply) };
    } catch (err) {
      if (isSentralError(err, 'call_ended')) return { status: 200, body: await readCall(r.calls, r.call.id) };
      throw err;
    }
  },
});
