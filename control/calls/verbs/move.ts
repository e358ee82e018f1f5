import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { enqueue, linkInto } from '../handovers/call-move.js';
import { callBody } from '../context/reply-bodies.js';
import { answerCaller, refuseDecisionAfterEnd } from '../inbound/inbound-flow.js';
import { admitHandover } from './handover-verb.js';
import { defineVerb } from './verb.js';

type MoveEvent = Extract<CallRequestEvent, { type: 'call.move' }>;

/**
 * move (inbound decision, and an action after one): the caller goes into another call of the same company
 * and profile (`callId`: a conference, an agent's call), where everyone hears each other, or into a queue
 * (`queue`), where it hears hold audio until it is moved on (POST /v1/queues/:name/dequeue takes the first).
 * An unanswered caller is answered by the move. Participants already in the caller's call stay with it.
 */
export const moveVerb = defineVerb<MoveEvent>({
  name: 'move',
  event: 'call.move',
  ended(d) {
    refuseDecisionAfterEnd(d);
  },
  live(d, e) {
    const c = d.ctx;
    if (!c.inbound) return d.refuse('call_not_inbound');
    if (e.fromQueue !== undefined && c.queue?.name !== e.fromQueue) return d.refuse('queue_caller_taken');
    const caller = admitHandover(d, 'move');
    if (caller === null) return;
    if (e.into) linkInto(d, caller, e.into);
    else if (e.queue !== undefined) enqueue(d, caller, e.queue);
    else return d.refuse('invalid_request');
    // Answered after it is placed, so it hears its place (the hold audio, the other call) from its first frame;
    // a reservation that answered nothing (the caller was answered before) goes back.
    if (e.answerCharge && !answerCaller(d, e.answerCharge, false) && e.answerCharge.reservationId !== null) {
      d.effects.push({ type: 'ledger.release', reservationId: e.answerCharge.reservationId });
    }
    d.reply(callBody(c));
  },
});
