import { describe, expect, it } from 'vitest';
import type { CallEffect } from '../../protocol/calls/call-actor.js';
import { CallUnderTest, T0, phoneCall, recorded, streamLaunch } from './call-harness.js';

const of = <T extends CallEffect['type']>(effects: CallEffect[], type: T): Extract<CallEffect, { type: T }>[] =>
  effects.filter((e): e is Extract<CallEffect, { type: T }> => e.type === type);

// Filing a recording and giving a stream's slot back are effects the machine emits, not something the host
// infers from the names of the events it records.
describe('the effects the call machine emits for the host to file and release', () => {
  it('files a recording in the transition that records call.recording.ready', () => {
    const call = new CallUnderTest(phoneCall({ recording: { commandId: 'cmd_rec', recordingId: 'rec_1' } }));
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 1_000);
    call.send({ type: 'call.hangup' }, T0 + 30_000);
    expect(of(call.all, 'recording.file')).toEqual([]);
    const ready = call.send({ type: 'recording.ready', commandId: 'cmd_rec', recordingId: 'rec_1', key: 'k', durationMs: 29_000 });
    expect(recorded(ready, 'call.recording.ready')).toHaveLength(1);
    expect(of(ready, 'recording.file')).toEqual([{ type: 'recording.file', callId: call.ctx.callId, recordingId: 'rec_1', commandId: 'cmd_rec', durationMs: 29_000 }]);
  });

  it('gives a stream slot back when the stream leaves, and the creation stream\'s when a call ends unanswered', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    call.send({ type: 'stream.start', stream: streamLaunch('str_1') }, T0);
    expect(of(call.all, 'stream.releaseSlot')).toEqual([]);
    const stopped = call.send({ type: 'stream.stop', streamId: 'str_1' }, T0 + 1_000);
    expect(of(stopped, 'stream.releaseSlot')).toEqual([{ type: 'stream.releaseSlot', companyId: call.ctx.companyId, streamId: 'str_1' }]);

    const unanswered = new CallUnderTest(phoneCall({ stream: streamLaunch('str_c') }));
    const busy = unanswered.send({ type: 'leg.busy', legId: 'part_phone' }, T0 + 2_000);
    expect(unanswered.ctx.status).toBe('ended');
    expect(of(busy, 'stream.releaseSlot')).toEqual([{ type: 'stream.releaseSlot', companyId: unanswered.ctx.companyId, streamId: 'str_c' }]);
  });
});
