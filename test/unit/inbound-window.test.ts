import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PhoneNumberRecord } from '../../protocol/api/admin.js';
import type { InboundOffered } from '../../protocol/carrier/inbound-offer.js';
import type { InboundDecisionKind } from '../../protocol/calls/inbound.js';
import { planInbound } from '../../control/calls/requests/inbound-plan.js';
import { callerLeft, deadlinePassed, decide, openWindow, type DecisionAnswer, type InboundWindow, type RoutingAction, type WindowStep } from '../../control/calls/context/inbound-window.js';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const forward = { type: 'forward', to: '+4791234567' } as const;
const apiNumber = { inboundMode: 'api', decideWithinSeconds: 10, routing: forward } as const;

function open(): InboundWindow {
  return openWindow(apiNumber, T0).window;
}

describe('inbound decision window', () => {
  it('an api number waits decideWithinSeconds for a decision and routes nothing yet', () => {
    const { window, runRouting } = openWindow(apiNumber, T0);
    expect(window).toMatchObject({ phase: 'awaiting_decision', decideBy: T0 + 10_000, decision: null });
    expect(runRouting).toBeNull();
  });

  it('a routing number runs its routing at once, and every later action gets call_already_routed', () => {
    const { window, runRouting } = openWindow({ inboundMode: 'routing', decideWithinSeconds: 10, routing: forward }, T0);
    expect(runRouting).toEqual(forward);
    expect(decide(window, 'answer', T0 + 1).answer).toEqual({ ok: false, code: 'call_already_routed' });
  });

  it('the first decision before decideBy wins; a second gets call_already_decided and routes nothing', () => {
    const first = decide(open(), 'answer', T0 + 3_000);
    expect(first.answer).toEqual({ ok: true });
    expect(first.window).toMatchObject({ phase: 'decided', decision: 'answer', settledAt: T0 + 3_000 });
    const second = decide(first.window, 'reject', T0 + 4_000);
    expect(second.answer).toEqual({ ok: false, code: 'call_already_decided' });
    expect(second.window).toBe(first.window);
    expect(deadlinePassed(second.window, T0 + 10_000).runRouting).toBeNull();
  });

  it('no decision: the deadline runs the routing once; a later decision gets call_already_routed', () => {
    const routed = deadlinePassed(open(), T0 + 10_000);
    expect(routed.runRouting).toEqual(forward);
    expect(deadlinePassed(routed.window, T0 + 10_001).runRouting).toBeNull();
    expect(decide(routed.window, 'answer', T0 + 11_000).answer).toEqual({ ok: false, code: 'call_already_routed' });
  });

  it('a decision exactly at decideBy loses to the deadline even before the timer fires, and routing runs once', () => {
    const late = decide(open(), 'answer', T0 + 10_000);
    expect(late.answer).toEqual({ ok: false, code: 'call_already_routed' });
    expect(late.runRouting).toEqual(forward);
    expect(deadlinePassed(late.window, T0 + 10_050).runRouting).toBeNull();
  });

  it('a decision one millisecond before decideBy wins, and the firing deadline then changes nothing', () => {
    const d = decide(open(), 'reject', T0 + 9_999);
    expect(d.answer).toEqual({ ok: true });
    expect(deadlinePassed(d.window, T0 + 10_000)).toEqual({ window: d.window, runRouting: null });
  });

  it('a stale firing before decideBy changes nothing', () => {
    const w = open();
    expect(deadlinePassed(w, T0 + 9_000)).toEqual({ window: w, runRouting: null });
  });

  it('a number without routing ends the call when the window passes', () => {
    const w = openWindow({ inboundMode: 'api', decideWithinSeconds: 5, routing: null }, T0).window;
    expect(deadlinePassed(w, T0 + 5_000).runRouting).toEqual({ type: 'end' });
  });

  it('the caller hanging up while ringing closes the window: no routing, later decisions get call_ended', () => {
    const left = callerLeft(open(), T0 + 2_000);
    expect(left).toMatchObject({ window: { phase: 'ended' }, runRouting: null });
    expect(deadlinePassed(left.window, T0 + 10_000).runRouting).toBeNull();
    expect(decide(left.window, 'answer', T0 + 3_000).answer).toEqual({ ok: false, code: 'call_ended' });
  });

  type Step = { kind: 'decide'; action: InboundDecisionKind; at: number } | { kind: 'deadline'; at: number } | { kind: 'callerLeft'; at: number };
  const decision = fc.constantFrom<InboundDecisionKind>('answer', 'participants', 'offers', 'transfer', 'move', 'reject');
  const at = fc.integer({ min: T0, max: T0 + 20_000 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('decide' as const), action: decision, at }),
    fc.record({ kind: fc.constant('deadline' as const), at: fc.constantFrom(T0 + 10_000, T0 + 10_500, T0 + 5_000) }),
    fc.record({ kind: fc.constant('callerLeft' as const), at }),
  );

  it('in any order of decisions, deadline firings and the caller leaving: at most one decision wins, routing runs at most once, never both', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        let w = open();
        let wins = 0;
        const routings: RoutingAction[] = [];
        for (const s of steps) {
          const r: WindowStep & { answer?: DecisionAnswer } =
            s.kind === 'decide' ? decide(w, s.action, s.at) : s.kind === 'deadline' ? deadlinePassed(w, s.at) : callerLeft(w, s.at);
          if (r.answer?.ok) {
            wins += 1;
            expect(s.kind === 'decide' && s.at < w.decideBy).toBe(true);
          }
          if (r.runRouting) routings.push(r.runRouting);
          w = r.window;
        }
        expect(wins + routings.length).toBeLessThanOrEqual(1);
        if (wins === 1) expect(w.phase).toBe('decided');
        if (routings.length === 1) expect(w.phase).toBe('routed');
      }),
    );
  });

  it('two decisions at once: whichever the mailbox takes first wins and the other gets call_already_decided', () => {
    fc.assert(
      fc.property(decision, decision, fc.integer({ min: T0, max: T0 + 9_999 }), (a, b, when) => {
        const first = decide(open(), a, when);
        const second = decide(first.window, b, when);
        expect([first.answer.ok, second.answer]).toEqual([true, { ok: false, code: 'call_already_decided' }]);
        expect(second.window.decision).toBe(a);
      }),
    );
  });
});

