import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { callBody } from '../context/reply-bodies.js';
import { defineVerb } from './verb.js';

type HangupEvent = Extract<CallRequestEvent, { type: 'call.hangup' }>;

/**
 * hangup: ends the call for everyone (reason hangup_api); the machine's end (call-lifecycle finishCall)
 * answers with the ended call. An ended call is answered as it is.
 */
export const hangupVerb = defineVerb<HangupEvent>({
  name: 'hangup',
  event: 'call.hangup',
  live(d) {
    d.ctx.endReason ??= 'hangup_api';
  },
  ended(d) {
    d.reply(callBody(d.ctx));
  },
});
