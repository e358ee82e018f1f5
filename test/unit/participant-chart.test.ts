import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { drawnTransitions, walk } from './chart-walk.js';
import { participantMachine, stepParticipant, type ParticipantEffect, type ParticipantEvent } from '../../control/calls/machines/participant-machine.js';
import type { ParticipantRecord } from '../../control/calls/context/call-context.js';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

/** Every kind of event a participant or a stream meets, each timer included. */
const events: ParticipantEvent[] = [
  { type: 'leg.ringing', at: T0 + 1_000 },
  { type: 'leg.answered', at: T0 + 2_000 },
  { type: 'connected', at: T0 + 2_500 },
  { type: 'disconnected', clean: false, at: T0 + 3_000 },
  { type: 'disconnected', clean: true, at: T0 + 3_500 },
  { type: 'stream.up', at: T0 + 4_000 },
  { type: 'stream.down', at: T0 + 4_500 },
  { type: 'gone', reason: 'hangup', at: T0 + 5_000 },
  ...(['ring', 'join', 'grace', 'token', 'participantPaid', 'testLimit', 'streamMax'] as const).map((kind, i) => ({ type: 'timer' as const, kind, at: T0 + 6_000 + i })),
  { type: 'remove', reason: 'removed', hangUp: true, at: T0 + 7_000 },
];

function added(kind: ParticipantRecord['kind'], state: ParticipantRecord['state'], fields: Partial<ParticipantRecord> = {}): ParticipantRecord {
  return {
    id: `part_${kind}`, kind, state, to: null, displayName: null, externalRef: null, muted: false, held: false, audioMode: 'talk',
    addedAt: T0, joinedAt: null, leftAt: null, leftReason: null, charge: null, paidUntil: null, token: null, virtual: false, legOpId: 'op_1', stream: null, ...fields,
  };
}

const charge = { reservationId: 'res_1', service: 'bot' as const, reservedOre: 100, rateOre: 10, paidMinutes: 10 };

/** A dialled phone, an app user, staff, a bot and an AI agent with their own reservation, a moved caller's link, a stream, and a test key's bot (in the call at once, virtual). */
const starts = [
  added('phone', 'dialing'),
  added('app', 'waiting'),
  added('staff', 'waiting'),
  added('bot', 'waiting', { charge }),
  added('ai_agent', 'waiting', { charge }),
  added('call', 'waiting'),
  added('stream', 'waiting', { charge: { ...charge, service: 'stream' as const } }),
  added('bot', 'joined', { virtual: true, joinedAt: T0 }),
];

describe('the participant chart (streams included), walked by xstate/graph', () => {
  it('reaches every state and takes every drawn transition over every kind', () => {
    let walked = { states: new Set<string>(), taken: new Set<string>() };
    for (const p of starts) walked = walk(participantMachine as AnyStateMachine, events, p, walked);
    expect([...walked.states].sort()).toEqual(['dialing', 'joined', 'left', 'reconnecting', 'ringing', 'waiting']);
    expect([...walked.taken].sort()).toEqual([...drawnTransitions(participantMachine as AnyStateMachine)].sort());
  });

  it('on every path: left is final, joined is recorded once, left once and last-but-the-slot, the reservation settled and a stream slot given back exactly once', () => {
    for (const start of starts) {
      for (const path of getSimplePaths(participantMachine as AnyStateMachine, { events, input: start })) {
        let p = start;
        const effects: ParticipantEffect[] = [];
        for (const { event } of path.steps.slice(1)) {
          const gone = p.state === 'left';
          const step = stepParticipant(p, event as ParticipantEvent);
          if (gone) expect(step).toEqual({ participant: p, effects: [] });
          effects.push(...step.effects);
          p = step.participant;
        }
        expect(p.state).toBe(path.state.value);
        const count = (type: ParticipantEffect['type'], eventType?: string) => effects.filter((e) => e.type === type && (eventType === undefined || (e as { eventType?: string }).eventType === eventType)).length;
        expect(count('record', 'call.participant.joined')).toBeLessThanOrEqual(start.state === 'joined' ? 0 : 1);
        if (p.state !== 'left') {
          expect(count('record', 'call.participant.left') + count('settle') + count('releaseSlot') + count('removeLeg')).toBe(0);
          continue;
        }
        expect(count('record', 'call.participant.left')).toBe(1);
        expect(count('settle')).toBe(p.charge === null ? 0 : 1);
        expect(count('releaseSlot')).toBe(p.kind === 'stream' ? 1 : 0);
        // The node is told to drop the leg unless it reported it gone itself, and never for a leg it never had.
        const last = path.steps.at(-1)!.event as ParticipantEvent;
        expect(count('removeLeg')).toBe(last.type === 'gone' || p.virtual ? 0 : 1);
        expect(effects.findLast((e) => e.type !== 'releaseSlot')).toEqual({ type: 'record', eventType: 'call.participant.left', reason: p.leftReason });
      }
    }
  });

  it('an app user that drops may come back within the grace; a bot that drops has left', () => {
    const app = stepParticipant(added('app', 'joined', { joinedAt: T0 }), { type: 'disconnected', clean: false, at: T0 + 1_000 });
    expect(app.participant.state).toBe('reconnecting');
    expect(app.effects).toEqual([{ type: 'setTimer', kind: 'grace', fireAt: T0 + 61_000 }]);
    const bot = stepParticipant(added('bot', 'joined', { joinedAt: T0 }), { type: 'disconnected', clean: false, at: T0 + 1_000 });
    expect(bot.participant).toMatchObject({ state: 'left', leftReason: 'disconnected' });
  });
});
