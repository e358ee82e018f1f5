import { describe, expect, it } from 'vitest';
import { CallUnderTest, MIN, T0, app, appCall, bot, ledger, ops, phoneCall, recorded, replies, streamLaunch } from './call-harness.js';

describe('outbound call to a phone', () => {
  it('opens the session, dials the phone with a ring timeout and answers creation with the dialing call', () => {
    const call = new CallUnderTest(phoneCall());
    expect(ops(call.all).map((o) => o.op)).toEqual(['openSession', 'addLeg']);
    expect(ops(call.all, 'addLeg')[0]).toMatchObject({ legId: 'part_phone', kind: 'phone', phone: { to: '+4712345678', from: '+4787654321', ringTimeoutSeconds: 60 } });
    expect(call.timer('ring', 'part_phone')?.fireAt).toBe(T0 + MIN);
    const [reply] = replies(call.all);
    expect(reply).toMatchObject({ status: 201, body: { object: 'call', id: 'call_test', state: 'dialing', participants: [{ id: 'part_phone', kind: 'phone', state: 'dialing', connection: null }] } });
  });

  it('goes dialing → ringing → in_progress → ended and bills the started minutes, releasing the rest', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.ringing', legId: 'part_phone' }, T0 + 1_000);
    expect(call.ctx.status).toBe('ringing');
    const answered = call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 5_000);
    expect(call.ctx.status).toBe('in_progress');
    expect(recorded(answered, 'call.participant.joined')).toHaveLength(1);
    expect(call.timer('ring', 'part_phone')).toBeUndefined();
    expect(call.timer('callPaid', 'call_test')?.fireAt).toBe(T0 + 5_000 + 10 * MIN);
    // 2 min 30 s of talk: three started minutes at 25 øre.
    const end = call.send({ type: 'leg.hungUp', legId: 'part_phone', reason: 'remote hangup' }, T0 + 5_000 + 150_000);
    expect(call.actor.getSnapshot().status).toBe('done');
    const [ended] = recorded(end, 'call.ended');
    expect(ended!.data).toMatchObject({
      callId: 'call_test', reason: 'hangup_phone', duration: 150, countedMinutes: 3, priceOre: 75,
      externalRef: 'order-42', metadata: { team: 'blue' }, mode: 'live', profileId: phoneCall().profileId, assignedTo: null,
    });
    expect(ledger(end)).toEqual([
      { type: 'ledger.capture', reservationId: 'res_call', amountOre: 75 },
      { type: 'ledger.release', reservationId: 'res_call' },
    ]);
    expect(ops(end, 'closeSession')).toHaveLength(1);
    expect(recorded(end, 'call.participant.left')[0]!.data).toMatchObject({ participantId: 'part_phone', reason: 'hangup' });
    expect(call.armed.size).toBe(0);
  });

  it.each([
    ['leg.busy', 'busy'],
    ['leg.noAnswer', 'no_answer'],
  ] as const)('ends unanswered on %s with reason %s and charges nothing', (type, reason) => {
    const call = new CallUnderTest(phoneCall());
    const end = call.send({ type, legId: 'part_phone' }, T0 + 3_000);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason, duration: 0, countedMinutes: 0, priceOre: 0 });
    expect(ledger(end)).toEqual([{ type: 'ledger.release', reservationId: 'res_call' }]);
    expect(call.ctx.status).toBe('ended');
  });

  it('ends as failed when the number cannot be reached', () => {
    const call = new CallUnderTest(phoneCall());
    const end = call.send({ type: 'leg.failed', legId: 'part_phone', reason: 'not in service' }, T0 + 1_000);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'failed' });
  });

  it('ends as failed when the media node refuses to open the session', () => {
    const call = new CallUnderTest(phoneCall());
    const opId = ops(call.all, 'openSession')[0]!.opId;
    const end = call.send({ type: 'media.op.result', opId, ok: false, code: 'media_capacity_exhausted' }, T0 + 100);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'failed' });
  });

  it('ends with no_answer when the ring timeout passes, hanging up the phone leg', () => {
    const call = new CallUnderTest(phoneCall({ ringTimeoutSeconds: 30 }));
    call.send({ type: 'leg.ringing', legId: 'part_phone' }, T0 + 1_000);
    const end = call.advanceTo(T0 + 30_000);
    expect(ops(end, 'removeLeg')).toMatchObject([{ legId: 'part_phone', reason: 'no_answer' }]);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'no_answer', countedMinutes: 0 });
  });

  it('ends with hangup_api when hung up through the API, answering with the ended call', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 1_000);
    const end = call.send({ type: 'call.hangup' }, T0 + 61_000);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'hangup_api', countedMinutes: 1, priceOre: 25 });
    expect(replies(end).at(-1)!.body).toMatchObject({ state: 'ended', endReason: 'hangup_api', duration: 60, countedMinutes: 1, priceOre: 25 });
  });

  it('ends with paid_time_exhausted when the reserved minutes run out, capturing exactly the reservation', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 2_000);
    const end = call.advanceTo(T0 + 2_000 + 10 * MIN);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'paid_time_exhausted', duration: 600, countedMinutes: 10, priceOre: 250 });
    expect(ledger(end)[0]).toEqual({ type: 'ledger.capture', reservationId: 'res_call', amountOre: 250 });
  });

  it('never bills past the paid time even when the timer event arrives late', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    const timer = call.timer('callPaid', 'call_test')!;
    const end = call.send({ type: 'timer.fired', timerId: timer.timerId }, timer.fireAt + 45_000);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ countedMinutes: 10, priceOre: 250 });
  });

  it('reads the automatic message when answered, as a command that ends with call.playback.ended', () => {
    const call = new CallUnderTest(phoneCall({ greeting: { commandId: 'cmd_greet', text: 'Your order is ready', repeat: 2 } }));
    const answered = call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 1_000);
    const [say] = ops(answered, 'say');
    expect(say).toMatchObject({ commandId: 'cmd_greet', text: 'Your order is ready', repeat: 2 });
    call.send({ type: 'media.op.result', opId: say!.opId, ok: true });
    const done = call.send({ type: 'playback.ended', commandId: 'cmd_greet', outcome: 'completed' }, T0 + 9_000);
    expect(recorded(done).map((e) => e.eventType)).toEqual(['call.playback.ended', 'call.command.completed']);
    expect(call.ctx.status).toBe('in_progress');
  });

  it('starts the requested stream and recording when answered, not before', () => {
    const stream = streamLaunch('str_1');
    const call = new CallUnderTest(phoneCall({ stream, recording: { commandId: 'cmd_rec', recordingId: 'rec_1' } }));
    expect(ops(call.all, 'startRecording')).toHaveLength(0);
    const answered = call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 1_000);
    expect(ops(answered, 'startRecording')).toMatchObject([{ commandId: 'cmd_rec', recordingId: 'rec_1' }]);
    expect(ops(answered, 'addLeg')).toMatchObject([{ legId: 'str_1', kind: 'stream', listenTo: null, audioMode: 'talk' }]);
  });

  it('waits for a running recording after the end, then records call.recording.ready and is done', () => {
    const call = new CallUnderTest(phoneCall({ recording: { commandId: 'cmd_rec', recordingId: 'rec_1' } }));
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 1_000);
    call.send({ type: 'call.hangup' }, T0 + 30_000);
    expect(call.ctx.status).toBe('ended');
    expect(call.actor.getSnapshot().status).toBe('active');
    expect(replies(call.send({ type: 'call.get' }))[0]!.body.state).toBe('ended');
    const ready = call.send({ type: 'recording.ready', commandId: 'cmd_rec', recordingId: 'rec_1', key: 'k', durationMs: 29_000 });
    expect(recorded(ready, 'call.recording.ready')[0]!.data).toMatchObject({ recordingId: 'rec_1', durationMs: 29_000, externalRef: 'order-42' });
    expect(call.actor.getSnapshot().status).toBe('done');
  });

  it('gives up waiting for a recording that is never reported', () => {
    const call = new CallUnderTest(phoneCall({ recording: { commandId: 'cmd_rec', recordingId: 'rec_1' } }));
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 1_000);
    call.send({ type: 'call.hangup' }, T0 + 30_000);
    call.advanceTo(T0 + 30_000 + 5 * MIN);
    expect(call.actor.getSnapshot().status).toBe('done');
  });

  it('refuses actions after the end with call_ended but still reads and updates metadata', () => {
    const call = new CallUnderTest(phoneCall({ recording: { commandId: 'cmd_rec', recordingId: 'rec_1' } }));
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 1_000);
    call.send({ type: 'call.hangup' }, T0 + 2_000);
    expect(replies(call.send({ type: 'command.say', commandId: 'cmd_x', text: 'hi' }))[0]).toMatchObject({ status: 409, body: { error: { code: 'call_ended' } } });
    expect(replies(call.send({ type: 'call.update', metadata: { outcome: 'sold' } }))[0]!.body.metadata).toEqual({ outcome: 'sold' });
  });

  it('a plain call ends when its phone hangs up even with an app participant in it', () => {
    const call = new CallUnderTest(phoneCall({ participants: [app('part_app')] }));
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 1_000);
    call.send({ type: 'participant.connected', legId: 'part_app' }, T0 + 2_000);
    const end = call.send({ type: 'leg.hungUp', legId: 'part_phone', reason: 'bye' }, T0 + 3_000);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'hangup_phone' });
    expect(recorded(end, 'call.participant.left').map((e) => e.data.participantId)).toEqual(['part_phone', 'part_app']);
  });
});

