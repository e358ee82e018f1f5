import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallEffect } from '../../protocol/calls/call-actor.js';
import { CallUnderTest, MIN, T0, app, bot, ledger, phoneCall, recorded, replies, type EventWithoutAt } from './call-harness.js';

function ended(effects: CallEffect[]) {
  return recorded(effects, 'call.ended');
}

describe('hang-up during dial', () => {
  it('hang-up first: the call ends hangup_api unanswered, and the late answer changes nothing', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.ringing', legId: 'part_phone' }, T0 + 1_000);
    call.send({ type: 'call.hangup' }, T0 + 5_000);
    const late = call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 5_000);
    expect(late).toEqual([]);
    expect(ended(call.all)).toHaveLength(1);
    expect(ended(call.all)[0]!.data).toMatchObject({ reason: 'hangup_api', countedMinutes: 0, priceOre: 0 });
    expect(recorded(call.all, 'call.participant.joined')).toEqual([]);
    expect(ledger(call.all)).toEqual([{ type: 'ledger.release', reservationId: 'res_call' }]);
  });

  it('answer first: the call is answered, then ends hangup_api with the moment billed as nothing', () => {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0 + 5_000);
    call.send({ type: 'call.hangup' }, T0 + 5_000);
    expect(ended(call.all)).toHaveLength(1);
    expect(ended(call.all)[0]!.data).toMatchObject({ reason: 'hangup_api', countedMinutes: 0 });
    expect(recorded(call.all, 'call.participant.joined')).toHaveLength(1);
    expect(recorded(call.all, 'call.participant.left')).toHaveLength(1);
  });

  it('hang-up and busy in either order end the call once, with the reason of the first', () => {
    const a = new CallUnderTest(phoneCall());
    a.send({ type: 'call.hangup' }, T0 + 1_000);
    a.send({ type: 'leg.busy', legId: 'part_phone' }, T0 + 1_000);
    const b = new CallUnderTest(phoneCall());
    b.send({ type: 'leg.busy', legId: 'part_phone' }, T0 + 1_000);
    // The actor is done: the host answers later messages itself (actor_ended); the machine takes none.
    expect(b.actor.getSnapshot().status).toBe('done');
    expect(b.send({ type: 'call.hangup' }, T0 + 1_000)).toEqual([]);
    expect([ended(a.all).length, ended(b.all).length]).toEqual([1, 1]);
    expect(ended(a.all)[0]!.data.reason).toBe('hangup_api');
    expect(ended(b.all)[0]!.data.reason).toBe('busy');
    expect(b.ctx.endReason).toBe('busy');
  });
});

describe('hang-up racing paid-time expiry', () => {
  function answeredCall(): CallUnderTest {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    return call;
  }

  it('expiry first: ends paid_time_exhausted; the hang-up that follows changes nothing', () => {
    const call = answeredCall();
    call.advanceTo(T0 + 10 * MIN);
    expect(call.send({ type: 'call.hangup' }, T0 + 10 * MIN)).toEqual([]);
    expect(call.ctx.endReason).toBe('paid_time_exhausted');
    expect(ended(call.all)).toHaveLength(1);
    expect(ledger(call.all)).toEqual([
      { type: 'ledger.capture', reservationId: 'res_call', amountOre: 250 },
      { type: 'ledger.release', reservationId: 'res_call' },
    ]);
  });

  it('hang-up first: ends hangup_api; the already-mailed timer firing is ignored', () => {
    const call = answeredCall();
    const timer = call.timer('callPaid', 'call_test')!;
    call.send({ type: 'call.hangup' }, timer.fireAt);
    const firing = call.send({ type: 'timer.fired', timerId: timer.timerId }, timer.fireAt);
    expect(firing).toEqual([]);
    expect(ended(call.all)).toHaveLength(1);
    expect(ended(call.all)[0]!.data).toMatchObject({ reason: 'hangup_api', countedMinutes: 10, priceOre: 250 });
  });
});

