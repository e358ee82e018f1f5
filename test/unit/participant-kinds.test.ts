import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Charge, ParticipantLaunch } from '../../protocol/calls/call-actor.js';
import type { ParticipantSpec } from '../../protocol/calls/participant.js';
import { PARTICIPANT_KINDS } from '../../protocol/calls/participant-kinds.js';
import { defaultPriceList } from '../../control/billing/price-list.js';
import { creationCharges, participantCharge, type CreationAsk } from '../../control/calls/requests/participant-kinds.js';
import type { ChargeRequest } from '../../control/calls/requests/call-pricing.js';
import { CallUnderTest, MIN, T0, appCall, recorded, replies } from './call-harness.js';

/** Every kind a customer can ask for (at creation and when adding). */
const SPEC_KINDS: ParticipantSpec['kind'][] = ['phone', 'app', 'bot', 'staff', 'ai_agent'];
const CALL_MINUTES = 10;

function spec(kind: ParticipantSpec['kind'], maxMinutes?: number): ParticipantSpec {
  return { kind, ...(kind === 'phone' ? { to: '+4790000009' } : {}), ...(maxMinutes !== undefined ? { maxMinutes } : {}) };
}

/** The charge a live reservation of `request` gives for a call of CALL_MINUTES (what reserveCharges returns). */
function charged(request: ChargeRequest, reservationId: string): Charge {
  const paidMinutes = Math.min(request.maxMinutes ?? CALL_MINUTES, CALL_MINUTES);
  return { reservationId, service: request.service, reservedOre: request.rateOre * paidMinutes, rateOre: request.rateOre, paidMinutes };
}

/** The per-minute price of everything a creation asks for, and what each request may run for at most. */
function perMinute(requests: readonly ChargeRequest[]): number {
  return requests.reduce((sum, r) => sum + r.rateOre, 0);
}

/** Launches the participants of a call created with `specs` (ids part_0…), with the charges creation gives them. */
function created(specs: readonly ParticipantSpec[]): CallUnderTest {
  const { requests, chargeIndex } = creationCharges(defaultPriceList, { participants: specs });
  const charges = requests.map((r, i) => charged(r, `res_${i}`));
  const participants: ParticipantLaunch[] = specs.map((s, i) => ({ ...s, participantId: `part_${i}`, charge: chargeIndex[i] == null ? null : charges[chargeIndex[i]!]! }));
  return new CallUnderTest(appCall(participants, { from: '+4787654321', charge: charges[0]! }));
}

/** Brings a participant into the call as its media node would report it. */
function connect(call: CallUnderTest, kind: ParticipantSpec['kind'], legId: string, at: number): void {
  if (PARTICIPANT_KINDS[kind].leg === 'phone') call.send({ type: 'leg.answered', legId }, at);
  else call.send({ type: 'participant.connected', legId }, at);
}

function priceOre(call: CallUnderTest): number {
  return recorded(call.all, 'call.ended')[0]!.data.priceOre as number;
}

describe('participant kinds: one table', () => {
  it('a staff member costs what an app user costs, and an AI agent what a bot costs, at creation (the issue 28 call: app + staff)', () => {
    const appAndStaff = creationCharges(defaultPriceList, { participants: [spec('app'), spec('staff')] });
    const twoApps = creationCharges(defaultPriceList, { participants: [spec('app'), spec('app')] });
    expect(perMinute(appAndStaff.requests)).toBe(perMinute(twoApps.requests));
    expect(appAndStaff.legs).toBe(2);
    const withAgent = creationCharges(defaultPriceList, { participants: [spec('app'), spec('ai_agent', 7)] });
    expect(withAgent.requests[1]).toEqual({ service: 'ai_agent', rateOre: defaultPriceList.botMinuteOre, maxMinutes: 7 });
    expect(withAgent.chargeIndex).toEqual([null, 1]);
  });

  it('prices every kind the same at creation and when added, and counts its leg the same for the media node (property)', () => {
    const ask = fc.record({
      participants: fc.array(fc.constantFrom(...SPEC_KINDS).map((k) => spec(k)), { maxLength: 4 }),
      to: fc.option(fc.constant('+4712345678'), { nil: undefined }),
      recording: fc.boolean(),
      transcription: fc.boolean(),
    });
    fc.assert(
      fc.property(ask, fc.constantFrom(...SPEC_KINDS), fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }), (base: CreationAsk, kind, maxMinutes) => {
        const added = spec(kind, maxMinutes);
        const without = creationCharges(defaultPriceList, base);
        const withIt = creationCharges(defaultPriceList, { ...base, participants: [...(base.participants ?? []), added] });
        const alone = participantCharge(defaultPriceList, added);
        // The same per-minute price whether it came with the call or was added to it…
        expect(perMinute(withIt.requests) - perMinute(without.requests)).toBe(alone.rateOre);
        // …for as long (its own reservation's cap, or the call's minutes when it shares the call's)…
        const own = withIt.chargeIndex[withIt.chargeIndex.length - 1];
        expect(own == null ? null : withIt.requests[own]!.maxMinutes).toBe(PARTICIPANT_KINDS[kind].ownReservation ? alone.maxMinutes : null);
        // …and one more leg on the media node either way (an added participant is one addLeg).
        expect(withIt.legs - without.legs).toBe(1);
      }),
    );
  });

  it('a call ends with the same price whether a participant of any kind came with it or was added at once (property through the call machine)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SPEC_KINDS), fc.integer({ min: 1, max: (CALL_MINUTES - 1) * MIN }), (kind, lasting) => {
        const atCreation = created([spec('app'), spec(kind)]);
        connect(atCreation, 'app', 'part_0', T0);
        connect(atCreation, kind, 'part_1', T0);
        atCreation.send({ type: 'call.hangup' }, T0 + lasting);

        const later = created([spec('app')]);
        connect(later, 'app', 'part_0', T0);
        const request = participantCharge(defaultPriceList, spec(kind));
        const reply = later.send({ type: 'participant.add', participant: { ...spec(kind), participantId: 'part_1', charge: charged(request, 'res_added') } }, T0);
        expect(replies(reply)[0]!.status).toBe(201);
        connect(later, kind, 'part_1', T0);
        later.send({ type: 'call.hangup' }, T0 + lasting);

        expect(priceOre(later)).toBe(priceOre(atCreation));
        expect(priceOre(later)).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });
});
