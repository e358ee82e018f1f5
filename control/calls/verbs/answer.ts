import type { CallReply, CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { Call } from '../../../protocol/calls/call.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { askActor, messageIdFor } from '../requests/actor-requests.js';
import { giveBack, liveView, reserveAnswer } from '../requests/call-additions.js';
import { answerCaller, decideInbound, refuseDecisionAfterEnd } from '../machines/inbound-flow.js';
import { callBody } from '../machines/reply-bodies.js';
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
  route: {
    path: 'answer',
    summary: 'Inbound decision: answer the caller, who hears a waiting tone until the next action. 200 with the call as it is then (still ringing): call.answered (state in_progress) follows when the caller is connected',
    scope: 'calls:write',
    idempotency: 'required',
    response: { 200: Call },
    handle: async (r) => {
      const view = await liveView(r.calls, r.call, true);
      if (view.call.direction !== 'inbound') throw new SentralError('call_not_inbound');
      const reserved = await reserveAnswer(r.calls, r.call, `${r.call.id}:answer`);
      try {
        const answer = await askActor(r.calls.actors, r.call.id, { id: messageIdFor(r.caller, r.idempotencyKey, 'call.answer'), type: 'call.answer', payload: { charge: reserved.charge } });
        return { status: 200, body: await r.calls.signer.call(answer.body as CallReply) };
      } catch (err) {
        if (reserved.made && err instanceof SentralError && err.status < 500) await giveBack(r.calls, reserved.charge);
        throw err;
      }
    },
  },
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
