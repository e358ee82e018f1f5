import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { decideInbound, refuseDecisionAfterEnd, rejectCaller } from '../inbound/inbound-flow.js';
import { defineVerb } from './verb.js';

type RejectEvent = Extract<CallRequestEvent, { type: 'call.reject' }>;

/** reject (inbound decision): the call ends unanswered (reason rejected) and nothing is charged. */
export const rejectVerb = defineVerb<RejectEvent>({
  name: 'reject',
  event: 'call.reject',
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
