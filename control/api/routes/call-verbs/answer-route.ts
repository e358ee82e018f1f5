import type { CallReply } from '../../../../protocol/calls/call-actor.js';
import { Call } from '../../../../protocol/calls/call.js';
import { SentralError } from '../../../../shared/errors/sentral-error.js';
import { askActor, messageIdFor } from '../../../calls/mailbox/call-mailbox.js';
import { giveBack, liveView, reserveAnswer } from '../../../calls/requests/call-additions.js';
import { defineVerbRoute } from './verb-route.js';

/** answer: POST /v1/calls/:id/answer: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/answer.ts). */
export const answerRoute = defineVerbRoute({
  verb: 'answer',
  path: 'answer',
  summary: 'Inbound decision: answer the caller, who hears a waiting tone until the next action. 200 with the call as it is then (still ringing): call.answered (state in_progress) follows when the caller is connected',
  scope: 'calls:write',
  idempotency: 'required',
  prices: ['inboundMinuteOre'],
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
});
