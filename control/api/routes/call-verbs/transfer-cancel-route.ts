import { Transfer } from '../../../../protocol/calls/handover.js';
import { askHandover } from './handover-route.js';
import { defineVerbRoute } from './verb-route.js';

/** transfer/cancel: POST /v1/calls/:id/transfer/cancel: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/transfer-cancel.ts). */
export const transferCancelRoute = defineVerbRoute({
  verb: 'transfer/cancel',
  path: 'transfer/cancel',
  summary: 'Cancel a transfer under way: the target is hung up and the caller comes back',
  scope: 'calls:write',
  idempotency: 'optional',
  response: { 200: Transfer },
  handle: (r) => askHandover(r, 'call.transfer.cancel'),
});