describe('call between app participants only', () => {
  it('dials no phone, is in progress at once and gives each app participant a connection grant', () => {
    const call = new CallUnderTest(appCall([app('part_a'), app('part_b')]));
    expect(ops(call.all, 'addLeg').map((o) => (o.op === 'addLeg' ? o.kind : null))).toEqual(['room', 'room']);
    const [reply] = replies(call.all);
    expect(reply!.body.state).toBe('in_progress');
    expect(reply!.body.participants[0].connection).toEqual({
      url: 'ws://127.0.0.1:9/room', participantId: 'part_a', callId: 'call_test', kind: 'app', notBefore: T0, expiresAt: T0 + 15 * MIN, generation: 1,
    });
    expect(call.timer('callPaid', 'call_test')?.fireAt).toBe(T0 + 10 * MIN);
  });

  it('ends when the last person leaves, and not before', () => {
    const call = new CallUnderTest(appCall([app('part_a'), app('part_b')]));
    call.send({ type: 'participant.connected', legId: 'part_a' }, T0 + 1_000);
    call.send({ type: 'participant.connected', legId: 'part_b' }, T0 + 1_000);
    call.send({ type: 'participant.remove', participantId: 'part_a' }, T0 + 30_000);
    expect(call.ctx.status).toBe('in_progress');
    const end = call.send({ type: 'participant.remove', participantId: 'part_b' }, T0 + 90_000);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'last_person_left', duration: 90, countedMinutes: 2, priceOre: 20 });
  });

  it('an app participant that never connects leaves after the join window', () => {
    const call = new CallUnderTest(appCall([app('part_a')]));
    const end = call.advanceTo(T0 + 5 * MIN);
    expect(recorded(end, 'call.participant.left')[0]!.data).toMatchObject({ participantId: 'part_a', reason: 'join_timeout' });
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'last_person_left' });
  });

  it('an app participant that drops may come back within the grace period', () => {
    const call = new CallUnderTest(appCall([app('part_a')]));
    call.send({ type: 'participant.connected', legId: 'part_a' }, T0 + 1_000);
    call.send({ type: 'participant.disconnected', legId: 'part_a', reason: 'reload' }, T0 + 10_000);
    expect(call.ctx.participants[0]!.state).toBe('reconnecting');
    const back = call.send({ type: 'participant.connected', legId: 'part_a' }, T0 + 40_000);
    expect(recorded(back)).toEqual([]);
    expect(call.advanceTo(T0 + 3 * MIN).length).toBe(0);
    expect(call.ctx.participants[0]!.state).toBe('joined');
  });

  it('an app participant that drops and does not come back leaves, ending the call', () => {
    const call = new CallUnderTest(appCall([app('part_a')]));
    call.send({ type: 'participant.connected', legId: 'part_a' }, T0 + 1_000);
    call.send({ type: 'participant.disconnected', legId: 'part_a', reason: 'network' }, T0 + 10_000);
    const end = call.advanceTo(T0 + 70_000);
    expect(recorded(end, 'call.participant.left')[0]!.data).toMatchObject({ reason: 'disconnected' });
    expect(call.ctx.endReason).toBe('last_person_left');
  });
});

