import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { answerTransferRequest } from '../handovers/handover.js';
import { completeTransfer } from '../machines/transfer-machine.js';
import { defineVerb } from './verb.js';

type CompleteEvent = Extract<CallRequestEvent, { type: 'call.transfer.complete' }>;

/** transfer/complete: a warm transfer whose target answered takes the caller off hold and connects it with the target; the operator leaves. */
export const transferCompleteVerb = defineVerb<CompleteEvent>({
  name: 'transfer/complete',
  event: 'call.transfer.complete',
  live(d) {
    answerTransferRequest(d, completeTransfer(d.ctx.transfer ?? null, d.at));
  },
});
