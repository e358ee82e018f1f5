import type { CallReply, CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { Call } from '../../../protocol/calls/call.js';
import { isSentralError } from '../../../shared/errors/sentral-error.js';
import { askActor, messageIdFor } from '../requests/actor-requests.js';
import { endedRefusal } from '../requests/call-additions.js';
import { decideInbound, refuseDecisionAfterEnd, rejectCaller } from '../machines/inbound-flow.js';
import { defineVerb } from './verb.js';

type RejectEvent = Extract<CallRequestEvent, { type: 'call.reject' }>;

/** reject (inbound decision): the call ends unanswered (reason rejected) and nothing is charged. */
export const rejectVerb = defineVerb<RejectEvent>({
  name: 'reject',
  event: 'call.reject',
  route: {
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
  },
  live(d) {
    if (!d.ctx.inbound) return d.refuse('call_not_inbound');
    if (!decideInbound(d, 'reject')) return;
    // The machine's end (call-lifecycle finishCall) answers with the ended call.
    rejectCaller(d);
  },
  ended(d) {
    if (!d.ctx.inbound) return d.refuse('call_not_inbound');
    refuseDecisionAfterEnd(d);
  },
});
