import { describe, expect, it } from 'vitest';
import { CallUnderTest, MIN, T0, app, appCall, bot, ledger, ops, phoneCall, recorded, replies, streamLaunch } from './call-harness.js';

function answered(overrides: Parameters<typeof phoneCall>[0] = {}): CallUnderTest {
  const call = new CallUnderTest(phoneCall(overrides));
  call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
  return call;
}

describe('bots', () => {
  it('get a token for their paid time plus 5 minutes and the grants of a bot', () => {
    const call = answered();
    const [reply] = replies(call.send({ type: 'participant.add', participant: bot('part_bot', 5) }, T0 + MIN));
    expect(reply).toMatchObject({ status: 201, body: { kind: 'bot', state: 'waiting' } });
    expect(reply!.body.connection).toMatchObject({ kind: 'bot', notBefore: T0 + MIN, expiresAt: T0 + MIN + 10 * MIN });
    expect(ops(call.all, 'addLeg').at(-1)).toMatchObject({ legId: 'part_bot', kind: 'room', room: { participantKind: 'bot' } });
  });

  it('never get a token for more than 2 hours', () => {
    const call = answered({ charge: { reservationId: 'res_call', service: 'phone', reservedOre: 6000, rateOre: 25, paidMinutes: 240 } });
    const launch = { ...bot('part_bot', 60), charge: null };
    const [reply] = replies(call.send({ type: 'participant.add', participant: launch }, T0));
    expect(reply!.body.connection.expiresAt).toBe(T0 + 120 * MIN);
  });

  it('never get paid time beyond the call’s', () => {
    const call = answered();
    const [reply] = replies(call.send({ type: 'participant.add', participant: bot('part_bot', 60) }, T0 + 8 * MIN));
    expect(reply!.body.connection.expiresAt).toBe(T0 + 10 * MIN + 5 * MIN);
  });

  it('join when connected, and leave when their paid time runs out, billed per started minute', () => {
    const call = answered();
    call.send({ type: 'participant.add', participant: bot('part_bot', 3) }, T0);
    const joined = call.send({ type: 'participant.connected', legId: 'part_bot' }, T0 + 30_000);
    expect(recorded(joined, 'call.participant.joined')[0]!.data).toMatchObject({ participantId: 'part_bot', kind: 'bot', externalRef: 'order-42' });
    const out = call.advanceTo(T0 + 30_000 + 3 * MIN);
    expect(recorded(out, 'call.participant.left')[0]!.data).toMatchObject({ participantId: 'part_bot', kind: 'bot', reason: 'paid_time_exhausted' });
    expect(ops(out, 'removeLeg')).toMatchObject([{ legId: 'part_bot' }]);
    expect(ledger(out)).toEqual([
      { type: 'ledger.capture', reservationId: 'res_part_bot', amountOre: 30 },
      { type: 'ledger.release', reservationId: 'res_part_bot' },
    ]);
    expect(call.ctx.status).toBe('in_progress');
  });

  it('leave when they disconnect (no reconnect window), and their token stops working', () => {
    const call = answered();
    call.send({ type: 'participant.add', participant: bot('part_bot', 3) }, T0);
    call.send({ type: 'participant.connected', legId: 'part_bot' }, T0 + 1_000);
    const out = call.send({ type: 'participant.disconnected', legId: 'part_bot', reason: 'closed' }, T0 + 61_000);
    expect(recorded(out, 'call.participant.left')[0]!.data).toMatchObject({ kind: 'bot', reason: 'disconnected' });
    expect(ops(out, 'removeLeg')).toHaveLength(1);
    expect(ledger(out)[0]).toEqual({ type: 'ledger.capture', reservationId: 'res_part_bot', amountOre: 10 });
    expect(replies(call.send({ type: 'participant.token', participantId: 'part_bot' }))[0]).toMatchObject({ status: 409, body: { error: { code: 'participant_left' } } });
  });

  it('that never connect leave when the token expires and cost nothing', () => {
    const call = answered();
    call.send({ type: 'participant.add', participant: bot('part_bot', 3) }, T0);
    const out = call.advanceTo(T0 + 8 * MIN);
    expect(recorded(out, 'call.participant.left')[0]!.data).toMatchObject({ reason: 'token_expired' });
    expect(ledger(out)).toEqual([{ type: 'ledger.release', reservationId: 'res_part_bot' }]);
  });

  it('keep their expiry when fetching a new token', () => {
    const call = answered();
    call.send({ type: 'participant.add', participant: bot('part_bot', 3) }, T0);
    const [reply] = replies(call.send({ type: 'participant.token', participantId: 'part_bot' }, T0 + 2 * MIN));
    expect(reply!.body.connection).toMatchObject({ notBefore: T0 + 2 * MIN, expiresAt: T0 + 8 * MIN });
  });

  it('a new token supersedes the old one: its generation goes up, even within the same second, and the media node is told', () => {
    const call = answered();
    const added = call.send({ type: 'participant.add', participant: bot('part_bot', 3) }, T0);
    expect(replies(added)[0]!.body.connection).toMatchObject({ generation: 1 });
    for (const generation of [2, 3]) {
      const out = call.send({ type: 'participant.token', participantId: 'part_bot' }, T0 + MIN);
      expect(replies(out)[0]!.body.connection).toMatchObject({ notBefore: T0 + MIN, generation });
      expect(ops(out)).toEqual([expect.objectContaining({ op: 'supersedeTokens', legId: 'part_bot', generation })]);
    }
  });

  it('under a test key are free, have no connection, and stay at most one minute', () => {
    const call = answered({ mode: 'test', charge: { reservationId: null, service: 'phone', reservedOre: 0, rateOre: 0, paidMinutes: 10 } });
    const added = call.send({ type: 'participant.add', participant: bot('part_bot', 10, null) }, T0);
    expect(replies(added)[0]!.body).toMatchObject({ kind: 'bot', state: 'joined', connection: null });
    expect(ops(added, 'addLeg')).toHaveLength(0);
    expect(recorded(added, 'call.participant.joined')[0]!.data).toMatchObject({ kind: 'bot', mode: 'test' });
    const out = call.advanceTo(T0 + MIN);
    expect(recorded(out, 'call.participant.left')[0]!.data).toMatchObject({ kind: 'bot', reason: 'test_time_limit' });
    expect(ledger(out)).toEqual([]);
    expect(ops(out)).toEqual([]);
  });
});

