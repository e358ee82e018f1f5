import { describe, expect, it } from 'vitest';
import type { Charge } from '../../protocol/calls/call-actor.js';
import { callBody } from '../../control/calls/context/reply-bodies.js';
import { CallUnderTest, MIN, T0, bot, ledger, phoneCall, recorded, replies, streamLaunch } from './call-harness.js';

const recordingCharge: Charge = { reservationId: 'res_rec', service: 'recording', reservedOre: 20, rateOre: 2, paidMinutes: 10 };

/** What the effects captured, in all. */
function captured(call: CallUnderTest): number {
  return ledger(call.all).reduce((sum, e) => sum + (e.type === 'ledger.capture' ? e.amountOre : 0), 0);
}

describe('the price of a call', () => {
  it('is everything it drew (its minutes, a bot, a stream, a recording), item by item, in call.ended and the call', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    expect(replies(call.send({ type: 'participant.add', participant: bot('part_bot', 5) }, T0 + 10_000))[0]!.status).toBe(201);
    call.send({ type: 'participant.connected', legId: 'part_bot' }, T0 + 20_000);
    call.send({ type: 'stream.start', stream: streamLaunch('str_1', 5) }, T0 + 30_000);
    call.send({ type: 'stream.status', legId: 'str_1', status: 'connected' }, T0 + 31_000);
    call.send({ type: 'command.startRecording', commandId: 'cmd_rec', recordingId: 'rec_1', charge: recordingCharge }, T0 + MIN);
    // The bot leaves first: settled then, still part of the call's price.
    call.send({ type: 'participant.disconnected', legId: 'part_bot', reason: 'closed' }, T0 + 2 * MIN);
    call.send({ type: 'call.hangup' }, T0 + 3 * MIN + 1_000);

    const data = recorded(call.all, 'call.ended')[0]!.data;
    // The call: 4 started minutes at 25; the bot 0:20–2:00 (2 at 10); the stream 0:31–3:01 (3 at 5); the recording 1:00–3:01 (3 at 2).
    expect(data.priceItems).toEqual([
      { item: 'call', id: 'call_test', minutes: 4, rateOre: 25, priceOre: 100 },
      { item: 'bot', id: 'part_bot', minutes: 2, rateOre: 10, priceOre: 20 },
      { item: 'stream', id: 'str_1', minutes: 3, rateOre: 5, priceOre: 15 },
      { item: 'recording', id: 'cmd_rec', minutes: 3, rateOre: 2, priceOre: 6 },
    ]);
    expect(data).toMatchObject({ countedMinutes: 4, priceOre: 141 });
    expect(captured(call)).toBe(141);
    expect(callBody(call.ctx)).toMatchObject({ priceOre: 141, wouldCostOre: null, priceItems: data.priceItems });
  });

  it('is null on the call while it runs, and free under a test key with its items at 0 and what live would cost', () => {
    const call = new CallUnderTest(phoneCall({ mode: 'test', charge: { reservationId: null, service: 'phone', reservedOre: 0, rateOre: 25, paidMinutes: 10 } }));
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    expect(callBody(call.ctx)).toMatchObject({ priceOre: null, wouldCostOre: null, priceItems: null });
    call.send({ type: 'call.hangup' }, T0 + 90_000);
    expect(recorded(call.all, 'call.ended')[0]!.data).toMatchObject({ priceOre: 0, wouldCostOre: 50, priceItems: [{ item: 'call', id: 'call_test', minutes: 2, rateOre: 25, priceOre: 0 }] });
    expect(callBody(call.ctx)).toMatchObject({ priceOre: 0, wouldCostOre: 50 });
    expect(captured(call)).toBe(0);
  });
});