describe('concurrent participant changes', () => {
  function conference(): CallUnderTest {
    const call = new CallUnderTest(phoneCall({ conference: true, participants: [app('part_a'), bot('part_bot', 5)] }));
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    call.send({ type: 'participant.connected', legId: 'part_a' }, T0);
    call.send({ type: 'participant.connected', legId: 'part_bot' }, T0);
    return call;
  }

  const removeA: EventWithoutAt = { type: 'participant.remove', participantId: 'part_a' };
  const dropA: EventWithoutAt = { type: 'leg.hungUp', legId: 'part_a', reason: 'gone' };
  const phoneHangsUp: EventWithoutAt = { type: 'leg.hungUp', legId: 'part_phone', reason: 'bye' };

  it.each([
    ['removal, then the leg reports gone', [removeA, dropA], 'removed'],
    ['the leg reports gone, then removal', [dropA, removeA], 'disconnected'],
  ])('%s: one left event, with the reason of the first', (_, events, reason) => {
    const call = conference();
    for (const e of events) call.send(e, T0 + 10_000);
    const left = recorded(call.all, 'call.participant.left').filter((e) => e.data.participantId === 'part_a');
    expect(left).toHaveLength(1);
    expect(left[0]!.data.reason).toBe(reason);
    expect(call.ctx.status).toBe('in_progress');
  });

  it.each([
    ['app leaves, then phone', [removeA, phoneHangsUp]],
    ['phone leaves, then app', [phoneHangsUp, removeA]],
  ])('the last two persons leaving (%s) end the call exactly once; the bot does not keep it open', (_, events) => {
    const call = conference();
    for (const e of events) call.send(e, T0 + 10_000);
    expect(ended(call.all)).toHaveLength(1);
    expect(ended(call.all)[0]!.data.reason).toBe('last_person_left');
    expect(call.ctx.participants.every((p) => p.state === 'left')).toBe(true);
    expect(recorded(call.all, 'call.participant.left')).toHaveLength(3);
  });

  it('update and removal in either order leave the participant gone, updated at most once before', () => {
    const update: EventWithoutAt = { type: 'participant.update', participantId: 'part_a', muted: true };
    const a = conference();
    a.send(update, T0 + 1_000);
    a.send(removeA, T0 + 1_000);
    const b = conference();
    b.send(removeA, T0 + 1_000);
    const refused = b.send(update, T0 + 1_000);
    expect(a.ctx.participants.find((p) => p.id === 'part_a')!.state).toBe('left');
    expect(b.ctx.participants.find((p) => p.id === 'part_a')!.state).toBe('left');
    expect(recorded(a.all, 'call.participant.updated')).toHaveLength(1);
    expect(recorded(b.all, 'call.participant.updated')).toHaveLength(0);
    expect(replies(refused)[0]!.status).toBe(409);
  });

  it('an add racing the hang-up: before, the participant leaves with the call; after, nothing is added', () => {
    const a = new CallUnderTest(phoneCall());
    a.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    a.send({ type: 'participant.add', participant: app('part_x') }, T0 + 1_000);
    a.send({ type: 'call.hangup' }, T0 + 1_000);
    expect(recorded(a.all, 'call.participant.left').map((e) => e.data.participantId)).toContain('part_x');
    const b = new CallUnderTest(phoneCall());
    b.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    b.send({ type: 'call.hangup' }, T0 + 1_000);
    expect(b.send({ type: 'participant.add', participant: app('part_x') }, T0 + 1_000)).toEqual([]);
    expect(b.ctx.participants.map((p) => p.id)).toEqual(['part_phone']);
    expect(ended(a.all)).toHaveLength(1);
    expect(ended(b.all)).toHaveLength(1);
  });
});