describe('participant changes', () => {
  it('an update changes the leg, records call.participant.updated and answers the participant', () => {
    const call = answered({ participants: [app('part_app')] });
    const out = call.send({ type: 'participant.update', participantId: 'part_app', muted: true, audioMode: 'listen' }, T0 + 1_000);
    expect(ops(out, 'updateLeg')).toMatchObject([{ legId: 'part_app', muted: true, audioMode: 'listen' }]);
    expect(ops(out, 'updateLeg')[0]).not.toHaveProperty('held');
    expect(recorded(out, 'call.participant.updated')[0]!.data).toMatchObject({ participantId: 'part_app', muted: true, held: false, audioMode: 'listen', participantExternalRef: 'user-part_app', externalRef: 'order-42' });
    expect(replies(out)[0]!.body).toMatchObject({ id: 'part_app', muted: true, audioMode: 'listen' });
  });

  it('refuses to change or re-token a participant that left, and answers not_found for an unknown one', () => {
    const call = answered({ participants: [app('part_app')] });
    call.send({ type: 'participant.remove', participantId: 'part_app' }, T0 + 1_000);
    expect(replies(call.send({ type: 'participant.update', participantId: 'part_app', held: true }))[0]).toMatchObject({ status: 409, body: { error: { code: 'participant_left' } } });
    expect(replies(call.send({ type: 'participant.update', participantId: 'nope', held: true }))[0]).toMatchObject({ status: 404, body: { error: { code: 'not_found', param: 'participantId' } } });
    expect(replies(call.send({ type: 'participant.token', participantId: 'part_phone' }))[0]).toMatchObject({ status: 400, body: { error: { code: 'participant_no_connection' } } });
  });

  it('removal hangs up the leg, others stay, and a second removal changes nothing', () => {
    const call = answered({ participants: [app('part_app')] });
    const first = call.send({ type: 'participant.remove', participantId: 'part_app' }, T0 + 1_000);
    expect(replies(first)[0]!.body).toEqual({ object: 'participant', id: 'part_app', removed: true, state: 'left' });
    expect(ops(first, 'removeLeg')).toHaveLength(1);
    const second = call.send({ type: 'participant.remove', participantId: 'part_app' }, T0 + 2_000);
    expect(replies(second)[0]!.body).toMatchObject({ removed: false, state: 'left' });
    expect(recorded(second)).toEqual([]);
    expect(call.ctx.status).toBe('in_progress');
  });

  it('adding the same participant id again answers the first one without a second leg', () => {
    const call = answered();
    call.send({ type: 'participant.add', participant: app('part_app') }, T0);
    const again = call.send({ type: 'participant.add', participant: app('part_app') }, T0 + 500);
    expect(ops(again)).toEqual([]);
    expect(replies(again)[0]).toMatchObject({ body: { id: 'part_app' } });
    expect(replies(again)[0]!.status).toBeUndefined();
  });

  it('an app gets a new token window after a reload', () => {
    const call = answered({ participants: [app('part_app')] });
    const [reply] = replies(call.send({ type: 'participant.token', participantId: 'part_app' }, T0 + 3 * MIN));
    expect(reply!.body.connection).toMatchObject({ notBefore: T0 + 3 * MIN, expiresAt: T0 + 15 * MIN });
  });

  it('a phone added mid-call that is not answered leaves with no_answer and the call goes on', () => {
    const call = answered();
    call.send({ type: 'participant.add', participant: { participantId: 'part_p2', kind: 'phone', to: '+4711111111', charge: null } }, T0);
    const out = call.advanceTo(T0 + MIN);
    expect(recorded(out, 'call.participant.left')[0]!.data).toMatchObject({ participantId: 'part_p2', reason: 'no_answer' });
    expect(call.ctx.status).toBe('in_progress');
  });

  it('refuses a phone participant without a number', () => {
    const call = answered();
    expect(replies(call.send({ type: 'participant.add', participant: { participantId: 'part_x', kind: 'phone', charge: null } }))[0]).toMatchObject({ status: 400 });
  });
});

