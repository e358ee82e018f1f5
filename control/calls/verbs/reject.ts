import type { CallReply, CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { Call } from '../../../protocol/calls/call.js';
import { askActor, messageIdFor } from '../requests/actor-requests.js';
import { decideInbound, rejectCaller } from '../machines/inbound-flow.js';
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
      const answer = await askActor(r.calls.actors, r.call.id, { id: messageIdFor(r.caller, r.idempotencyKey, 'call.reject'), type: 'call.reject' });
      return { status: 200, body: await r.calls.signer.call(answer.body as CallReply) };
    },
  },
  live(d) {
    if (!d.ctx.inbound) return d.refuse('call_not_inbound');
    if (!decideInbound(d, 'reject')) return;
    // The machine's end (call-handlers finishCall) answers with the ended call.
    rejectCaller(d);
  },
  ended(d) {
    d.refuse(d.ctx.inbound ? 'call_ended' : 'call_not_inbound');
  },
});