describe('any interleaving', () => {
  const pool: Array<{ name: string; event: EventWithoutAt | 'paid-time' | 'ring-timeout' }> = [
    { name: 'answer', event: { type: 'leg.answered', legId: 'part_phone' } },
    { name: 'ringing', event: { type: 'leg.ringing', legId: 'part_phone' } },
    { name: 'busy', event: { type: 'leg.busy', legId: 'part_phone' } },
    { name: 'phone hangs up', event: { type: 'leg.hungUp', legId: 'part_phone', reason: 'bye' } },
    { name: 'api hang-up', event: { type: 'call.hangup' } },
    { name: 'remove phone', event: { type: 'participant.remove', participantId: 'part_phone' } },
    { name: 'app connects', event: { type: 'participant.connected', legId: 'part_a' } },
    { name: 'remove app', event: { type: 'participant.remove', participantId: 'part_a' } },
    { name: 'app drops', event: { type: 'participant.disconnected', legId: 'part_a', reason: 'x' } },
    { name: 'bot connects', event: { type: 'participant.connected', legId: 'part_bot' } },
    { name: 'bot drops', event: { type: 'participant.disconnected', legId: 'part_bot', reason: 'x' } },
    { name: 'say', event: { type: 'command.say', commandId: 'cmd_1', text: 'hi' } },
    { name: 'paid time', event: 'paid-time' },
    { name: 'ring timeout', event: 'ring-timeout' },
  ];

  it('ends at most once, exactly once when ended, with one outcome per participant, never more money than reserved, and a price equal to what it drew', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.shuffledSubarray(pool, { minLength: 1 }),
        fc.array(fc.integer({ min: 0, max: 120_000 }), { minLength: 14, maxLength: 14 }),
        (conferenceOn, steps, gaps) => {
          const call = new CallUnderTest(phoneCall({ conference: conferenceOn, participants: [app('part_a'), bot('part_bot', 3)] }));
          let now = T0;
          steps.forEach((step, i) => {
            now += gaps[i]!;
            if (step.event === 'paid-time' || step.event === 'ring-timeout') {
              const t = step.event === 'paid-time' ? call.timer('callPaid', 'call_test') : call.timer('ring', 'part_phone');
              if (t) call.send({ type: 'timer.fired', timerId: t.timerId }, Math.max(now, t.fireAt));
            } else {
              call.send(step.event, now);
            }
          });
          const endings = ended(call.all);
          expect(endings.length).toBeLessThanOrEqual(1);
          expect(endings.length === 1).toBe(call.ctx.status === 'ended');
          for (const p of call.ctx.participants) {
            const mine = (type: string) => recorded(call.all, type).filter((e) => e.data.participantId === p.id).length;
            expect(mine('call.participant.joined')).toBeLessThanOrEqual(1);
            expect(mine('call.participant.left')).toBe(p.state === 'left' ? 1 : 0);
            if (call.ctx.status === 'ended') expect(p.state).toBe('left');
          }
          const captured = new Map<string, number>();
          for (const e of ledger(call.all)) if (e.type === 'ledger.capture') captured.set(e.reservationId, (captured.get(e.reservationId) ?? 0) + e.amountOre);
          expect(captured.get('res_call') ?? 0).toBeLessThanOrEqual(250);
          expect(captured.get('res_part_bot') ?? 0).toBeLessThanOrEqual(30);
          // call.ended's price is everything captured, item by item.
          const [end] = endings;
          if (end) {
            const total = [...captured.values()].reduce((a, b) => a + b, 0);
            expect(end.data.priceOre).toBe(total);
            const items = end.data.priceItems as Array<{ item: string; priceOre: number }>;
            expect(items.reduce((sum, i) => sum + i.priceOre, 0)).toBe(total);
            expect(items.find((i) => i.item === 'bot')?.priceOre ?? 0).toBe(captured.get('res_part_bot') ?? 0);
          }
          const releases = ledger(call.all).filter((e) => e.type === 'ledger.release').map((e) => (e as { reservationId: string }).reservationId);
          expect(new Set(releases).size).toBe(releases.length);
          if (call.ctx.status === 'ended') expect(call.armed.size).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
