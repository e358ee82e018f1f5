import { createMachine, emit } from 'xstate';
import { describe, expect, it } from 'vitest';
import { plainStepper, stepStored } from '../../shared/machines/machine-step.js';
import { BASE_MOVES, messageMachine, type MessageEvent } from '../../control/messaging/message-machine.js';
import { messageChannels } from '../../control/messaging/channels/channel-registry.js';

// Each channel's moves as documented (docs/messaging.md, docs/sms.md, docs/email.md, docs/letters.md).
const EXPECTED = {
  sms: {
    scheduled: { due: 'accepted', cancel: 'canceled', expire: 'expired', fail: 'failed' },
    accepted: { claim: 'sending', expire: 'expired', fail: 'failed' },
    sending: { submitted: 'sent', refused: 'rejected', retry: 'accepted', unknownOutcome: 'failed' },
    sent: { 'receipt:delivered': 'delivered', 'receipt:undelivered': 'undelivered', 'receipt:expired': 'expired', 'receipt:rejected': 'rejected' },
  },
  email: {
    scheduled: { due: 'accepted', cancel: 'canceled', expire: 'failed', fail: 'failed' },
    accepted: { claim: 'sending', expire: 'failed', fail: 'failed' },
    sending: { submitted: 'sent', refused: 'bounced', retry: 'accepted', unknownOutcome: 'failed' },
    sent: { 'receipt:delivered': 'delivered', 'receipt:undelivered': 'bounced', 'receipt:rejected': 'bounced', 'receipt:expired': 'failed' },
  },
  letter: {
    scheduled: { due: 'accepted', cancel: 'canceled', expire: 'failed', fail: 'failed' },
    accepted: { claim: 'sending', expire: 'failed', fail: 'failed' },
    sending: { submitted: 'delivered', 'submitted:print': 'delivered_to_print', refused: 'failed', retry: 'accepted', unknownOutcome: 'failed' },
    delivered: { 'receipt:read': 'read' },
  },
} as const;

const EVENTS: MessageEvent[] = [
  { type: 'due' }, { type: 'claim' }, { type: 'cancel' }, { type: 'expire' },
  { type: 'submitted', carrierRefs: ['r'] }, { type: 'submitted', carrierRefs: ['r'], variant: 'print' },
  { type: 'refused', code: 'c', desc: 'd' }, { type: 'retry', atMs: 1, desc: 'd' }, { type: 'unknownOutcome', desc: 'd' },
  { type: 'fail', code: 'c', desc: 'd' },
  ...(['delivered', 'undelivered', 'expired', 'rejected', 'read'] as const).map((outcome): MessageEvent => ({ type: 'receipt', outcome, desc: null })),
];

describe('message machines', () => {
  it('each channel is the base moves with its overrides', () => {
    for (const [name, moves] of Object.entries(EXPECTED)) expect(messageChannels.get(name as keyof typeof EXPECTED).transitions.moves, name).toEqual(moves);
  });

  it('steps every (state, event) as its moves say, money following the event, and a terminal state sticks', () => {
    for (const name of ['sms', 'email', 'letter'] as const) {
      const machine = messageChannels.get(name).transitions;
      const states = new Set<string>([...Object.keys(EXPECTED[name]), ...Object.values(EXPECTED[name] as Record<string, Record<string, string>>).flatMap((on) => Object.values(on)), 'received']);
      for (const state of states) {
        for (const event of EVENTS) {
          const key = event.type === 'receipt' ? `receipt:${event.outcome}` : event.type === 'submitted' && event.variant ? `submitted:${event.variant}` : event.type;
          const to = (EXPECTED[name] as Record<string, Record<string, string>>)[state]?.[key];
          const money = to === undefined ? null : event.type === 'submitted' ? 'capture' : ['refused', 'cancel', 'expire', 'unknownOutcome', 'fail'].includes(event.type) ? 'release' : null;
          expect(machine.step(state, event), `${name} ${state} ${key}`).toEqual(to === undefined ? null : { state: to, money });
        }
      }
    }
  });

  it('an override replaces keys of a state, adds a state, or removes one', () => {
    const machine = messageMachine({ sending: { refused: 'bounced' }, sent: null, held: { due: 'accepted' } });
    expect(machine.moves.sending).toEqual({ ...BASE_MOVES.sending, refused: 'bounced' });
    expect(machine.moves.sent).toBeUndefined();
    expect(machine.step('held', { type: 'due' })).toEqual({ state: 'accepted', money: null });
    expect(machine.step('sent', { type: 'receipt', outcome: 'delivered', desc: null })).toBeNull();
  });

  it('a state no chart knows moves nowhere (a row from another build)', () => {
    expect(messageChannels.get('sms').transitions.step('archived', { type: 'claim' })).toBeNull();
  });
});

describe('machine steps', () => {
  const chart = createMachine({
    id: 'toy',
    initial: 'a',
    states: {
      a: { on: { go: { target: 'b', actions: [emit({ type: 'left-a' }), emit({ type: 'entered-b' })] }, stay: 'a' } },
      b: { type: 'final' },
    },
  });

  it('the remembered stepper answers what a stored step answers, emitted effects in order', () => {
    const plain = plainStepper<{ type: string }>(chart);
    const stored = stepStored<{ state: string }, { type: string }>(chart, { state: 'a' }, { type: 'go' });
    expect(plain('a', 'go')).toEqual({ state: stored.record.state, effects: stored.effects });
    expect(plain('a', 'go')).toEqual({ state: 'b', effects: [{ type: 'left-a' }, { type: 'entered-b' }] });
  });

  it('an event not taken is null for the stepper and the same record for a stored step', () => {
    expect(plainStepper(chart)('b', 'go')).toBeNull();
    expect(plainStepper(chart)('a', 'nothing')).toBeNull();
    const record = { state: 'b' };
    expect(stepStored(chart, record, { type: 'go' }).record).toBe(record);
  });
});
