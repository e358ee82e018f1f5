import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { answerCaller, decideInbound, refuseDecisionAfterEnd } from '../inbound/inbound-flow.js';
import { callBody } from '../context/reply-bodies.js';
import { defineVerb } from './verb.js';

type AnswerEvent = Extract<CallRequestEvent, { type: 'call.answer' }>;

/**
 * answer (inbound decision): the caller is answered and hears a waiting tone (the node's hold audio) until
 * the next action. The call's minutes are reserved here, at answer, with the outbound rules at the inbound
 * minute price; a refused answer gives back what this request reserved.
 */
export const answerVerb = defineVerb<AnswerEvent>({
  name: 'answer',
  event: 'call.answer',
  ended(d) {
    refuseDecisionAfterEnd(d);
  },
  live(d, e) {
    if (!d.ctx.inbound) return d.refuse('call_not_inbound');
    if (!decideInbound(d, 'answer')) return;
    answerCaller(d, e.charge, true);
    d.reply(callBody(d.ctx));
  },
});
