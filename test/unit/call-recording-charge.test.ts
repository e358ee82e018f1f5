import { describe, expect, it } from 'vitest';
import type { Charge } from '../../protocol/calls/call-actor.js';
import { CallUnderTest, MIN, T0, ledger, phoneCall, recorded } from './call-harness.js';

/** A recording's own reservation: 2 øre a minute for 10 minutes. */
const recordingCharge: Charge = { reservationId: 'res_rec', service: 'recording', reservedOre: 20, rateOre: 2, paidMinutes: 10 };

function answered(): CallUnderTest {
  const call = new CallUnderTest(phoneCall());
  call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
  return call;
}

const opIdOf = (call: CallUnderTest, commandId: string): string => call.ctx.commands.find((c) => c.id === commandId)!.opId!;

describe('a recording started during the call', () => {
  it('is captured at the end for its started minutes from its start, and counted in call.ended\'s price', () => {
    const call = answered();
    call.send({ type: 'command.startRecording', commandId: 'cmd_rec', recordingId: 'rec_1', charge: recordingCharge }, T0 + 2 * MIN);
    call.send({ type: 'media.op.result', opId: opIdOf(call, 'cmd_rec'), ok: true });
    const end = call.send({ type: 'call.hangup' }, T0 + 4 * MIN + 1_000);
    // The call: 5 started minutes at 25; the recording: 3 started minutes (2:00 to 4:01) at 2.
    expect(ledger(end)).toEqual([
      { type: 'ledger.capture', reservationId: 'res_call', amountOre: 125 },
      { type: 'ledger.release', reservationId: 'res_call' },
      { type: 'ledger.capture', reservationId: 'res_rec', amountOre: 6 },
      { type: 'ledger.release', reservationId: 'res_rec' },
    ]);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ countedMinutes: 5, priceOre: 131 });
  });

  it('that the media node refused costs nothing: its reservation is released whole', () => {
    const call = answered();
    call.send({ type: 'command.startRecording', commandId: 'cmd_rec', recordingId: 'rec_1', charge: recordingCharge }, T0 + MIN);
    call.send({ type: 'media.op.result', opId: opIdOf(call, 'cmd_rec'), ok: false, code: 'media_error' });
    const end = call.send({ type: 'call.hangup' }, T0 + 3 * MIN);
    expect(ledger(end).filter((e) => 'reservationId' in e && e.reservationId === 'res_rec')).toEqual([{ type: 'ledger.release', reservationId: 'res_rec' }]);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ priceOre: 75 });
  });

  it('refused before the answer keeps no charge in the call', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'command.startRecording', commandId: 'cmd_rec', recordingId: 'rec_1', charge: recordingCharge }, T0);
    expect(call.ctx.commands).toEqual([]);
  });
});
