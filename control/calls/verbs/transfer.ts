import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { transferBody } from '../context/reply-bodies.js';
import { applyTransferStep } from '../handovers/handover.js';
import { holdAnswerCharge, refuseDecisionAfterEnd } from '../inbound/inbound-flow.js';
import { launchParticipant } from '../participants/participant-launch.js';
import { isPerson, isPresent } from '../context/participant-records.js';
import { openTransfer } from '../machines/transfer-machine.js';
import { admitHandover } from './handover-verb.js';
import { defineVerb } from './verb.js';

type TransferEvent = Extract<CallRequestEvent, { type: 'call.transfer' }>;

/**
 * transfer: dials `to` for the caller. cold (default): when the target answers, the caller and target are
 * connected and the operator (every other person in the call) leaves. warm: the caller hears hold audio
 * while the operator talks with the target; transfer/complete hands the caller over. transfer/cancel or a
 * target that fails brings the caller back (docs/calls.md, Transfers).
 */
export const transferVerb = defineVerb<TransferEvent>({
  name: 'transfer',
  event: 'call.transfer',
  ended(d) {
    refuseDecisionAfterEnd(d);
  },
  live(d, e) {
    const c = d.ctx;
    if (c.transfer?.id === e.transferId) return d.reply(transferBody(c, c.transfer));
    const caller = admitHandover(d, 'transfer');
    if (caller === null) return;
    const operatorIds = c.participants.filter((p) => p.id !== caller.id && isPerson(p) && isPresent(p)).map((p) => p.id);
    if (e.kind === 'warm' && operatorIds.length === 0) return d.refuse('invalid_request', 'kind');
    holdAnswerCharge(d, e.answerCharge);
    const target = launchParticipant(d, e.target, e.timeoutSeconds * 1000);
    const step = openTransfer({ id: e.transferId, kind: e.kind, callerId: caller.id, operatorIds, targetId: target.id }, d.at);
    applyTransferStep(d, step);
    d.reply(transferBody(c, step.transfer), 201);
  },
});
