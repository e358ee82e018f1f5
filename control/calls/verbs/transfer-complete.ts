import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { transferBody } from '../context/reply-bodies.js';
import { applyTransferStep } from '../handovers/handover.js';
import { completeTransfer } from '../machines/transfer-machine.js';
import { defineVerb } from './verb.js';

type CompleteEvent = Extract<CallRequestEvent, { type: 'call.transfer.complete' }>;

/** transfer/complete: a warm transfer whose target answered takes the caller off hold and connects it with the target; the operator leaves. */
export const transferCompleteVerb = defineVerb<CompleteEvent>({
  name: 'transfer/complete',
  event: 'call.transfer.complete',
  live(d) {
    const step = completeTransfer(d.ctx.transfer ?? null, d.at);
    if (!step.answer.ok) return d.refuse(step.answer.code);
    applyTransferStep(d, step);
    d.reply(transferBody(d.ctx, step.transfer!));
  },
});
