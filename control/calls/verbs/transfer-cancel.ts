import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { answerTransferRequest } from '../handovers/handover.js';
import { cancelTransfer } from '../machines/transfer-machine.js';
import { defineVerb } from './verb.js';

type CancelEvent = Extract<CallRequestEvent, { type: 'call.transfer.cancel' }>;

/** transfer/cancel: the target is hung up and the caller comes back (off hold, with the operator); call.transfer.cancelled. */
export const transferCancelVerb = defineVerb<CancelEvent>({
  name: 'transfer/cancel',
  event: 'call.transfer.cancel',
  live(d) {
    answerTransferRequest(d, cancelTransfer(d.ctx.transfer ?? null, d.at));
  },
});
