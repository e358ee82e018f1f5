import { describe, expect, it } from 'vitest';
import { CallUnderTest, MIN, T0, ledger, ops, phoneCall, recorded } from './call-harness.js';

describe('a call whose media is gone (call.mediaLost)', () => {
  it('ends as media_lost at the loss, not when it is told: billed to the loss, the rest released', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 5_000);
    // The node was last alive 2 min 45 s after the answer; the watcher tells the call 20 s later (a fourth minute).
    const lostAt = T0 + 5_000 + 165_000;
    const end = call.send({ type: 'call.mediaLost', reason: 'media_lost' }, lostAt);
    const [ended] = recorded(end, 'call.ended');
    expect(ended!.data).toMatchObject({ reason: 'media_lost', duration: 165, countedMinutes: 3, priceOre: 75 });
    expect(ledger(end)).toEqual([
      { type: 'ledger.capture', reservationId: 'res_call', amountOre: 75 },
      { type: 'ledger.release', reservationId: 'res_call' },
    ]);
    expect(recorded(end, 'call.participant.left')[0]!.data).toMatchObject({ participantId: 'part_phone' });
    expect(call.ctx).toMatchObject({ status: 'ended', endReason: 'media_lost', endedAt: lostAt });
    // Its node is gone: no op is sent to close a session nobody holds.
    expect(ops(end, 'closeSession')).toEqual([]);
    expect(call.actor.getSnapshot().status).toBe('done');
  });

  it('a restart ends the call as service_restarted; an unanswered call costs nothing', () => {
    const call = new CallUnderTest(phoneCall());
    const end = call.send({ type: 'call.mediaLost', reason: 'service_restarted' }, T0 + 3_000);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'service_restarted', countedMinutes: 0, priceOre: 0 });
    expect(ledger(end)).toEqual([{ type: 'ledger.release', reservationId: 'res_call' }]);
    expect(ops(end, 'closeSession')).toEqual([]);
  });

  it('a call already ending for another reason keeps it; one waiting for a recording from the lost node stops waiting', () => {
    const call = new CallUnderTest(phoneCall({ recording: { commandId: 'cmd_rec', recordingId: 'rec_1' } }));
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 5_000);
    call.send({ type: 'call.hangup' }, T0 + 5_000 + MIN);
    expect(call.ctx.status).toBe('ended');
    expect(call.actor.getSnapshot().status).toBe('active');
    const lost = call.send({ type: 'call.mediaLost', reason: 'media_lost' }, T0 + 5_000 + 2 * MIN);
    expect(call.ctx.endReason).toBe('hangup_api');
    expect(recorded(lost, 'call.ended')).toEqual([]);
    expect(ops(lost)).toEqual([]);
    expect(call.actor.getSnapshot().status).toBe('done');
  });
});