describe('conference', () => {
  it('stays open after the dialled phone hangs up while another person is in it', () => {
    const call = new CallUnderTest(phoneCall({ conference: true, participants: [app('part_app')] }));
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 1_000);
    call.send({ type: 'participant.connected', legId: 'part_app' }, T0 + 2_000);
    call.send({ type: 'leg.hungUp', legId: 'part_phone', reason: 'bye' }, T0 + 10_000);
    expect(call.ctx.status).toBe('in_progress');
    const end = call.send({ type: 'participant.remove', participantId: 'part_app' }, T0 + 20_000);
    expect(recorded(end, 'call.ended')[0]!.data).toMatchObject({ reason: 'last_person_left' });
  });

  it('bots do not keep it open: the last person leaving ends it, and the bot leaves with kind bot', () => {
    const call = new CallUnderTest(appCall([app('part_a'), bot('part_bot', 5)], { conference: true }));
    call.send({ type: 'participant.connected', legId: 'part_a' }, T0 + 1_000);
    call.send({ type: 'participant.connected', legId: 'part_bot' }, T0 + 1_000);
    const end = call.send({ type: 'participant.remove', participantId: 'part_a' }, T0 + 20_000);
    expect(recorded(end, 'call.participant.left').map((e) => [e.data.participantId, e.data.kind, e.data.reason])).toEqual([
      ['part_a', 'app', 'removed'],
      ['part_bot', 'bot', 'call_ended'],
    ]);
    expect(recorded(end, 'call.ended')).toHaveLength(1);
  });

  it('call progress: call.ringing when the dialled party rings, call.answered when it answers, before its call.participant.joined', () => {
    const call = new CallUnderTest(phoneCall());
    expect(recorded(call.send({ type: 'leg.ringing', legId: 'part_phone' }, T0 + 500)).map((e) => e.eventType)).toEqual(['call.ringing']);
    const answered = recorded(call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 2_000));
    expect(answered.map((e) => e.eventType)).toEqual(['call.answered', 'call.participant.joined']);
    expect(answered[0]!.data).toMatchObject({ participantId: 'part_phone', to: '+4712345678', state: 'in_progress' });
  });
});
