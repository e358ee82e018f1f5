import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { transferBody } from '../context/reply-bodies.js';
import { applyTransferStep } from '../handovers/handover.js';
import { cancelTransfer } from '../machines/transfer-machine.js';
import { defineVerb } from './verb.js';

type CancelEvent = Extract<CallRequestEvent, { type: 'call.transfer.cancel' }>;

/** transfer/cancel: the target is hung up and the caller comes back (off hold, with the operator); call.transfer.cancelled. */
export const transferCancelVerb = defineVerb<CancelEvent>({
  name: 'transfer/cancel',
  event: 'call.transfer.cancel',
  live(d) {
    const step = cancelTransfer(d.ctx.transfer ?? null, d.at);
    if (!step.answer.ok) return d.refuse(step.answer.code);
    applyTransferStep(d, step);
    d.reply(transferBody(d.ctx, step.transfer!));
  },
});