describe('inbound plan', () => {
  const offer: InboundOffered = {
    id: 'sim_01JD00000000000000000000',
    carrier: 'sim',
    from: '+442079460123',
    to: '+4721000000',
    numberId: 'num_1',
    companyId: 'co_1',
    profileId: '6f1d7a52-3c7e-4b8e-9d51-1b2c3d4e5f60',
    offeredAt: new Date(T0).toISOString(),
  };
  const number: PhoneNumberRecord = {
    id: 'num_1',
    object: 'number',
    number: '+4721000000',
    companyId: 'co_1',
    profileId: '6f1d7a52-3c7e-4b8e-9d51-1b2c3d4e5f60',
    inboundMode: 'api',
    decideWithinSeconds: 15,
    routing: { type: 'message', text: 'We are closed.' },
    assignedTo: 'sales-7',
    state: 'active',
    type: 'phone',
    mode: 'live',
    smsEnabled: true,
    paidUntil: null,
    releaseAt: null,
    createdAt: new Date(T0).toISOString(),
  };

  it('an api number gives call.incoming with decideBy now + decideWithinSeconds and the salesperson', () => {
    const plan = planInbound(offer, number, T0 + 200);
    expect(plan.incoming).toEqual({
      callId: plan.callId,
      from: '+442079460123',
      to: '+4721000000',
      numberId: 'num_1',
      assignedTo: 'sales-7',
      decideBy: new Date(T0 + 200 + 15_000).toISOString(),
    });
    expect(plan.runRouting).toBeNull();
  });

  it('a redelivered offer plans the same call id; another offer gets another', () => {
    expect(planInbound(offer, number, T0).callId).toBe(planInbound(offer, number, T0 + 5).callId);
    expect(planInbound({ ...offer, id: 'sim_01JD00000000000000000001' }, number, T0).callId).not.toBe(planInbound(offer, number, T0).callId);
    expect(planInbound(offer, number, T0).callId).toMatch(/^call_[0-9a-z]{26}$/);
  });

  it('a routing number sends no call.incoming and routes at once', () => {
    const plan = planInbound(offer, { ...number, inboundMode: 'routing' }, T0);
    expect(plan.incoming).toBeNull();
    expect(plan.runRouting).toEqual({ type: 'message', text: 'We are closed.' });
  });
});