describe('streams', () => {
  it('cannot start before the call is answered, and at most one runs per call', () => {
    const call = new CallUnderTest(phoneCall());
    expect(replies(call.send({ type: 'stream.start', stream: streamLaunch('str_1') }))[0]).toMatchObject({ status: 409, body: { error: { code: 'call_not_answered' } } });
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    expect(replies(call.send({ type: 'stream.start', stream: streamLaunch('str_1') }))[0]).toMatchObject({ status: 201, body: { object: 'stream', state: 'connecting' } });
    expect(replies(call.send({ type: 'stream.start', stream: streamLaunch('str_2') }))[0]).toMatchObject({ status: 409, body: { error: { code: 'stream_limit_reached' } } });
  });

  it('joins when connected and leaves at maxMinutes, charged once for its started minutes', () => {
    const call = answered();
    call.send({ type: 'stream.start', stream: streamLaunch('str_1', 2) }, T0);
    const joined = call.send({ type: 'stream.status', legId: 'str_1', status: 'connected' }, T0 + 1_000);
    expect(recorded(joined, 'call.participant.joined')[0]!.data).toMatchObject({ kind: 'stream' });
    call.send({ type: 'stream.status', legId: 'str_1', status: 'reconnecting' }, T0 + 20_000);
    expect(replies(call.send({ type: 'stream.get', streamId: 'str_1' }))[0]!.body.state).toBe('reconnecting');
    call.send({ type: 'stream.status', legId: 'str_1', status: 'resumed' }, T0 + 25_000);
    const out = call.advanceTo(T0 + 2 * MIN);
    expect(recorded(out, 'call.participant.left')[0]!.data).toMatchObject({ kind: 'stream', reason: 'max_minutes' });
    expect(ledger(out)).toEqual([
      { type: 'ledger.capture', reservationId: 'res_str_1', amountOre: 10 },
      { type: 'ledger.release', reservationId: 'res_str_1' },
    ]);
    expect(replies(call.send({ type: 'stream.get', streamId: 'str_1' }))[0]!.body).toMatchObject({ state: 'stopped', endReason: 'max_minutes' });
  });

  it('leaves with the reason the media node gives, and a new stream may start after', () => {
    const call = answered();
    call.send({ type: 'stream.start', stream: streamLaunch('str_1') }, T0);
    call.send({ type: 'stream.status', legId: 'str_1', status: 'connected' }, T0 + 1_000);
    const out = call.send({ type: 'leg.hungUp', legId: 'str_1', reason: 'server_closed' }, T0 + 5_000);
    expect(recorded(out, 'call.participant.left')[0]!.data).toMatchObject({ reason: 'server_closed' });
    expect(replies(call.send({ type: 'stream.start', stream: streamLaunch('str_2') }))[0]!.status).toBe(201);
  });

  it('is stopped through the API', () => {
    const call = answered();
    call.send({ type: 'stream.start', stream: streamLaunch('str_1') }, T0);
    const out = call.send({ type: 'stream.stop', streamId: 'str_1' }, T0 + 1_000);
    expect(ops(out, 'removeLeg')).toMatchObject([{ legId: 'str_1', reason: 'stopped' }]);
    expect(replies(out)[0]!.body).toMatchObject({ state: 'stopped', endReason: 'stopped' });
  });

  it('a stream\'s stop reason is call_ended when the call ended (not stopped, which means stopped through the API)', () => {
    const call = answered();
    call.send({ type: 'stream.start', stream: streamLaunch('str_1') }, T0);
    call.send({ type: 'stream.status', legId: 'str_1', status: 'connected' }, T0 + 1_000);
    const out = call.send({ type: 'call.hangup' }, T0 + 5_000);
    // removeLeg carries the reason the node puts in the customer's stop message, before the session closes.
    expect(ops(out).filter((o) => o.op === 'removeLeg' || o.op === 'closeSession').map((o) => [o.op, 'reason' in o ? o.reason : undefined])).toEqual([
      ['removeLeg', 'call_ended'],
      ['closeSession', 'hangup_api'],
    ]);
    expect(recorded(out, 'call.participant.left').find((e) => e.data.kind === 'stream')!.data).toMatchObject({ reason: 'call_ended' });
  });

  it('under a test key runs at most 60 seconds', () => {
    const call = answered({ mode: 'test' });
    call.send({ type: 'stream.start', stream: streamLaunch('str_1', 5, 'test') }, T0);
    expect(call.timer('streamMax', 'str_1')?.fireAt).toBe(T0 + MIN);
  });

  it('a stream the node cannot connect leaves with connect_failed', () => {
    const call = answered();
    call.send({ type: 'stream.start', stream: streamLaunch('str_1') }, T0);
    const out = call.send({ type: 'leg.failed', legId: 'str_1', reason: 'connect_failed' }, T0 + 1_000);
    expect(recorded(out, 'call.participant.left')[0]!.data).toMatchObject({ reason: 'connect_failed' });
  });
});

describe('app participants under the call’s reservation', () => {
  it('have no own ledger moves when they leave', () => {
    const call = new CallUnderTest(appCall([app('part_a'), app('part_b')]));
    call.send({ type: 'participant.connected', legId: 'part_a' }, T0 + 1_000);
    expect(ledger(call.send({ type: 'participant.remove', participantId: 'part_a' }, T0 + 2 * MIN))).toEqual([]);
  });
});
