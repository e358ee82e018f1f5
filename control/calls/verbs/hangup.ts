import type { CallReply, CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { Call } from '../../../protocol/calls/call.js';
import { isSentralError } from '../../../shared/errors/sentral-error.js';
import { askActor, messageIdFor } from '../requests/actor-requests.js';
import { readCall } from '../requests/call-reads.js';
import { callBody } from '../machines/reply-bodies.js';
import { defineVerb } from './verb.js';

type HangupEvent = Extract<CallRequestEvent, { type: 'call.hangup' }>;

/**
 * hangup: ends the call for everyone (reason hangup_api); the machine's end (call-lifecycle finishCall)
 * answers with the ended call. An ended call is answered as it is.
 */
export const hangupVerb = defineVerb<HangupEvent>({
  name: 'hangup',
  event: 'call.hangup',
  route: {
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
  },
  live(d) {
    d.ctx.endReason ??= 'hangup_api';
  },
  ended(d) {
    d.reply(callBody(d.ctx));
  },
});
