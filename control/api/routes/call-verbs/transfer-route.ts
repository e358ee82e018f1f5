import { Transfer, TransferRequest } from '../../../../protocol/calls/handover.js';
import { transferCall } from '../../../calls/requests/handover-requests.js';
import { defineVerbRoute, type VerbRequest } from './verb-route.js';

/** transfer: POST /v1/calls/:id/transfer: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/transfer.ts). */
export const transferRoute = defineVerbRoute({
  verb: 'transfer',
  path: 'transfer',
  summary: 'Transfer the caller to a phone number (kind cold by default, or warm)',
  scope: 'calls:write',
  idempotency: 'required',
  prices: ['phoneMinuteOre', 'inboundMinuteOre'],
  body: TransferRequest,
  response: { 200: Transfer, 201: Transfer },
  handle: async (r: VerbRequest<TransferRequest>) => {
    const made = await transferCall(r.calls, r.caller, r.call, r.body, r.idempotencyKey);
    return { status: made.created ? 201 : 200, body: made.transfer };
  },
});
