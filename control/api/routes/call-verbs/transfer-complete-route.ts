import { Transfer } from '../../../../protocol/calls/handover.js';
import { askHandover } from './handover-route.js';
import { defineVerbRoute } from './verb-route.js';

/** transfer/complete: POST /v1/calls/:id/transfer/complete: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/transfer-complete.ts). */
export const transferCompleteRoute = defineVerbRoute({
  verb: 'transfer/complete',
  path: 'transfer/complete',
  summary: 'Complete a warm transfer: the caller and the target are connected and the operator leaves',
  scope: 'calls:write',
  idempotency: 'optional',
  response: { 200: Transfer },
  handle: (r) => askHandover(r, 'call.transfer.complete'),
});
